/**
 * One generator of fake data (docs/performance.md "Demo and bench data") for the demo (`npm run demo`) and the
 * bench (`npm run bench`): a Russian tour operator's office with the Russian locale of
 * @faker-js/faker. Each kind of record is a module here (hotels with their handbooks, vehicle types,
 * bus transports with their departures and seat bookings); tours and applications add theirs and one
 * line in FAKE_DATA (kind.ts says what a kind is). Kinds run in the order listed (a kind may use the rows of earlier ones).
 */
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { ApplicationsService } from '../applications/applications.service.js';
import { ApplicationCommands } from '../applications/commands/application-commands.js';
import { createDataSource } from '../database/data-source.js';
import { agenciesKind } from './agencies.js';
import { applicationsKind } from './applications.js';
import { catalogSectionsKind } from './catalog-sections.js';
import { clientsKind } from './clients.js';
import { geographyKind } from './geography.js';
import { hotelsKind } from './hotels.js';
import type { FakeDataKind } from './kind.js';
import { seaToursKind } from './sea-tours.js';
import { tourCalculatorsKind } from './tour-calculators.js';
import { staffKind } from './staff.js';
import { tourServicesKind } from './tour-services.js';
import { transportationsKind } from './transportations.js';
import { toursKind } from './tours.js';
import { transportsKind } from './transports.js';
import { tourRoutesKind } from './tour-routes.js';
import { seededFaker } from './vocabulary.js';
import { todayIso } from '../../shared/transport/constants.js';

export const FAKE_DATA: FakeDataKind[] = [geographyKind, staffKind, clientsKind, agenciesKind, hotelsKind, transportationsKind, transportsKind, tourServicesKind, toursKind, tourRoutesKind, seaToursKind, tourCalculatorsKind, catalogSectionsKind, applicationsKind];

export type FakeDataSizes = Partial<Record<string, number>>;

/**
 * Fills every kind with a size; then VACUUM ANALYZE, as autovacuum would, so plans and index-only scans are as in a lived-in database.
 * `today` places the office in time (the demo and bench: this day; a test: any day of the year).
 */
export async function fillFakeData(sql: pg.Client, sizes: FakeDataSizes, log: (line: string) => void = () => undefined, today = todayIso()): Promise<void> {
  const faker = seededFaker();
  // The application's commands on a data source of their own (the server's code runs on TypeORM),
  // opened on the same database the first time a kind asks for them.
  let source: DataSource | null = null;
  let commands: ApplicationCommands | null = null;
  const openCommands = async () => {
    if (!commands) {
      source = createDataSource(`postgres://${encodeURIComponent(sql.user ?? '')}:${encodeURIComponent(String(sql.password ?? ''))}@${sql.host}:${sql.port}/${sql.database}`, { poolSize: 2 });
      await source.initialize();
      commands = new ApplicationCommands(source, new ApplicationsService(source));
    }
    return commands;
  };
  try {
    for (const kind of FAKE_DATA) {
      const count = sizes[kind.name] ?? 0;
      if (count <= 0) continue;
      const started = performance.now();
      await kind.fill({ sql, faker, commands: openCommands, today }, count);
      await sql.query(`VACUUM ANALYZE ${kind.table}`);
      log(`${kind.name}: ${count.toLocaleString('ru-RU')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await (source as DataSource | null)?.destroy();
  }
}
