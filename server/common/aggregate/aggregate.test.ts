/**
 * The aggregate machinery itself (server/common/aggregate), on a small throwaway declaration of its
 * own: a box with compartments (each with items) and labels, and an outside table that uses
 * compartments. What every editor relies on: statements per save do not grow with rows, children
 * diffed by id, refusals as 422s on indexed paths, the removal of a child in use refused, a stale
 * version answered 409 with the current aggregate, nothing half-saved, and the removal of a whole
 * aggregate (404, 403 when PostgreSQL's non-cascading keys refuse it, the uploads it held let go).
 */
import type { HttpException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { versionedTableSql } from '../../../migrations/versioning.js';
import { createDataSource } from '../../database/data-source.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import { ValidationFailed } from '../http/errors.js';
import { VersionConflict } from '../version.js';
import { defineAggregate, namedReference, narrow, type AggregateNode, type StoredAggregate } from './declaration.js';
import { readAggregates } from './aggregate-store.js';
import { readLookups, type LookupRow } from './lookups.js';
import { removeAggregate } from './remove-aggregate.js';
import { observeAggregateStatements, saveAggregate } from './save-aggregate.js';

const BOXES = defineAggregate({
  table: 'test_boxes',
  columns: { name: 'varchar', cover: 'varchar?' },
  uploads: ['cover'],
  collections: {
    compartments: {
      table: 'test_compartments',
      parentColumn: 'box_id',
      columns: { position: 'smallint', name: 'varchar', capacity: 'integer', code: 'varchar?' },
      orderBy: 'position, id',
      collections: {
        items: { table: 'test_items', parentColumn: 'compartment_id', columns: { position: 'smallint', title: 'varchar', picture: 'varchar?' }, orderBy: 'position, id', uploads: ['picture'] },
      },
    },
  },
  links: { labels: { table: 'test_box_labels', parentColumn: 'box_id', columns: { position: 'smallint', text: 'varchar', sticker: 'varchar?' }, orderBy: 'position', uploads: ['sticker'] } },
});

interface BoxForm {
  id?: number;
  version?: number;
  name: string;
  /** Upload paths (the declaration's `uploads`): the box's cover, an item's picture, a label's sticker. */
  cover?: string | null;
  compartments: { id?: number; name: string; capacity: number; code?: string | null; items: { id?: number; title: string; picture?: string | null }[] }[];
  labels: string[];
  stickers?: (string | null)[];
}

const node = (form: BoxForm): AggregateNode => ({
  id: form.id ?? null,
  path: '',
  values: { name: form.name, cover: form.cover ?? null },
  collections: {
    compartments: form.compartments.map((compartment, index) => ({
      id: compartment.id ?? null,
      path: `compartments.${index}`,
      values: { position: index, name: compartment.name, capacity: compartment.capacity, code: compartment.code ?? null },
      collections: { items: compartment.items.map((item, position) => ({ id: item.id ?? null, path: `compartments.${index}.items.${position}`, values: { position, title: item.title, picture: item.picture ?? null } })) },
    })),
  },
  links: { labels: form.labels.map((text, position) => ({ path: `labels.${position}`, values: { position, text, sticker: form.stickers?.[position] ?? null } })) },
});

const formOf = ({ row, collections, links }: StoredAggregate<typeof BOXES>): BoxForm => ({
  id: row.id,
  version: row.version,
  name: row.name,
  ...(row.cover === null ? {} : { cover: row.cover }),
  compartments: collections.compartments.map((compartment) => ({
    id: compartment.row.id,
    name: compartment.row.name,
    capacity: compartment.row.capacity,
    code: compartment.row.code,
    items: compartment.collections.items.map((item) => ({ id: item.row.id, title: item.row.title, ...(item.row.picture === null ? {} : { picture: item.row.picture }) })),
  })),
  labels: links.labels.map((label) => label.text),
  ...(links.labels.some((label) => label.sticker !== null) ? { stickers: links.labels.map((label) => label.sticker) } : {}),
});

let database: TestDatabase;
let db: DataSource;
let actorId: number;

async function read(manager: EntityManager, id: number): Promise<BoxForm> {
  const [stored] = await readAggregates(manager, BOXES, [id]);
  if (!stored) throw new Error(`box ${id} is gone`);
  return formOf(stored);
}

const actor = () => ({ user: { id: actorId, name: 'Тестов', email: 'a@b.c', role: 1 } }) as never;

const save = async (form: BoxForm, releaseUploads?: (manager: EntityManager, paths: string[]) => Promise<void>): Promise<BoxForm> =>
  (await saveAggregate(db, {
    declaration: BOXES,
    actor: actor(),
    id: form.id,
    version: form.version,
    build: () => node(form),
    read,
    releaseUploads,
    input: form,
  })) as BoxForm;

const box = (compartments: number, itemsEach = 2): BoxForm => ({
  name: `Коробка ${compartments}`,
  compartments: Array.from({ length: compartments }, (_, index) => ({
    name: `Отсек ${index + 1}`,
    capacity: 10 + index,
    items: Array.from({ length: itemsEach }, (_, item) => ({ title: `Предмет ${index + 1}.${item + 1}` })),
  })),
  labels: ['хрупкое', 'верх'],
});

beforeAll(async () => {
  database = await createTestDatabase();
  for (const sql of [
    `CREATE TABLE test_boxes (id serial PRIMARY KEY, name varchar NOT NULL, cover varchar)`,
    ...versionedTableSql('test_boxes'),
    `CREATE TABLE test_compartments (id serial PRIMARY KEY, box_id integer NOT NULL REFERENCES test_boxes (id) ON DELETE CASCADE, position smallint NOT NULL, name varchar NOT NULL, capacity integer NOT NULL CONSTRAINT ck__capacity CHECK (capacity > 0))`,
    `ALTER TABLE test_compartments ADD COLUMN code varchar`,
    `CREATE UNIQUE INDEX uq_test_compartments_code ON test_compartments (code)`,
    `CREATE TABLE test_items (id serial PRIMARY KEY, compartment_id integer NOT NULL REFERENCES test_compartments (id) ON DELETE CASCADE, position smallint NOT NULL, title varchar NOT NULL, picture varchar)`,
    `CREATE TABLE test_box_labels (box_id integer NOT NULL REFERENCES test_boxes (id) ON DELETE CASCADE, position smallint NOT NULL, text varchar NOT NULL, sticker varchar)`,
    // Something outside the aggregate that uses a compartment (as an application uses a hotel room).
    `CREATE TABLE test_shipments (id serial PRIMARY KEY, compartment_id integer NOT NULL REFERENCES test_compartments (id))`,
    `CREATE TABLE test_item_loans (id serial PRIMARY KEY, item_id integer NOT NULL REFERENCES test_items (id))`,
    // …and something that points at a box itself, without cascading (as a booking points at a transport).
    `CREATE TABLE test_orders (id serial PRIMARY KEY, box_id integer NOT NULL REFERENCES test_boxes (id))`,
  ]) {
    await database.query(sql);
  }
  [{ id: actorId }] = (await database.query<{ id: number }>(`INSERT INTO users (surname, name, email, password_hash, role) VALUES ('Тестов', 'Тест', 'aggregate@example.test', 'x', 1) RETURNING id`)) as [{ id: number }];
  db = createDataSource(database.url, { poolSize: 3 });
  await db.initialize();
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('the aggregate machinery', () => {
  it('creates and reads back the whole tree, children in their order', async () => {
    const saved = await save(box(2));
    expect(saved).toEqual({
      id: expect.any(Number),
      version: 1,
      name: 'Коробка 2',
      compartments: [
        { id: expect.any(Number), name: 'Отсек 1', capacity: 10, code: null, items: [{ id: expect.any(Number), title: 'Предмет 1.1' }, { id: expect.any(Number), title: 'Предмет 1.2' }] },
        { id: expect.any(Number), name: 'Отсек 2', capacity: 11, code: null, items: [{ id: expect.any(Number), title: 'Предмет 2.1' }, { id: expect.any(Number), title: 'Предмет 2.2' }] },
      ],
      labels: ['хрупкое', 'верх'],
    });
  });

  it('sends as many statements for 2 compartments as for 40, on create and on update', async () => {
    const statements = async (work: () => Promise<unknown>) => {
      let count = 0;
      observeAggregateStatements(() => count++);
      try {
        await work();
      } finally {
        observeAggregateStatements(null);
      }
      return count;
    };
    const small = await save(box(2));
    const large = await save(box(40, 5));
    // Once per process and table, the in-use check reads the foreign keys into it: not counted here.
    const warm = await save(box(1));
    await save({ ...warm, compartments: [] });
    const counted = {
      create: [await statements(() => save({ ...box(2), name: 'Малая' })), await statements(() => save({ ...box(40, 5), name: 'Большая' }))],
      update: [
        await statements(() => save({ ...small, name: 'Малая обновлённая', compartments: [...small.compartments.slice(1), { name: 'Новый', capacity: 3, items: [{ title: 'Новое' }] }] })),
        await statements(() => save({ ...large, name: 'Большая обновлённая', compartments: [...large.compartments.slice(1), { name: 'Новый', capacity: 3, items: [{ title: 'Новое' }] }] })),
      ],
    };
    expect(counted.create[0]).toBe(counted.create[1]);
    expect(counted.update[0]).toBe(counted.update[1]);
  });

  it('diffs children by id: kept rows keep their ids, new ones are added, missing ones deleted', async () => {
    const saved = await save(box(3));
    const [first, second, third] = saved.compartments as [BoxForm['compartments'][0], BoxForm['compartments'][0], BoxForm['compartments'][0]];
    const updated = await save({ ...saved, compartments: [{ ...third, name: 'Третий, теперь первый' }, first, { name: 'Новый', capacity: 5, items: [] }], labels: ['низ'] });
    expect(updated.version).toBe(2);
    expect(updated.compartments.map((compartment) => compartment.id)).toEqual([third.id, first.id, expect.any(Number)]);
    expect(updated.compartments[0]!.items.map((item) => item.id)).toEqual(third.items.map((item) => item.id));
    expect(updated.labels).toEqual(['низ']);
    expect(await database.query('SELECT 1 FROM test_compartments WHERE id = $1', [second.id])).toEqual([]);
    expect(await database.query('SELECT 1 FROM test_items WHERE compartment_id = $1', [second.id])).toEqual([]);
  });

  it('refuses a child id of another aggregate with a 422 on its path, writing nothing', async () => {
    const mine = await save(box(1));
    const theirs = await save(box(1));
    const attempt = save({ ...mine, name: 'Чужой отсек', compartments: [...mine.compartments, theirs.compartments[0]!] });
    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt).rejects.toMatchObject({ errors: { 'compartments.1.id': [MESSAGES.validation.oneOf] } });
    expect((await read(db.manager, mine.id!)).name).toBe(mine.name);
  });

  it('turns what PostgreSQL refuses into 422s on the row\'s indexed path: a unique name, a check', async () => {
    const other = await save({ ...box(1), compartments: [{ name: 'Отсек', capacity: 1, code: 'СКЛАД-7', items: [] }] });
    expect(other.compartments[0]!.code).toBe('СКЛАД-7');
    const saved = await save(box(2));
    const duplicate = save({ ...saved, compartments: [saved.compartments[0]!, { ...saved.compartments[1]!, code: 'СКЛАД-7' }] });
    await expect(duplicate).rejects.toMatchObject({ errors: { 'compartments.1.code': [MESSAGES.validation.unique] } });
    const bad = save({ ...saved, compartments: [saved.compartments[0]!, { ...saved.compartments[1]!, capacity: -1 }] });
    await expect(bad).rejects.toMatchObject({ errors: { 'compartments.1.capacity': [MESSAGES.validation.invalid] } });
    // Nothing of either attempt was written.
    expect(await read(db.manager, saved.id!)).toEqual(saved);
  });

  it('refuses removing a child something outside uses (422 on its stored index) and keeps the rest as it was', async () => {
    const saved = await save(box(3));
    await database.query('INSERT INTO test_shipments (compartment_id) VALUES ($1)', [saved.compartments[1]!.id]);
    const attempt = save({ ...saved, name: 'Без второго', compartments: [saved.compartments[0]!, saved.compartments[2]!] });
    await expect(attempt).rejects.toMatchObject({ errors: { 'compartments.1': [MESSAGES.editor.childInUse] } });
    expect(await read(db.manager, saved.id!)).toEqual(saved);
  });

  it('refuses removing a child whose own child something outside uses: the delete would cascade to it', async () => {
    const saved = await save(box(2));
    await database.query('INSERT INTO test_item_loans (item_id) VALUES ($1)', [saved.compartments[0]!.items[1]!.id]);
    const attempt = save({ ...saved, compartments: [saved.compartments[1]!] });
    await expect(attempt).rejects.toMatchObject({ errors: { 'compartments.0': [MESSAGES.editor.childInUse] } });
    // Removing the item itself is refused on its own path.
    const item = save({ ...saved, compartments: [{ ...saved.compartments[0]!, items: [saved.compartments[0]!.items[0]!] }, saved.compartments[1]!] });
    await expect(item).rejects.toMatchObject({ errors: { 'compartments.0.items.1': [MESSAGES.editor.childInUse] } });
    expect(await read(db.manager, saved.id!)).toEqual(saved);
  });

  it('answers a stale version with 409 and the current aggregate, and writes nothing', async () => {
    const saved = await save(box(1));
    const current = await save({ ...saved, name: 'Сохранила коллега' });
    const stale = save({ ...saved, name: 'Моя правка' });
    await expect(stale).rejects.toBeInstanceOf(VersionConflict);
    const conflict = await stale.catch((error: VersionConflict) => error.body);
    expect(conflict).toMatchObject({ data: current, saved_by: expect.stringContaining('Тестов') });
    expect(await read(db.manager, saved.id!)).toEqual(current);
  });
});

describe('removing an aggregate', () => {
  const remove = (id: number, releaseUploads?: (manager: EntityManager, paths: string[]) => Promise<void>) =>
    removeAggregate(db, { declaration: BOXES, id, actor: actor(), releaseUploads });
  const refusal = (attempt: Promise<unknown>) => attempt.then(
    () => null,
    (error: HttpException) => ({ status: error.getStatus(), body: error.getResponse() }),
  );
  const rowsOf = async (id: number) =>
    database.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM test_boxes WHERE id = $1) + (SELECT count(*) FROM test_compartments WHERE box_id = $1)
            + (SELECT count(*) FROM test_items i JOIN test_compartments c ON c.id = i.compartment_id WHERE c.box_id = $1)
            + (SELECT count(*) FROM test_box_labels WHERE box_id = $1) AS n`,
      [id],
    ).then((rows) => Number(rows[0]!.n));

  const withUploads = (name: string): BoxForm => ({
    name,
    cover: `uploads/test/${name}/cover.jpg`,
    compartments: [
      { name: 'Отсек 1', capacity: 1, items: [{ title: 'С картинкой', picture: `uploads/test/${name}/item-1.jpg` }, { title: 'Без картинки' }] },
      { name: 'Отсек 2', capacity: 2, items: [{ title: 'Ещё одна', picture: `uploads/test/${name}/item-2.jpg` }] },
    ],
    labels: ['хрупкое', 'верх'],
    stickers: [`uploads/test/${name}/sticker.png`, null],
  });

  it('deletes the root with every child, and hands the uploads it held (every level) to the hook inside its transaction', async () => {
    const saved = await save(withUploads('Удаляемая'));
    expect(await rowsOf(saved.id!)).toBe(1 + 2 + 3 + 2);
    const released: string[] = [];
    const reply = await remove(saved.id!, async (manager, paths) => {
      // The hook runs after the delete, on the removal's own transaction.
      expect(await manager.query('SELECT 1 FROM test_boxes WHERE id = $1', [saved.id])).toEqual([]);
      released.push(...paths);
    });
    expect(reply).toEqual({ message: MESSAGES.success.deleted });
    expect(released.sort()).toEqual(['cover.jpg', 'item-1.jpg', 'item-2.jpg', 'sticker.png'].map((file) => `uploads/test/Удаляемая/${file}`));
    expect(await rowsOf(saved.id!)).toBe(0);
  });

  it('answers 404 when there is no such root, calling no hook', async () => {
    const hook = vi.fn(async () => undefined);
    expect(await refusal(remove(2_000_000_000, hook))).toEqual({ status: 404, body: { message: MESSAGES.http.notFound } });
    expect(hook).not.toHaveBeenCalled();
  });

  it('answers 403 in use when a key that does not cascade refuses — on the root or on a child the delete cascades to — and keeps it all', async () => {
    const referencedChild = await save(withUploads('Отгружаемая'));
    const shipment = (await database.query<{ id: number }>('INSERT INTO test_shipments (compartment_id) VALUES ($1) RETURNING id', [referencedChild.compartments[1]!.id]))[0]!;
    const referencedRoot = await save(withUploads('Заказанная'));
    const order = (await database.query<{ id: number }>('INSERT INTO test_orders (box_id) VALUES ($1) RETURNING id', [referencedRoot.id]))[0]!;
    const hook = vi.fn(async () => undefined);
    for (const box of [referencedChild, referencedRoot]) {
      expect(await refusal(remove(box.id!, hook))).toEqual({ status: 403, body: { message: MESSAGES.errors.inUse } });
      expect(await read(db.manager, box.id!)).toEqual(box);
    }
    expect(hook).not.toHaveBeenCalled();
    // No verdict kept anywhere but in PostgreSQL: once the references go, the same removals go through.
    await database.query('DELETE FROM test_shipments WHERE id = $1', [shipment.id]);
    await database.query('DELETE FROM test_orders WHERE id = $1', [order.id]);
    for (const box of [referencedChild, referencedRoot]) {
      expect(await remove(box.id!, hook)).toEqual({ message: MESSAGES.success.deleted });
      expect(await rowsOf(box.id!)).toBe(0);
    }
    expect(hook).toHaveBeenCalledTimes(2);
  });

  it('a save hands the hook the uploads the stored aggregate held and the saved one no longer names', async () => {
    const saved = await save(withUploads('Правленая'));
    const released: string[] = [];
    const [first, second] = saved.compartments as [BoxForm['compartments'][0], BoxForm['compartments'][0]];
    const edited = await save(
      { ...saved, cover: 'uploads/test/Правленая/new-cover.jpg', compartments: [{ ...first, items: [{ ...first.items[0]!, picture: null }, first.items[1]!] }], stickers: [saved.stickers![0]!, null] },
      async (_manager, paths) => void released.push(...paths),
    );
    expect(released.sort()).toEqual(['cover.jpg', 'item-1.jpg', 'item-2.jpg'].map((file) => `uploads/test/Правленая/${file}`));
    expect(edited.cover).toBe('uploads/test/Правленая/new-cover.jpg');
    expect(second.items[0]!.picture).toBe('uploads/test/Правленая/item-2.jpg');
  });
});

describe("an editor's /data lookups", () => {
  it('reads every list in one statement, each ordered by name, with the columns asked for', async () => {
    let statements = 0;
    const counting = Object.create(db.manager) as typeof db.manager;
    counting.query = ((sql: string, parameters?: unknown[]) => {
      statements++;
      return db.manager.query(sql, parameters);
    }) as typeof db.manager.query;
    await database.query(`INSERT INTO test_boxes (name) VALUES ('Ящик Б'), ('Ящик А')`);
    const lists = await readLookups<{ boxes: LookupRow[]; users: LookupRow[] }>(counting, { boxes: 'test_boxes', users: { table: 'users', columns: ['email AS login'] } });
    expect(statements).toBe(1);
    const boxes = lists.boxes.map((row) => row.name);
    expect(boxes).toEqual([...boxes].sort((a, b) => String(a).localeCompare(String(b), 'ru')));
    expect(lists.boxes[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(lists.users).toContainEqual({ id: actorId, name: 'Тест', login: 'aggregate@example.test' });
    await expect(readLookups(db, { boxes: 'test_boxes; DROP TABLE users' })).rejects.toThrow(/Not a lookup/);
  });
});

describe('stored rows typed from the declaration', () => {
  // Checked by tsc (the test files are part of the type check): a mapper reads these without casts.
  it('gives each column the type of its SQL type, null where the declaration says `?`, ids and parent keys as numbers', () => {
    const parcels = defineAggregate({
      table: 'parcels',
      columns: { title: 'varchar', weight: 'numeric?', sent_on: 'date', size: narrow<'S' | 'M'>()('varchar'), notes: narrow<string[]>()('jsonb?'), city_id: 'integer', courier_id: 'integer?' },
      readOnly: { created_at: 'timestamptz' },
      references: { city: namedReference('cities', 'city_id'), courier: { table: 'couriers', via: 'courier_id', columns: { full_name: 'text' } } },
      collections: { boxes: { table: 'parcel_boxes', parentColumn: 'parcel_id', columns: { tags: 'smallint[]' }, orderBy: 'id' } },
      links: { stamps: { table: 'parcel_stamps', parentColumn: 'parcel_id', columns: { paid: 'boolean' } } },
    });
    type Stored = StoredAggregate<typeof parcels>;
    expect(parcels.columns.weight).toBe('numeric?');
    expectTypeOf<Stored['row']['title']>().toEqualTypeOf<string>();
    expectTypeOf<Stored['row']['weight']>().toEqualTypeOf<number | null>();
    expectTypeOf<Stored['row']['sent_on']>().toEqualTypeOf<string>();
    expectTypeOf<Stored['row']['size']>().toEqualTypeOf<'S' | 'M'>();
    expectTypeOf<Stored['row']['notes']>().toEqualTypeOf<string[] | null>();
    expectTypeOf<Stored['row']['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<Stored['row']['id' | 'version']>().toEqualTypeOf<number>();
    // A reference through a NOT NULL column is always there; through a nullable one it may be null.
    expectTypeOf<Stored['row']['city']>().toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf<Stored['row']['courier']>().toEqualTypeOf<{ full_name: string } | null>();
    expectTypeOf<Stored['collections']['boxes'][number]['row']['tags']>().toEqualTypeOf<number[]>();
    expectTypeOf<Stored['collections']['boxes'][number]['row']['parcel_id']>().toEqualTypeOf<number>();
    expectTypeOf<Stored['links']['stamps'][number]['paid']>().toEqualTypeOf<boolean>();
    // @ts-expect-error a column the declaration does not name is no column of the row
    expectTypeOf<Stored['row']['missing']>().toBeNever();
  });
});

