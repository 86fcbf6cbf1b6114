/**
 * The layering check refuses a circle (`no-circular` in .dependency-cruiser.cjs), type-only imports
 * included: `npm run check:layers`, pointed at the fixture (two circles kept outside the folders it
 * scans), fails and names both. Removing the rule, or letting type-only imports through, fails this.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = 'tests/layers/fixture';

/** `depcruise <folders…> --config <file>` of package.json's check:layers, split into its folders and the rest. */
function checkLayersScript() {
  const script: string = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts['check:layers'];
  const [command, ...args] = script.trim().split(/\s+/);
  const firstOption = args.findIndex((arg) => arg.startsWith('-'));
  return { command: command!, folders: args.slice(0, firstOption), options: args.slice(firstOption) };
}

/** The check as npm runs it, on other folders: its exit status and the violations it printed (rule and files of each). */
function checkLayersOn(folders: string[]) {
  const { command, options } = checkLayersScript();
  const bin = `${root}node_modules/.bin/${command}`;
  const run = spawnSync(process.execPath, [bin, ...folders, ...options], { cwd: root, encoding: 'utf8' });
  // The `err` reporter prints each violation as `error <rule>: <from> → <…> → <from>` over a few lines.
  const violations = run.stdout
    .split(/^\s*error /m)
    .slice(1)
    .map((block) => ({ rule: block.slice(0, block.indexOf(':')), files: [...new Set(block.match(/\S+\.ts\b/g))].sort() }));
  return { status: run.status, output: run.stdout + run.stderr, violations };
}

describe('the layering check refuses circles', () => {
  it('keeps its fixture outside the folders it scans, so the app itself passes', () => {
    const { folders } = checkLayersScript();
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(FIXTURE.startsWith(`${folder.replace(/\/$/, '')}/`)).toBe(false);
  });

  it('fails on a circle of runtime imports and on one closed by a type-only import', () => {
    const result = checkLayersOn([FIXTURE]);
    expect(result.status, result.output).not.toBe(0);
    expect(result.violations).toHaveLength(2);
    expect(result.violations).toEqual(
      expect.arrayContaining([
        { rule: 'no-circular', files: [`${FIXTURE}/runtime/left.ts`, `${FIXTURE}/runtime/right.ts`] },
        { rule: 'no-circular', files: [`${FIXTURE}/type-only/kind.ts`, `${FIXTURE}/type-only/kinds.ts`] },
      ]),
    );
  }, 60_000);
});
