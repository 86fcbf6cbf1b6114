/**
 * Serve mode: the API and the renderer in a plain Node process, for a browser at
 * http://127.0.0.1:8080/ (tests, CI, machines without a desktop). `npm run serve`.
 */
import { startServer } from './bootstrap.js';
import { stopOnSignals } from './stop-on-signals.js';

const server = await startServer({
  port: process.env.PORT ? Number(process.env.PORT) : 8080,
});
console.log(`Back-office is running at ${server.url}/`);

stopOnSignals(() => server.close());
