/**
 * A save whose commit succeeded is a success (issue 15): when the read after the commit fails — here
 * for real, the read's own connection is terminated by PostgreSQL (`pg_terminate_backend`), as when
 * the server is killed at that moment — saveAggregate answers what it knows (the new id and the
 * payload's fields) instead of throwing, and the row is there. A failure before the commit still
 * throws and leaves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, EntityManager } from 'typeorm';
import { createDataSource } from '../../database/data-source.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.js';
import type { AggregateDeclaration } from './declaration.js';
import { saveAggregate } from './save-aggregate.js';

let db: TestDatabase;
let dataSource: DataSource;

const GADGETS: AggregateDeclaration = {
  table: 'test_gadgets',
  columns: { name: 'text', price: 'integer' },
  collections: { parts: { table: 'test_gadget_parts', parentColumn: 'gadget_id', columns: { title: 'text' }, orderBy: 'id' } },
  links: {},
};

beforeAll(async () => {
  db = await createTestDatabase();
  await db.query(`CREATE TABLE test_gadgets (id serial PRIMARY KEY, name text NOT NULL CONSTRAINT uq_test_gadgets_name UNIQUE, price integer, version integer NOT NULL DEFAULT 1)`);
  await db.query(`CREATE TABLE test_gadget_parts (id serial PRIMARY KEY, gadget_id integer NOT NULL REFERENCES test_gadgets (id) ON DELETE CASCADE, title text NOT NULL)`);
  dataSource = createDataSource(db.url, { poolSize: 2 });
  await dataSource.initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

const input = (name: string) => ({ name, price: 150, version: 3, catalog: { sort: 1 }, parts: [{ title: 'Винт' }] });
const node = (form: ReturnType<typeof input>) => ({ path: '', values: { name: form.name, price: form.price }, collections: { parts: form.parts.map((part, index) => ({ path: `parts.${index}`, values: part })) } });

/** The stored gadget as its editor reads it. */
async function readGadget(manager: EntityManager, id: number) {
  const [row] = await manager.query<{ id: number; name: string; price: number }[]>('SELECT id, name, price FROM test_gadgets WHERE id = $1', [id]);
  return { ...row!, parts: await manager.query<{ id: number; title: string }[]>('SELECT id, title FROM test_gadget_parts WHERE gadget_id = $1', [id]) };
}

const save = (form: ReturnType<typeof input>, read: (manager: EntityManager, id: number) => Promise<unknown> = readGadget) =>
  saveAggregate(dataSource, { declaration: GADGETS, actor: { user: { id: 1 } } as never, build: () => node(form), read, input: form });

describe('saveAggregate after the commit', () => {
  it('answers the aggregate read back when the read works', async () => {
    const saved = (await save(input('Станок'))) as { id: number };
    expect(saved).toEqual({ id: expect.any(Number), name: 'Станок', price: 150, parts: [{ id: expect.any(Number), title: 'Винт' }] });
  });

  it('answers the id and the payload\'s own fields when the read fails because its connection died after the commit', async () => {
    let failures = 0;
    const saved = await save(input('Пресс'), async (manager) => {
      failures++;
      // The read's connection is killed by the server itself: what a PostgreSQL crash does to it.
      await manager.query('SELECT pg_terminate_backend(pg_backend_pid())');
      throw new Error('unreachable: the statement above never answers');
    });
    expect(failures).toBe(1);
    // Lists of rows (their new ids unknown) are left out; the version is the stored one (not the sent 3),
    // so a client that sends this reply back is still version-checked.
    expect(saved).toEqual({ id: expect.any(Number), version: 1, name: 'Пресс', price: 150, catalog: { sort: 1 } });
    const { id } = saved as { id: number };
    expect(await db.query('SELECT name, price FROM test_gadgets WHERE id = $1', [id])).toEqual([{ name: 'Пресс', price: 150 }]);
    expect(await db.query('SELECT title FROM test_gadget_parts WHERE gadget_id = $1', [id])).toEqual([{ title: 'Винт' }]);
    // The pool carries on with a fresh connection — once it has dropped the dead one, which node-postgres
    // does when the socket's end reaches it (a query just after may still be handed the dead client).
    await expect.poll(() => readGadget(dataSource.manager, id).then((gadget) => gadget.name, () => null), { timeout: 5000 }).toBe('Пресс');
  });

  it('still throws, and writes nothing, when the save itself fails (before the commit)', async () => {
    const before = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM test_gadgets');
    await expect(save(input('Станок'))).rejects.toMatchObject({ status: 422 });
    expect(await db.query('SELECT count(*)::int AS count FROM test_gadgets')).toEqual(before);
  });
});
