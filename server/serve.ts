/**
 * Serve mode: the API and the renderer in a plain Node process, for a browser at
 * http://127.0.0.1:8080/ (tests, CI, machines without a desktop). `npm run serve`.
 * Prints the time from the process start to a listening server ("ready in … ms").
 */
import { enableCompileCache, sinceProcessStart } from './startup.js';
import { stopOnSignals } from './stop-on-signals.js';

// Before the server's modules load, so their compiled code can come from the cache.
enableCompileCache();
const { startServer } = await import('./bootstrap.js');

const server = await startServer({
  port: process.env.PORT ? Number(process.env.PORT) : 8080,
});
console.log(`Back-office is running at ${server.url}/ (ready in ${sinceProcessStart()} ms)`);

stopOnSignals(() => server.close());
