/**
 * `npm test`: the phases one after another — build, layers, lint, vitest, Playwright — stopping at
 * the first that fails, and at the end (passed or not) each phase's time, so a slow phase shows in
 * every CI log (docs/operations.md records the clean-clone time). A phase is an npm script or a
 * command of the project's own packages, run with the terminal's output as it is.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/** @type {[name: string, command: string, args: string[]][]} */
const PHASES = [
  ['build', 'npm', ['run', 'build']],
  ['layers', 'npm', ['run', 'check:layers']],
  ['lint', 'npm', ['run', 'lint']],
  ['vitest', 'npx', ['vitest', 'run']],
  ['playwright', 'npx', ['playwright', 'test']],
];

/**
 * Runs one command with the terminal's output; resolves with its exit code (a signal counts as 1).
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(0)} s`;
/** @type {[name: string, ms: number][]} */
const times = [];
const load = os.loadavg()[0].toFixed(1);
const started = performance.now();
/** @type {{ name: string, code: number } | null} */
let failed = null;
for (const [name, command, args] of PHASES) {
  const start = performance.now();
  const code = await run(command, args);
  times.push([name, performance.now() - start]);
  if (code !== 0) {
    failed = { name, code };
    break;
  }
}
console.log('\nnpm test, phase times:');
for (const [name, ms] of times) console.log(`  ${name.padEnd(11)} ${seconds(ms).padStart(7)}`);
console.log(`  ${'total'.padEnd(11)} ${seconds(performance.now() - started).padStart(7)}  (${os.availableParallelism()} CPUs; load average ${load} at the start, ${os.loadavg()[0].toFixed(1)} at the end)`);
if (failed) {
  console.log(`  failed at: ${failed.name} (exit code ${failed.code})`);
  process.exit(failed.code);
}
