/**
 * A busy pool is not an outage — but a database that hangs looks busy too (issue 15): after a request
 * found every pooled connection taken, one probe on the probe's own connection (at most every few
 * seconds) decides. These run with fake timers; the HTTP side is server/database/connection-pool.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseAvailability, type AvailabilityEvent } from './database-availability.js';

const running = { ensureRunning: async () => undefined };

afterEach(() => {
  vi.useRealTimers();
});

describe('DatabaseAvailability.noteBusy', () => {
  it('declares an outage when the probe does not answer within 2 s (the database hangs)', async () => {
    vi.useFakeTimers();
    const events: AvailabilityEvent['kind'][] = [];
    const availability = new DatabaseAvailability({ probe: () => new Promise(() => undefined), database: running });
    availability.onChange((event) => events.push(event.kind));
    availability.noteBusy();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(availability.available).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(availability.available).toBe(false);
    expect(events).toEqual(['lost']);
    availability.close();
  });

  it('stays available when the probe answers, and probes at most once every 5 s however many requests are busy', async () => {
    vi.useFakeTimers();
    let probes = 0;
    const availability = new DatabaseAvailability({ probe: async () => void probes++, database: running });
    for (let request = 0; request < 20; request++) availability.noteBusy();
    await vi.advanceTimersByTimeAsync(100);
    expect(probes).toBe(1);
    expect(availability.available).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    availability.noteBusy();
    await vi.advanceTimersByTimeAsync(100);
    expect(probes).toBe(2);
    expect(availability.available).toBe(true);
    availability.close();
  });
});
