/**
 * Keeps anyone from filling the logs table through a failure they can repeat (issue 8): each kind
 * of row (by default level, source and title; the exception filter names one per route and error)
 * is written at most `perKind` times per window, and warnings and errors together at most `total`
 * times per window. What is held back is counted, and the next row of that kind that is written
 * says how many were skipped (`meta.suppressed`), so nothing is hidden from whoever reads /logs.
 *
 * Per process, in memory: a flood is stopped where it arrives; several office PCs on one central
 * database each keep their own small allowance.
 */
export interface LogRateLimits {
  /** Rows of one kind per window. */
  perKind: number;
  /** Warning-and-worse rows of all kinds per window. */
  total: number;
  windowMs: number;
}

export const LOG_RATE_LIMITS: LogRateLimits = { perKind: 5, total: 60, windowMs: 60_000 };

interface Window {
  startedAt: number;
  written: number;
  suppressed: number;
}

/** Kinds remembered at most; past it, windows that have ended are forgotten. */
const MAX_KINDS = 1000;

export class LogRateLimiter {
  private readonly kinds = new Map<string, Window>();
  private severe: Window = { startedAt: 0, written: 0, suppressed: 0 };

  constructor(
    private readonly limits: LogRateLimits = LOG_RATE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether a row of `kind` may be written now; when it may, how many rows of the kind were held
   * back since the last one written. `severe`: a warning or worse, also counted against `total`.
   */
  admit(kind: string, severe: boolean): { admitted: false } | { admitted: true; suppressed: number } {
    const now = this.now();
    const window = this.windowOf(kind, now);
    if (severe && now - this.severe.startedAt >= this.limits.windowMs) this.severe = { startedAt: now, written: 0, suppressed: 0 };
    if (window.written >= this.limits.perKind || (severe && this.severe.written >= this.limits.total)) {
      window.suppressed++;
      return { admitted: false };
    }
    window.written++;
    if (severe) this.severe.written++;
    const suppressed = window.suppressed;
    window.suppressed = 0;
    return { admitted: true, suppressed };
  }

  private windowOf(kind: string, now: number): Window {
    let window = this.kinds.get(kind);
    if (window && now - window.startedAt >= this.limits.windowMs) {
      // A new window; what the last one held back is still reported by the next row written.
      window = { startedAt: now, written: 0, suppressed: window.suppressed };
      this.kinds.set(kind, window);
    }
    if (!window) {
      // A flood of distinct kinds: the oldest is forgotten (the `total` cap still holds for them all).
      if (this.kinds.size >= MAX_KINDS) this.kinds.delete(this.kinds.keys().next().value!);
      window = { startedAt: now, written: 0, suppressed: 0 };
      this.kinds.set(kind, window);
    }
    return window;
  }
}
