/** Helpers of `npm start` (main/start.ts): find the Electron binary, describe serve mode. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Electron executable when the runtime is really installed, else null.
 * In plain Node, `require('electron')` returns the binary's path, or throws when the download of
 * the binary failed (no path.txt); a path to a missing file counts as not installed too.
 */
export function findElectronBinary(
  requireElectron: () => unknown = () => createRequire(import.meta.url)('electron'),
  exists: (file: string) => boolean = existsSync,
): string | null {
  try {
    const binary = requireElectron();
    return typeof binary === 'string' && binary !== '' && exists(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Where serve mode listens: HOST/PORT from the environment, default 127.0.0.1:8080. */
export function serveModeUrl(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.HOST || '127.0.0.1';
  const port = env.PORT || '8080';
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${hostPart}:${port}/`;
}

/** The one line `npm start` prints when it falls back to serve mode. */
export function fallbackMessage(env: NodeJS.ProcessEnv = process.env): string {
  return `Electron runtime is not installed here; starting serve mode instead at ${serveModeUrl(env)}`;
}
