import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_LANES, laneDataDir } from './lane.js';

/**
 * The browser tests' server runs with the database connection rules enforced
 * (server/database/connection-discipline.ts): a breach anywhere in the run fails it, even one whose
 * request the page never noticed.
 */
export default function globalTeardown(): void {
  if (!process.env.E2E_DATA_DIR) return;
  const breaches = Array.from({ length: E2E_LANES }, (_, lane) => {
    try {
      return readFileSync(path.join(laneDataDir(lane), 'discipline-breaches.txt'), 'utf8');
    } catch {
      return '';
    }
  }).join('');
  if (breaches) throw new Error(`The server broke the database connection rules during the browser tests:\n${breaches}`);
}
