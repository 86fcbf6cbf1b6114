/**
 * Start-up: what `npm run serve` runs after its build (read from package.json), on a fresh data
 * folder and then on the same folder again (a warm start), timed from spawn to the first 200 of
 * /api/health (informs; the latest figures in docs/bench-targets.md); and the import of the
 * bundled server's module graph, against issue 9's target of 150 ms.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../database/embedded-database.js';
import type { BenchRow, BenchScenario } from '../context.js';

const WARM_STARTS = 3;
const IMPORTS = 5;
/** Issue 9: importing the server's module graph under 150 ms. */
const IMPORT_TARGET_MS = 150;

/**
 * Wall and CPU milliseconds a fresh Node takes to import the bundled server (`dist/server/bootstrap.js`,
 * what serve mode and the desktop app import first), measured inside that Node.
 */
async function importTime(root: string): Promise<{ wall: number; cpu: number }> {
  const script = `const cpu = process.cpuUsage(); const t = performance.now();
    await import(${JSON.stringify(path.join(root, 'dist', 'server', 'bootstrap.js'))});
    const used = process.cpuUsage(cpu); process.stdout.write(JSON.stringify({ wall: performance.now() - t, cpu: (used.user + used.system) / 1000 }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`importing the server failed (${code}): ${err}`);
  return JSON.parse(out) as { wall: number; cpu: number };
}

/** `node dist/server/serve.js` out of `npm run build && node dist/server/serve.js`. */
function serveCommand(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const last = scripts.serve!.split('&&').map((part) => part.trim()).filter((part) => part.startsWith('node ')).pop();
  if (!last) throw new Error(`Cannot tell what "npm run serve" runs: ${scripts.serve}`);
  return last.split(/\s+/);
}

async function timeToReady(command: string[], root: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0] === 'node' ? process.execPath : command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status === 200, () => false);
      if (ok) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error(`serve was not ready in 2 minutes: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export const startupScenario: BenchScenario = {
  name: 'start-up',
  stage: 'full',
  async run() {
    const root = process.cwd();
    const command = serveCommand(root);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-bench-start-'));
    try {
      const first = await timeToReady(command, root, dataDir);
      const warm: number[] = [];
      for (let run = 0; run < WARM_STARTS; run++) warm.push(await timeToReady(command, root, dataDir));
      warm.sort((a, b) => a - b);
      const imports: { wall: number; cpu: number }[] = [];
      for (let run = 0; run < IMPORTS; run++) imports.push(await importTime(root));
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const importWall = median(imports.map((one) => one.wall));
      const rows: BenchRow[] = [
        {
          scenario: `start-up: importing the server's modules (median of ${IMPORTS})`,
          target: `< ${IMPORT_TARGET_MS} ms`,
          met: importWall < IMPORT_TARGET_MS,
          note: `${importWall.toFixed(0)} ms (CPU ${median(imports.map((one) => one.cpu)).toFixed(0)} ms)`,
        },
        { scenario: `start-up: \`${command.join(' ')}\`, new data folder`, target: 'informs', met: null, note: `${(first / 1000).toFixed(2)} s to /api/health` },
        {
          scenario: `start-up: same folder again (median of ${WARM_STARTS})`,
          target: 'informs',
          met: null,
          note: `${(warm[Math.floor(warm.length / 2)]! / 1000).toFixed(2)} s (${warm.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`,
        },
      ];
      return rows;
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  },
};
