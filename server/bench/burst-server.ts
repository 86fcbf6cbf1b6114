/**
 * The server of the sign-in burst scenario (scenarios/login-burst.ts), in a process of its own as
 * the office's browsers are not in the server's process either: `node burst-server.js <database url>`.
 * Tells its URL to the parent, and on each message answers the event-loop delay (p99, max in ms)
 * since the previous one; SIGTERM stops it.
 */
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startServer } from '../bootstrap.js';

const server = await startServer({ databaseUrl: process.argv[2], port: 0, rendererDir: path.join(os.tmpdir(), 'backoffice-bench-no-renderer'), env: {} });
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', () => {
  process.send!({ p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 });
  delay.reset();
});
process.send!({ url: server.url });
