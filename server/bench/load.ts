/**
 * The bench's HTTP clients, on a worker thread of their own: the server under test keeps the main
 * thread's event loop to itself, as it would in the app, and the clients' parsing does not count
 * as server time. `concurrency` clients send requests back to back over keep-alive connections. The
 * worker's code is a plain script (below), so it runs the same from sources and from the bundle.
 * A plan may send writes (a POST or PUT with JSON bodies in turn) instead, signed with the XSRF token.
 */
import { Worker } from 'node:worker_threads';

/** The header that names a bench request, so its statements can be told apart (db-time.ts). */
export const BENCH_ID_HEADER = 'x-bench-id';

export interface LoadPlan {
  baseUrl: string;
  cookie: string;
  /** Paths to request in turn (each client starts at its own offset). */
  paths: string[];
  concurrency: number;
  /** Timed requests in all (split among the clients), after `warmup` untimed ones per client. */
  requests: number;
  warmup: number;
  /** Prefix of each request's x-bench-id. */
  id: string;
  /** A write instead of GETs: the method, the JSON bodies sent in turn with `paths`, and the XSRF token. */
  write?: { method: 'POST' | 'PUT'; bodies: string[]; xsrf: string };
}

export interface LoadResult {
  /** Per timed request: its id and milliseconds from sending to the last byte. */
  timings: { id: string; ms: number; status: number; bytes: number }[];
}

const WORKER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort, workerData: plan } = require('node:worker_threads');

function send(agent, url, id, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { cookie: plan.cookie, '${BENCH_ID_HEADER}': id, accept: 'application/json' };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-xsrf-token': plan.write.xsrf });
    const request = http.request(url, { agent, method: body === undefined ? 'GET' : plan.write.method, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode || 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function run() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.concurrency });
  const timings = [];
  const perClient = Math.ceil(plan.requests / plan.concurrency);
  await Promise.all(Array.from({ length: plan.concurrency }, async (_, client) => {
    for (let n = 0; n < plan.warmup + perClient; n++) {
      const turn = (client + n) % plan.paths.length;
      const path = plan.paths[turn];
      const id = plan.id + ':' + client + ':' + n;
      const body = plan.write ? plan.write.bodies[turn % plan.write.bodies.length] : undefined;
      const result = await send(agent, new URL(path, plan.baseUrl), n < plan.warmup ? 'warmup:' + id : id, body);
      if (result.status !== 200) throw new Error((plan.write ? plan.write.method : 'GET') + ' ' + path + ' answered ' + result.status);
      if (n >= plan.warmup) timings.push({ id, ...result });
    }
  }));
  agent.destroy();
  return { timings };
}

run().then((result) => parentPort.postMessage({ result }), (error) => parentPort.postMessage({ error: String(error) }));
`;

/** Runs a plan on a worker thread. */
export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: plan });
    worker.once('message', (message: { result?: LoadResult; error?: string }) => (message.error ? reject(new Error(message.error)) : resolve(message.result!)));
    worker.once('error', reject);
  });
}
