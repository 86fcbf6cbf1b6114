import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HealthTimeoutError, healthUrlOf, waitForHealth } from './health.js';

describe('waitForHealth', () => {
  it('builds /api/health from the server URL with or without a trailing slash', () => {
    expect(healthUrlOf('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000/api/health');
    expect(healthUrlOf('http://127.0.0.1:5000/')).toBe('http://127.0.0.1:5000/api/health');
  });

  it('keeps polling until the server answers 200, asking only for /api/health', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(seen.length < 4 ? 503 : 200).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, { timeoutMs: 5_000, intervalMs: 10 });
      expect(seen).toEqual(Array(4).fill('GET /api/health'));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives up with HealthTimeoutError when nothing listens', async () => {
    // Find a port that is free by opening and closing a server on it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const started = Date.now();
    const error = await waitForHealth(`http://127.0.0.1:${port}`, { timeoutMs: 300, intervalMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HealthTimeoutError);
    expect((error as HealthTimeoutError).healthUrl).toBe(`http://127.0.0.1:${port}/api/health`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports the server\'s last answer (HTTP 500), not the abort of an attempt the deadline cut short', async () => {
    let calls = 0;
    // The first answer is a 500; the next attempt hangs until the deadline aborts it.
    const fetch = ((_url: string, init?: RequestInit) => {
      calls++;
      if (calls === 1) return Promise.resolve(new Response('', { status: 500 }));
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    }) as typeof globalThis.fetch;
    const error = await waitForHealth('http://127.0.0.1:1', { timeoutMs: 300, intervalMs: 10, fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HealthTimeoutError);
    expect((error as Error).message).toContain('HTTP 500');
    expect(calls).toBe(2);
  });
});
