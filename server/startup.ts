/**
 * Start-up helpers of the two entries, serve mode (server/serve.ts) and the desktop app
 * (main/main.ts). Kept tiny and free of heavy imports: both run before the server's modules load.
 */
import nodeModule from 'node:module';

/** Milliseconds since this process started: the "ready in" that `npm run serve` and `npm start` print. */
export function sinceProcessStart(): number {
  return Math.round(performance.now());
}

/**
 * Keeps V8's compiled code of the bundles on disk, so later starts skip most of the parsing
 * (`module.enableCompileCache`, Node ≥ 22.1, which Electron 40 has). Node 20 has no such API: then
 * nothing happens. Call it before importing the server; `directory` defaults to NODE_COMPILE_CACHE or
 * a folder in the OS temp directory.
 */
export function enableCompileCache(directory?: string): void {
  const enable = (nodeModule as { enableCompileCache?: (directory?: string) => unknown }).enableCompileCache;
  try {
    enable?.(directory);
  } catch {
    // An unwritable folder only costs the speed-up.
  }
}
