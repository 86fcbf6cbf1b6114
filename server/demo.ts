/**
 * `npm run demo`: the app in serve mode on a demo database of its own (DATA_DIR, default the app's
 * data folder with `-demo`), filled on its first start by the fake-data generator with a living
 * office — cities, staff, thousands of clients, agencies with their employees, hotels with rooms and
 * price periods, vehicle types, bus transports with departures and booked seats — so a newcomer can
 * click through real-looking lists, the seat dashboard and the schedules, and applications of every
 * type with their seats and totals. Later starts reuse the
 * folder as it was left (its bookings stay where they were as the days pass).
 */
import path from 'node:path';
import pg from 'pg';
import { startServer } from './bootstrap.js';
import { stopOnSignals } from './stop-on-signals.js';
import { defaultDataDir } from './config.js';
import { startEmbeddedDatabase } from './database/embedded-database.js';
import { fillFakeData, type FakeDataSizes } from './fake-data/index.js';
import { FAKE_STAFF_PASSWORD } from './fake-data/staff.js';

const DEMO_ADMIN = { email: 'admin@demo-office.ru', password: 'demo-admin-password' };
const DEMO_SIZES: FakeDataSizes = { cities: 120, staff: 25, clients: 5_000, agencies: 150, hotels: 60, transportations: 4, transports: 25, tours: 12, routes: 40, sea_tours: 15, tour_calculators: 20, tour_services: 40, catalog_sections: 24, applications: 2_000 };

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || `${defaultDataDir()}-demo`);
const database = await startEmbeddedDatabase(dataDir);
const server = await startServer({
  databaseUrl: database.url,
  port: process.env.PORT ? Number(process.env.PORT) : 8080,
  env: { ...process.env, DATABASE_URL: '', ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password },
});

const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
try {
  const [{ filled }] = (await sql.query<{ filled: boolean }>('SELECT EXISTS (SELECT 1 FROM clients) AS filled')).rows as [{ filled: boolean }];
  if (!filled) {
    console.log(`Filling the demo office in ${dataDir}…`);
    await fillFakeData(sql, DEMO_SIZES, (line) => console.log(`  ${line}`));
  }
  const [manager] = (await sql.query<{ email: string }>('SELECT email FROM users WHERE role = 3 AND is_active ORDER BY id LIMIT 1')).rows;
  console.log(`Demo back-office: ${server.url}/  (data in ${dataDir})`);
  console.log(`  administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  if (manager) console.log(`  a manager:     ${manager.email} / ${FAKE_STAFF_PASSWORD}`);
} finally {
  await sql.end();
}

stopOnSignals(async () => {
  await server.close();
  await database.stop();
});
