/**
 * What a kind of fake data is (index.ts lists them in FAKE_DATA and runs them): a module of its own,
 * so each kind's module names the shape it fills without importing the list that imports it.
 */
import type { Faker } from '@faker-js/faker';
import type pg from 'pg';
import type { ApplicationCommands } from '../applications/commands/application-commands.js';

export interface FakeDataContext {
  sql: pg.Client;
  /**
   * The application's commands on the same database (issue 26: the only writer of an application —
   * the fake data's applications are saved through them as an outside system would save them).
   */
  commands(): Promise<ApplicationCommands>;
  /** The day the office is made on (YYYY-MM-DD): trips, periods and payments are placed around it. */
  today: string;
  /** The seeded Russian-locale faker: the same sizes give the same office on every run. */
  faker: Faker;
}

export interface FakeDataKind {
  /** The size's name (`clients`, `staff`, …). */
  name: string;
  /** The main table it fills (vacuumed and analyzed after the fill). */
  table: string;
  /** Adds `count` records after whatever the table holds. */
  fill(context: FakeDataContext, count: number): Promise<void>;
}
