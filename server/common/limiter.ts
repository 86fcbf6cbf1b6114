/**
 * Runs async tasks at most `concurrency` at a time, the others waiting in line in the order they
 * came. Used where a flood must wait its turn instead of taking everything: password checks
 * (server/auth/passwords.ts) and the sign-in throttle's database calls.
 */
export function createLimiter(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line, so `running` stays counted for it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
