/**
 * `npm start` (node dist/main/start.js after the build).
 * With the Electron runtime installed: runs `electron .` on the project root and exits with its code.
 * Without it (machines where the binary could not be downloaded): says so in one line and runs the
 * same app headless in serve mode (server/serve.ts, HOST/PORT, default 127.0.0.1:8080).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fallbackMessage, findElectronBinary } from './electron-runtime.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const electron = findElectronBinary();

if (electron) {
  const env = { ...process.env };
  // Inherited from some tools; it would make Electron behave as plain Node and ignore the app.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electron, [projectRoot], { stdio: 'inherit', env, windowsHide: false });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!child.killed) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error(`Could not start Electron (${electron}):`, error.message);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 1 : 0));
  });
} else {
  console.log(fallbackMessage());
  // server/serve.js starts the server on HOST/PORT when imported.
  await import('../server/serve.js');
}
