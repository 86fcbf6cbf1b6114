/**
 * The probe's deadline counts an answer that arrived while the event loop was held (issue 37: during
 * eight exports `/api/health` once answered 500 — its `SELECT 1` had answered, but the timer ran first).
 */
import { inject, describe, expect, it } from 'vitest';
import { ProbeConnection } from './probe-connection.js';

describe('ProbeConnection', () => {
  it('takes the answer that waited behind a held event loop past the deadline as an answer', async () => {
    const probe = new ProbeConnection(inject('testDatabaseUrl'), 200);
    try {
      await probe.probe(); // connected; the next probe is one round trip
      const answered = probe.probe();
      // The loop is held past the deadline while the answer arrives on the socket.
      const until = performance.now() + 400;
      while (performance.now() < until);
      await expect(answered).resolves.toBeUndefined();
    } finally {
      await probe.close();
    }
  });

  it('still fails when no answer comes within the deadline', async () => {
    const probe = new ProbeConnection('postgres://nobody@10.255.255.1:5432/none', 100);
    await expect(probe.probe()).rejects.toThrow();
  });
});
