/** Waits until the in-process API server answers `GET /api/health` with 200. */

export interface WaitForHealthOptions {
  /** Give up after this long (ms). The first start of the embedded database can take a while. */
  timeoutMs?: number;
  /** Pause between attempts (ms). */
  intervalMs?: number;
  /** Limit of one attempt (ms), so a connection that hangs does not eat the whole budget. */
  attemptTimeoutMs?: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

export class HealthTimeoutError extends Error {
  constructor(
    readonly healthUrl: string,
    readonly timeoutMs: number,
    readonly lastProblem: string,
  ) {
    const budget = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    super(`The server did not answer GET ${healthUrl} with 200 within ${budget} (last: ${lastProblem})`);
    this.name = 'HealthTimeoutError';
  }
}

/** `<baseUrl>/api/health`, whether or not the base URL ends with a slash. */
export function healthUrlOf(baseUrl: string): string {
  return new URL('/api/health', baseUrl).href;
}

export async function waitForHealth(baseUrl: string, options: WaitForHealthOptions = {}): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 200, attemptTimeoutMs = 5_000, fetch = globalThis.fetch } = options;
  const url = healthUrlOf(baseUrl);
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no attempt made';
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new HealthTimeoutError(url, timeoutMs, lastProblem);
    // An attempt cut short by the overall deadline says nothing new about the server.
    const cutByDeadline = remaining < attemptTimeoutMs;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.min(attemptTimeoutMs, remaining)) });
      // Drain the body so the connection is released.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      // Keep the server's last answer (an HTTP 500) rather than the deadline's own abort.
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      if (!(timedOut && cutByDeadline && lastProblem.startsWith('HTTP '))) lastProblem = error instanceof Error ? error.message : String(error);
    }
    const pause = Math.min(intervalMs, deadline - Date.now());
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
