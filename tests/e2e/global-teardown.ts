import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser tests' server runs with the database connection rules enforced
 * (server/database/connection-discipline.ts): a breach anywhere in the run fails it, even one whose
 * request the page never noticed.
 */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return;
  let breaches: string;
  try {
    breaches = readFileSync(path.join(dataDir, 'discipline-breaches.txt'), 'utf8');
  } catch {
    return;
  }
  if (breaches) throw new Error(`The server broke the database connection rules during the browser tests:\n${breaches}`);
}
