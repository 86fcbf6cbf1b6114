/**
 * The browser tests run in lanes (playwright.config.ts): as many workers as lanes, and each lane its
 * own server on its own embedded database, so two spec files running at once never see each other's
 * rows. A worker's lane is its parallel index (Playwright gives two workers running at once two
 * different ones, and a worker started again after a failure the index of the one it replaces); the
 * runner process itself counts as lane 0.
 */
import path from 'node:path';

/**
 * Lanes (workers) at once; 1 (the default) runs every file one after another on one server. Two lanes
 * pass only when no spec file leans on rows another file made: on 2026-12-08 analytics.spec.ts (a city
 * needs a country some earlier file added) and picker.spec.ts failed in a two-lane run, so the default
 * stays 1 until the specs arrange all they need (issue 38).
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 1));

/** The first lane's server port; each lane takes two: its server, then the Vite server of the test fixtures. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 18181);

/** This process's lane. */
export const LANE = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const serverPort = (lane: number): number => E2E_BASE_PORT + 2 * lane;
export const fixturesPort = (lane: number): number => serverPort(lane) + 1;

/** A lane's data folder (its server's DATA_DIR, its embedded PostgreSQL inside), under the run's E2E_DATA_DIR. */
export function laneDataDir(lane: number = LANE): string {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return path.join(root, `lane-${lane}`);
}
