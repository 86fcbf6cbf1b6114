/**
 * Every aggregate declaration agrees with the migrated schema: each column it writes or reads (its
 * own, its read-only ones, those of the rows it references) exists with the declared SQL type, and
 * takes NULL exactly when the declaration says `?`. The stored rows' TypeScript types come from the
 * declarations (server/common/aggregate/declaration.ts), so this is what keeps those types true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_AGGREGATE } from './applications/aggregate/declaration.js';
import { CATALOG_SECTION_AGGREGATE } from './catalog-sections/catalog-section.aggregate.js';
import { isNullable, sqlType, type AggregateDeclaration, type CollectionDeclaration, type ColumnTypes, type LinkListDeclaration, type ReadReferences } from './common/aggregate/declaration.js';
import { HOTEL_AGGREGATE } from './hotels/hotel.aggregate.js';
import { SEA_TOUR_AGGREGATE } from './sea-tours/sea-tour.aggregate.js';
import { createTestDatabase, type TestDatabase } from './test/test-app.js';
import { TOUR_CALCULATOR_AGGREGATE } from './tour-calculators/tour-calculator.aggregate.js';
import { TOUR_ROUTE_AGGREGATE } from './tour-routes/tour-route.aggregate.js';
import { TOUR_SERVICE_AGGREGATE } from './tour-services/tour-service.aggregate.js';
import { TOUR_AGGREGATE } from './tours/tour.aggregate.js';
import { TRANSPORT_AGGREGATE } from './transports/transport.aggregate.js';

const AGGREGATES: Record<string, AggregateDeclaration> = {
  applications: APPLICATION_AGGREGATE,
  catalog_sections: CATALOG_SECTION_AGGREGATE,
  hotels: HOTEL_AGGREGATE,
  sea_tours: SEA_TOUR_AGGREGATE,
  tour_routes: TOUR_ROUTE_AGGREGATE,
  tour_calculators: TOUR_CALCULATOR_AGGREGATE,
  tour_services: TOUR_SERVICE_AGGREGATE,
  tours: TOUR_AGGREGATE,
  transports: TRANSPORT_AGGREGATE,
};

/** information_schema's `udt_name` of each declarable SQL type. */
const UDT = { smallint: 'int2', integer: 'int4', numeric: 'numeric', boolean: 'bool', varchar: 'varchar', text: 'text', date: 'date', time: 'time', timestamptz: 'timestamptz', jsonb: 'jsonb', 'smallint[]': '_int2', 'integer[]': '_int4' };

/** `table.column` → `udt_name` with `?` when nullable, for each column the declaration names. */
function declared(declaration: AggregateDeclaration): Record<string, string> {
  const columns: Record<string, string> = {};
  const add = (table: string, types: ColumnTypes = {}) => {
    for (const [column, type] of Object.entries(types)) columns[`${table}.${column}`] = UDT[sqlType(type)] + (isNullable(type) ? '?' : '');
  };
  const references = (found: ReadReferences = {}) => Object.values(found).forEach((reference) => add(reference.table, reference.columns));
  const level = (table: string, level: { columns: ColumnTypes; readOnly?: ColumnTypes; references?: ReadReferences }, parentColumn?: string) => {
    add(table, level.columns);
    add(table, level.readOnly);
    if (parentColumn) add(table, { [parentColumn]: 'integer' });
    references(level.references);
  };
  const children = (collections: Readonly<Record<string, CollectionDeclaration>> = {}, links: Readonly<Record<string, LinkListDeclaration>> = {}) => {
    for (const link of Object.values(links)) level(link.table, link, link.parentColumn);
    for (const collection of Object.values(collections)) {
      level(collection.table, collection, collection.parentColumn);
      add(collection.table, { id: 'integer' });
      children(collection.collections, collection.links);
    }
  };
  level(declaration.table, declaration);
  add(declaration.table, { id: 'integer', version: 'integer' });
  children(declaration.collections, declaration.links);
  return columns;
}

let db: TestDatabase;
let schema: Map<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  const rows = await db.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: 'YES' | 'NO' }>(
    `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  schema = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row.udt_name + (row.is_nullable === 'YES' ? '?' : '')]));
});
afterAll(async () => {
  await db?.drop();
});

describe('aggregate declarations against the migrated schema', () => {
  it.each(Object.keys(AGGREGATES))('%s: every declared column has its declared type and nullability', (key) => {
    const columns = declared(AGGREGATES[key]!);
    const stored = Object.fromEntries(Object.keys(columns).map((column) => [column, schema.get(column) ?? 'missing']));
    expect(stored).toEqual(columns);
  });
});
