/**
 * /api/health answers 200 or 503, never 500 (issue 37: under eight exports it once answered 500 — a
 * probe failed, the exception filter's own probe then answered, so no outage was declared).
 */
import { describe, expect, it } from 'vitest';
import { HealthController } from './health.controller.js';

function controller(answers: boolean[]) {
  const marked: unknown[] = [];
  const probe = {
    probe: async () => {
      if (!answers.shift()) throw new Error('no answer within 2000 ms');
    },
  };
  const availability = { markUnavailable: (reason: unknown) => void marked.push(reason) };
  return { health: new HealthController(probe, availability), marked };
}

describe('GET /api/health', () => {
  it('a probe that failed once and answers on a new connection is ok, and no outage is declared', async () => {
    const { health, marked } = controller([false, true]);
    await expect(health.health()).resolves.toEqual({ status: 'ok' });
    expect(marked).toEqual([]);
  });

  it('two failed probes are an outage: marked down before the error reaches the filter (its 503)', async () => {
    const { health, marked } = controller([false, false]);
    await expect(health.health()).rejects.toThrow('no answer within 2000 ms');
    expect(marked).toHaveLength(1);
  });
});
