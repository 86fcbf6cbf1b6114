/**
 * `npm run verify-history`: walks the applications' history chains (server/applications/history-chain.ts)
 * on the central database (DATABASE_URL) or the embedded one in the data folder (DATA_DIR, default the
 * app's) — run it while the app is stopped when the database is embedded. Prints the rows checked, or
 * names the first row that does not match (or the chain that does not end at its head) and exits with 1.
 */
import pg from 'pg';
import { verifyHistoryChain } from './applications/history-chain.js';
import { readConfig } from './config.js';
import { centralDatabase, startEmbeddedDatabase } from './database/embedded-database.js';

const config = readConfig();
const database = config.databaseUrl ? centralDatabase(config.databaseUrl) : await startEmbeddedDatabase(config.dataDir);
const client = new pg.Client({ connectionString: database.url });
try {
  await client.connect();
  const { checked, broken } = await verifyHistoryChain(async (sql, params) => (await client.query(sql, params)).rows);
  if (broken) {
    const where = broken.id === null ? `заявка ${broken.application_id}` : `запись ${broken.id} (заявка ${broken.application_id}, №${broken.seq} в цепочке)`;
    console.error(`История нарушена: ${where} — ${broken.reason}. Проверено записей: ${checked}.`);
    process.exitCode = 1;
  } else {
    console.log(`История цела: проверено записей ${checked}.`);
  }
} finally {
  await client.end();
  await database.stop();
}
