/**
 * The bench's kept database of a million applications (issue 19; docs/performance.md "Applications
 * list at a million"), shared by every bench that needs an office's order book (the applications list
 * now, analytics later).
 *
 * Entry point: `openApplicationsDatabase({ dir, sizes, log, onLog })` → the embedded PostgreSQL of
 * `dir`, migrated and filled: the fake-data generator's staff, clients and agencies (the bench's
 * sizes), a modest product set (hotels with rooms, bus transports, excursion and sea tours), then
 * `sizes.applications` applications with 2–4 tourists and 1–2 stays each, filled inside PostgreSQL
 * (`generate_series`, never row by row from Node) in chunks of 100 000, each chunk committed with its
 * mark in `bench_fill`, so an interrupted fill resumes at the next chunk. Then VACUUM (ANALYZE).
 *
 * The folder is kept between runs (`BENCH_DATA_DIR`, default `.bench-data/applications-1m`, git-ignored):
 * `bench-fill.json` there names the fill's version and sizes and a hash of each migration's code; another
 * version or other sizes, or a folder migrated by code this code does not have (another branch's
 * migration, or one edited in place since), is wiped and filled again (`BENCH_REFILL=1` forces it).
 * Migrations newer than the folder are applied on opening, as an office's upgrade would, then VACUUM (ANALYZE).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDataSource, migrateWithLock } from '../../database/data-source.js';
import { startEmbeddedDatabase, type RunningDatabase } from '../../database/embedded-database.js';
import { fillFakeData, type FakeDataSizes } from '../../fake-data/index.js';
import { peopleWords } from '../../fake-data/vocabulary.js';
import { MIGRATIONS } from '../../../migrations/index.js';
import { Role } from '../../../shared/roles.js';
import { hashPassword } from '../../auth/passwords.js';

/** Raise when what the fill writes changes: kept folders of another version are filled again. */
export const APPLICATIONS_FILL_VERSION = 2;
export const DEFAULT_BENCH_DATA_DIR = '.bench-data/applications-1m';
const STAMP = 'bench-fill.json';
const CHUNK = 100_000;
/** Requesters: this many of the clients, and every agency. */
const REQUESTER_CLIENTS = 50_000;
/** Applications' creation spread over this many days up to the fill. */
const SPAN_DAYS = 3 * 365;
/** The product set: small, as an office's catalogue is beside its order book. */
export const PRODUCT_SIZES: FakeDataSizes = { hotels: 40, transportations: 4, transports: 12, tour_services: 20, tours: 10, routes: 20, sea_tours: 8 };

export interface ApplicationsFillSizes {
  applications: number;
  clients: number;
  staff: number;
  agencies: number;
}

export interface KeptDatabase {
  database: RunningDatabase;
  dataDir: string;
  /** Whether anything was filled in this call (false: the kept folder was used as it was). */
  filled: boolean;
}

interface Stamp {
  fillVersion: number;
  sizes: ApplicationsFillSizes;
  /** The last migration when the fill completed, and the last one applied since. */
  migration?: string;
  /** A hash of each applied migration's code: one edited in place since (on a branch) makes the folder stale. */
  migrations?: Record<string, string>;
  /** How `migrations` was hashed: 'source' (the .ts files); older stamps hashed the built code, and are trusted by name once. */
  migrationHash?: 'source';
  complete?: boolean;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const migrationNames = () => MIGRATIONS.map((migration) => migration.name);
/**
 * A hash of each migration's source file (migrations/<timestamp>-<Name>.ts, read from the repository the
 * bench runs in): a rebuild or a bundler's renaming leaves it as it is, an edit in place changes it.
 */
const migrationHashes = (): Record<string, string> => {
  const folder = path.resolve('migrations');
  const files = readdirSync(folder);
  return Object.fromEntries(
    migrationNames().map((name) => {
      const timestamp = /\d+$/.exec(name)![0];
      const file = files.find((entry) => entry.startsWith(`${timestamp}-`) && entry.endsWith('.ts'));
      if (!file) throw new Error(`No source file for migration ${name} in ${folder}`);
      return [name, createHash('sha256').update(readFileSync(path.join(folder, file))).digest('hex').slice(0, 16)];
    }),
  );
};

function readStamp(dataDir: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, STAMP), 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

const writeStamp = (dataDir: string, stamp: Stamp) => fs.writeFile(path.join(dataDir, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);

/** Opens (filling what is missing) the kept database in `dir`. The caller stops `database`. */
export async function openApplicationsDatabase(options: {
  dir: string;
  sizes: ApplicationsFillSizes;
  log?: (line: string) => void;
  onLog?: (text: string) => void;
  refill?: boolean;
  /** Signs in to the server started on it: made an administrator unless a user of this e-mail exists. */
  admin?: { email: string; password: string };
}): Promise<KeptDatabase> {
  const { dir: dataDir, sizes } = options;
  const log = options.log ?? (() => undefined);
  const stamp = readStamp(dataDir);
  const same = stamp !== null && stamp.fillVersion === APPLICATIONS_FILL_VERSION && JSON.stringify(stamp.sizes) === JSON.stringify(sizes);
  if (options.refill || (existsSync(dataDir) && !same)) {
    log(`Kept data folder ${dataDir}: ${options.refill ? 'refill asked' : stamp ? 'another fill version or other sizes' : 'no stamp'}; filled again`);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  await fs.mkdir(dataDir, { recursive: true });
  if (!readStamp(dataDir)) await writeStamp(dataDir, { fillVersion: APPLICATIONS_FILL_VERSION, sizes });

  const database = await startEmbeddedDatabase(dataDir, { onLog: options.onLog });
  const sql = new pg.Client({ connectionString: database.url });
  sql.on('error', () => undefined);
  try {
    await sql.connect();
    // A run stopped while the statement log was on (bench/db-time.ts) left it on in this folder's settings.
    await sql.query('ALTER SYSTEM RESET log_min_duration_statement');
    await sql.query('SELECT pg_reload_conf()');
    // A folder migrated by another branch's code cannot be trusted to match this code's schema.
    const known = new Set(migrationNames());
    const hasTable = (await sql.query(`SELECT to_regclass('migrations') IS NOT NULL AS has`)).rows[0].has as boolean;
    const applied = hasTable ? (await sql.query<{ name: string }>(`SELECT name FROM migrations`)).rows.map((row) => row.name) : [];
    const hashes = migrationHashes();
    const kept = readStamp(dataDir);
    const recorded = kept?.migrationHash === 'source' ? kept.migrations : kept?.migrations && {};
    const stale = applied.filter((name) => !known.has(name) || (recorded ? recorded[name] !== undefined && recorded[name] !== hashes[name] : true));
    if (stale.length > 0) {
      log(`Kept data folder ${dataDir}: migrated by other code (${stale.join(', ')}); filled again`);
      await sql.end();
      await database.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      return openApplicationsDatabase({ ...options, refill: false });
    }
    const dataSource = createDataSource(database.url);
    await dataSource.initialize();
    let migrated: string[];
    try {
      migrated = await migrateWithLock(dataSource);
    } finally {
      await dataSource.destroy();
    }
    if (options.admin) {
      // The server makes its first administrator only on an empty database; the fill's staff come first here.
      await sql.query(
        `INSERT INTO users (surname, name, email, password_hash, role, is_active)
         SELECT 'Администратор', 'Бенч', $1::varchar, $2, $3, true WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = $1::varchar)`,
        [options.admin.email.toLowerCase(), await hashPassword(options.admin.password), Role.Administrator],
      );
    }
    const last = migrationNames().at(-1)!;
    // Recorded before the fill, so an interrupted fill's folder is still known as this code's.
    await writeStamp(dataDir, { ...readStamp(dataDir)!, migrations: hashes, migrationHash: 'source' });
    const current = readStamp(dataDir)!;
    if (current.complete) {
      if (migrated.length > 0) {
        const started = performance.now();
        await sql.query('VACUUM (ANALYZE)');
        log(`Kept data folder ${dataDir}: applied ${migrated.join(', ')} and vacuumed in ${seconds(started)}`);
        await writeStamp(dataDir, { ...current, migration: last });
      }
      return { database, dataDir, filled: false };
    }
    const started = performance.now();
    await fillApplicationsDatabase(sql, sizes, log);
    log(`Kept data folder ${dataDir}: filled in ${seconds(started)}`);
    await writeStamp(dataDir, { ...current, migration: last, complete: true });
    return { database, dataDir, filled: true };
  } catch (error) {
    await sql.end().catch(() => undefined);
    await database.stop().catch(() => undefined);
    throw error;
  } finally {
    await sql.end().catch(() => undefined);
  }
}

const done = async (sql: pg.Client, step: string) => (await sql.query(`SELECT 1 FROM bench_fill WHERE step = $1`, [step])).rowCount === 1;

/**
 * Fills a migrated database: what is marked done in `bench_fill` is skipped. The people and products
 * are one step (minutes); a folder interrupted inside it has rows but no mark: it is refused (delete it).
 * `products`: the product set's sizes — the bench's own; a test asks for fewer bus transports, each of
 * which brings its passengers' applications saved one by one through the commands.
 */
export async function fillApplicationsDatabase(sql: pg.Client, sizes: ApplicationsFillSizes, log: (line: string) => void, products: FakeDataSizes = PRODUCT_SIZES): Promise<void> {
  await sql.query(`CREATE TABLE IF NOT EXISTS bench_fill (step text PRIMARY KEY, detail jsonb, done_at timestamptz NOT NULL DEFAULT now())`);
  if (!(await done(sql, 'people and products'))) {
    const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM clients`);
    if (rows[0]!.n > 0) throw new Error('The kept bench database was interrupted while its people were filled: delete its folder (or BENCH_REFILL=1)');
    const started = performance.now();
    await fillFakeData(sql, { cities: 200, staff: sizes.staff, clients: sizes.clients, agencies: sizes.agencies, ...products }, (line) => log(`  filled ${line}`));
    await sql.query(`INSERT INTO bench_fill (step, detail) VALUES ('people and products', $1)`, [JSON.stringify({ seconds: (performance.now() - started) / 1000 })]);
  }
  if (!(await done(sql, 'pools'))) await makePools(sql, sizes);
  const setup = (await sql.query<{ detail: { idBase: number; filledAt: string } }>(`SELECT detail FROM bench_fill WHERE step = 'pools'`)).rows[0]!.detail;
  const words = peopleWords();
  for (let from = 1; from <= sizes.applications; from += CHUNK) {
    const to = Math.min(sizes.applications, from + CHUNK - 1);
    const step = `applications ${from}-${to}`;
    if (await done(sql, step)) continue;
    const started = performance.now();
    await sql.query('BEGIN');
    try {
      await fillChunk(sql, { from, to, total: sizes.applications, idBase: setup.idBase, filledAt: setup.filledAt, words });
      await sql.query(`INSERT INTO bench_fill (step, detail) VALUES ($1, $2)`, [step, JSON.stringify({ seconds: (performance.now() - started) / 1000 })]);
      await sql.query('COMMIT');
    } catch (error) {
      await sql.query('ROLLBACK');
      throw error;
    }
    log(`  filled ${step} in ${seconds(started)}`);
  }
  if (!(await done(sql, 'finish'))) {
    const started = performance.now();
    await sql.query(`SELECT setval('applications_id_seq', (SELECT max(id) FROM applications))`);
    // The number's sequence goes on after this year's last number.
    await sql.query(
      `SELECT setval('application_number_seq', greatest((SELECT max(split_part(number, '-', 2)::int) FROM applications WHERE number LIKE to_char(now(), 'YYYY') || '-%'), 1))`,
    );
    for (const table of ['tourists', 'application_accommodations', 'payments', 'application_messages']) {
      await sql.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), greatest((SELECT max(id) FROM ${table}), 1))`, [table]);
    }
    await sql.query('DROP TABLE bench_requesters, bench_rooms');
    await sql.query('VACUUM (ANALYZE)');
    await sql.query(`INSERT INTO bench_fill (step, detail) VALUES ('finish', $1)`, [JSON.stringify({ seconds: (performance.now() - started) / 1000 })]);
    log(`  finished (sequences, VACUUM (ANALYZE)) in ${seconds(started)}`);
  }
}

/**
 * What the chunks draw from: requesters (50 000 of the clients and every agency with its first
 * employee, whose name the search text carries), hotel rooms, the other products with their cities,
 * managers; the id the fill's applications start after and the fill's moment (dates count from it).
 */
async function makePools(sql: pg.Client, sizes: ApplicationsFillSizes): Promise<void> {
  await sql.query('BEGIN');
  await sql.query(`DROP TABLE IF EXISTS bench_requesters, bench_rooms`);
  await sql.query(
    `CREATE UNLOGGED TABLE bench_requesters AS
     SELECT row_number() OVER (ORDER BY id)::int AS k, id AS client_id, NULL::int AS agency_id, NULL::int AS agency_user_id, full_name::text AS name, phone::text AS phone, email::text AS email
       FROM clients WHERE id % greatest(1, (SELECT count(*) FROM clients) / $1) = 0 ORDER BY id LIMIT $1`,
    [Math.min(REQUESTER_CLIENTS, sizes.clients)],
  );
  await sql.query(
    `INSERT INTO bench_requesters
     SELECT $1 + row_number() OVER (ORDER BY a.id), NULL, a.id, u.id, u.full_name, coalesce(u.phone, a.company_phone, a.contact_phone), coalesce(u.email, a.company_email, a.contact_email)
       FROM agencies a LEFT JOIN LATERAL (SELECT id, full_name, phone, email FROM agency_users WHERE agency_id = a.id ORDER BY id LIMIT 1) u ON true`,
    [Math.min(REQUESTER_CLIENTS, sizes.clients)],
  );
  await sql.query(`ALTER TABLE bench_requesters ADD PRIMARY KEY (k)`);
  await sql.query(
    `CREATE UNLOGGED TABLE bench_rooms AS
     SELECT row_number() OVER (ORDER BY r.id)::int AS k, r.hotel_id, r.id AS room_id, h.city_id FROM hotel_rooms r JOIN hotels h ON h.id = r.hotel_id`,
  );
  await sql.query(`ALTER TABLE bench_rooms ADD PRIMARY KEY (k)`);
  const counts = (await sql.query<{ clients: number; agencies: number; rooms: number }>(
    `SELECT count(*) FILTER (WHERE client_id IS NOT NULL)::int AS clients, count(*) FILTER (WHERE agency_id IS NOT NULL)::int AS agencies, (SELECT count(*)::int FROM bench_rooms) AS rooms FROM bench_requesters`,
  )).rows[0]!;
  const ids = async (query: string) => (await sql.query<{ id: number; city: number | null }>(query)).rows;
  const tours = await ids(`SELECT id, city_id AS city FROM tours ORDER BY id`);
  const transports = await ids(
    `SELECT t.id, (SELECT point_city_id FROM transport_route_points p WHERE p.transport_id = t.id ORDER BY position DESC LIMIT 1) AS city FROM transports t ORDER BY t.id`,
  );
  const seaTours = await ids(`SELECT id, city_id AS city FROM sea_tours ORDER BY id`);
  const managers = (await ids(`SELECT id, NULL AS city FROM users ORDER BY id LIMIT 40`)).map((row) => row.id);
  const meals = (await ids(`SELECT id, NULL AS city FROM meals ORDER BY id`)).map((row) => row.id);
  if (counts.rooms === 0 || tours.length === 0 || transports.length === 0 || seaTours.length === 0 || counts.agencies === 0 || counts.clients === 0) {
    throw new Error(`The bench fill needs every product kind and both kinds of requester: ${JSON.stringify({ ...counts, tours: tours.length, transports: transports.length, seaTours: seaTours.length })}`);
  }
  const idBase = (await sql.query<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM applications`)).rows[0]!.id;
  const filledAt = (await sql.query<{ at: string }>(`SELECT date_trunc('second', now())::text AS at`)).rows[0]!.at;
  const detail = {
    idBase,
    filledAt,
    clients: counts.clients,
    agencies: counts.agencies,
    rooms: counts.rooms,
    tours: tours.map((row) => [row.id, row.city]),
    transports: transports.map((row) => [row.id, row.city]),
    seaTours: seaTours.map((row) => [row.id, row.city]),
    managers,
    meals,
  };
  await sql.query(`INSERT INTO bench_fill (step, detail) VALUES ('pools', $1)`, [JSON.stringify(detail)]);
  await sql.query('COMMIT');
}

/**
 * Applications `from`…`to` of `total` (row number n; id = idBase + n), created evenly over three
 * years up to the fill (the newest last), with their tourists, stays, payments and unread messages.
 * Every draw is a hash of n, so a chunk filled again is the same.
 */
async function fillChunk(
  sql: pg.Client,
  chunk: { from: number; to: number; total: number; idBase: number; filledAt: string; words: ReturnType<typeof peopleWords> },
): Promise<void> {
  const pools = (await sql.query<{ detail: { clients: number; agencies: number; rooms: number; tours: [number, number | null][]; transports: [number, number | null][]; seaTours: [number, number | null][]; managers: number[]; meals: number[] } }>(
    `SELECT detail FROM bench_fill WHERE step = 'pools'`,
  )).rows[0]!.detail;
  const { words } = chunk;
  // h1…h9: independent draws per application.
  await sql.query(
    `CREATE TEMP TABLE chunk_apps ON COMMIT DROP AS
     SELECT n, $3::int + n AS id, created,
            CASE WHEN d.t < 30 THEN 1 WHEN d.t < 45 THEN 2 WHEN d.t < 65 THEN 3 WHEN d.t < 80 THEN 4 WHEN d.t < 90 THEN 5 ELSE 6 END AS type,
            -- 45 % of applications come from agencies, the busiest agencies most (a square skews the draw).
            CASE WHEN d.h2 % 100 < 45 THEN $5::int + 1 + floor($6::int * power((d.h3 % 1000000) / 1000000.0, 2))::int ELSE 1 + d.h3 % $5::int END AS requester,
            1 + d.h4 % $7::int AS room,
            (created::date + (d.h5 % 120))::date AS start_date,
            CASE WHEN d.h6 % 10 < 5 THEN 2 WHEN d.h6 % 10 < 8 THEN 3 ELSE 4 END AS people,
            d.h1, d.h2, d.h3, d.h4, d.h5, d.h6, d.h7, d.h8, d.h9
       FROM generate_series($1::int, $2::int) AS n
      CROSS JOIN LATERAL (SELECT $8::timestamptz - make_interval(secs => ($4::int - n) * ${SPAN_DAYS * 86_400}.0 / $4::int) AS created) c
      CROSS JOIN LATERAL (SELECT ((hashint4extended(n, 11) & 2147483647) % 100)::int AS t,
                                 (hashint4extended(n, 1) & 2147483647)::int AS h1, (hashint4extended(n, 2) & 2147483647)::int AS h2,
                                 (hashint4extended(n, 3) & 2147483647)::int AS h3, (hashint4extended(n, 4) & 2147483647)::int AS h4,
                                 (hashint4extended(n, 5) & 2147483647)::int AS h5, (hashint4extended(n, 6) & 2147483647)::int AS h6,
                                 (hashint4extended(n, 7) & 2147483647)::int AS h7, (hashint4extended(n, 8) & 2147483647)::int AS h8,
                                 (hashint4extended(n, 9) & 2147483647)::int AS h9) d`,
    [chunk.from, chunk.to, chunk.idBase, chunk.total, pools.clients, pools.agencies, pools.rooms, chunk.filledAt],
  );
  // A family: the first tourist and the second of the other sex share the surname; the third and fourth are children half the time.
  await sql.query(
    `CREATE TEMP TABLE chunk_tourists ON COMMIT DROP AS
     SELECT a.n, a.id AS application_id, k,
            CASE WHEN female THEN ($2::text[])[1 + s] ELSE ($1::text[])[1 + s] END AS last_name,
            CASE WHEN female THEN ($4::text[])[1 + hn % cardinality($4::text[])] ELSE ($3::text[])[1 + hn % cardinality($3::text[])] END AS first_name,
            CASE WHEN hn % 10 = 0 THEN NULL WHEN female THEN ($6::text[])[1 + hp % cardinality($6::text[])] ELSE ($5::text[])[1 + hp % cardinality($5::text[])] END AS patronymic,
            CASE WHEN child THEN a.start_date - (3 * 365 + hn % (10 * 365)) ELSE a.start_date - (20 * 365 + hn % (45 * 365)) END AS birthday_date,
            child, female
       FROM chunk_apps a
      CROSS JOIN LATERAL generate_series(1, a.people) AS k
      CROSS JOIN LATERAL (SELECT (a.h7 % cardinality($1::text[])) AS s,
                                 (hashint4extended(a.n * 4 + k, 21) & 2147483647)::int AS hn,
                                 (hashint4extended(a.n * 4 + k, 22) & 2147483647)::int AS hp,
                                 k >= 3 AND a.h8 % 2 = 0 AS child,
                                 ((a.h8 / 2) % 2 = 0) = (k % 2 = 0) AS female) p`,
    [words.surnames.male, words.surnames.female, words.names.male, words.names.female, words.patronymics.male, words.patronymics.female],
  );
  const column = (pairs: [number, number | null][], index: 0 | 1) => pairs.map((pair) => pair[index]);
  await sql.query(
    `INSERT INTO applications (id, number, type, hotel_id, tour_id, transport_id, sea_tour_id, client_id, agency_id, agency_user_id, user_id, status, payment_status,
                               adult_count, child_count, discount, estimated_price_without_discount, price_without_discount, net_total, markup_total, price_total,
                               agency_commission, agency_to_pay, source, source_payload, external_id, edited_from_front, start_date, city_id, phone, email,
                               search_text, is_watched, created_at, updated_at, created_by_id)
     SELECT a.id, x.number, a.type,
            CASE WHEN a.type = 1 THEN r.hotel_id END,
            CASE WHEN a.type = 2 THEN ($1::int[])[1 + a.h9 % cardinality($1::int[])] END,
            CASE WHEN a.type = 3 THEN ($3::int[])[1 + a.h9 % cardinality($3::int[])] END,
            CASE WHEN a.type = 4 THEN ($5::int[])[1 + a.h9 % cardinality($5::int[])] END,
            q.client_id, q.agency_id, CASE WHEN a.h1 % 10 < 8 THEN q.agency_user_id END, ($7::int[])[1 + a.h1 % cardinality($7::int[])],
            s.status, s.payment_status, p.adults, p.children, 0, money.price, money.price, round(money.price * 0.82, 2), money.price - round(money.price * 0.82, 2), money.price,
            CASE WHEN q.agency_id IS NOT NULL THEN round(money.price * 0.1, 2) ELSE 0 END,
            CASE WHEN q.agency_id IS NOT NULL THEN money.price - round(money.price * 0.1, 2) ELSE money.price END,
            src.source, CASE WHEN src.source = 'mobile_application' THEN jsonb_build_object('platform', CASE WHEN a.h6 % 3 = 0 THEN 'IOS' ELSE 'Android' END) END,
            CASE WHEN src.source = 'search_module' THEN 'SM-' || a.n END,
            src.source IS NOT NULL AND a.h5 % 5 = 0,
            a.start_date,
            CASE a.type WHEN 1 THEN r.city_id
                        WHEN 2 THEN ($2::int[])[1 + a.h9 % cardinality($2::int[])]
                        WHEN 3 THEN ($4::int[])[1 + a.h9 % cardinality($4::int[])]
                        WHEN 4 THEN ($6::int[])[1 + a.h9 % cardinality($6::int[])] END,
            contact.phone, contact.email,
            concat_ws(' ', x.number, CASE WHEN q.client_id IS NOT NULL OR a.h1 % 10 < 8 THEN q.name END, contact.phone, contact.email, t.names),
            -- Made in the office: watched (the trigger says so too); from outside: the newest and one in fifty not yet opened.
            src.source IS NULL OR NOT (a.n > $8::int - 2000 OR a.h4 % 50 = 0),
            a.created, a.created, ($7::int[])[1 + a.h2 % cardinality($7::int[])]
       FROM chunk_apps a
       JOIN bench_requesters q ON q.k = a.requester
       JOIN bench_rooms r ON r.k = a.room
       JOIN (SELECT n, string_agg(concat_ws(' ', last_name, first_name, patronymic), ' ' ORDER BY k) AS names,
                    count(*) FILTER (WHERE NOT child)::int AS adults, count(*) FILTER (WHERE child)::int AS children
               FROM chunk_tourists GROUP BY n) t ON t.n = a.n
      CROSS JOIN LATERAL (SELECT t.adults, t.children) p
      -- This year's numbers go on from the year's last one (the transport kind's passengers' took the first).
       JOIN (SELECT a2.n, y || '-' || lpad((coalesce(last.seq, 0) + row_number() OVER (PARTITION BY y ORDER BY a2.n))::text, 6, '0') AS number
               FROM (SELECT n, to_char(created, 'YYYY') AS y FROM chunk_apps) a2
               LEFT JOIN LATERAL (SELECT split_part(number, '-', 2)::int AS seq FROM applications
                                   WHERE number >= a2.y || '-' AND number < a2.y || '.' ORDER BY number DESC LIMIT 1) last ON true) x ON x.n = a.n
      CROSS JOIN LATERAL (SELECT CASE WHEN a.h8 % 100 < 3 THEN NULL ELSE q.phone END AS phone, q.email) contact
      CROSS JOIN LATERAL (SELECT ((3000 + a.h3 % 12000) * a.people * (3 + a.h5 % 10))::numeric(12, 2) AS price) money
      CROSS JOIN LATERAL (SELECT CASE WHEN a.h2 % 100 < 86 THEN NULL
                                      WHEN a.h2 % 100 < 91 THEN 'web_site'
                                      WHEN a.h2 % 100 < 96 THEN 'mobile_application'
                                      WHEN a.h2 % 100 < 98 THEN 'vk_application'
                                      WHEN q.agency_id IS NOT NULL THEN 'search_module' ELSE 'web_site' END AS source) src
      -- Past trips mostly paid or cancelled; upcoming ones at every stage.
      CROSS JOIN LATERAL (SELECT CASE WHEN a.start_date < $9::date
                                        THEN CASE WHEN a.h6 % 100 < 75 THEN 6 WHEN a.h6 % 100 < 90 THEN 7 WHEN a.h6 % 100 < 95 THEN 3 ELSE 5 END
                                        ELSE (ARRAY[1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7])[1 + a.h6 % 15] END AS status) st
      CROSS JOIN LATERAL (SELECT st.status,
                                 CASE WHEN st.status = 6 THEN CASE WHEN a.h7 % 20 = 0 THEN 4 ELSE 3 END
                                      WHEN st.status IN (3, 5) AND a.h7 % 3 = 0 THEN 2
                                      -- Cancelled with money left on it: a refund is owed (the derived status 4).
                                      WHEN st.status = 7 AND a.h7 % 3 = 0 THEN 4
                                      ELSE 1 END AS payment_status) s`,
    [column(pools.tours, 0), column(pools.tours, 1), column(pools.transports, 0), column(pools.transports, 1), column(pools.seaTours, 0), column(pools.seaTours, 1), pools.managers, chunk.total, chunk.filledAt],
  );
  await sql.query(
    `INSERT INTO tourists (application_id, position, last_name, first_name, patronymic, birthday_date, document, document_number, citizenship, gender, created_at)
     SELECT t.application_id, t.k - 1, t.last_name, t.first_name, t.patronymic, t.birthday_date,
            CASE WHEN t.child THEN 2 ELSE 1 END,
            CASE WHEN t.child THEN 'II-АГ ' || lpad((t.n * 7 % 1000000)::text, 6, '0') ELSE lpad((t.n * 13 % 10000)::text, 4, '0') || lpad((t.n * 31 + t.k) % 1000000 || '', 6, '0') END,
            1, CASE WHEN t.female THEN 2 ELSE 1 END, a.created
       FROM chunk_tourists t JOIN chunk_apps a ON a.n = t.n`,
  );
  // A stay in the drawn room for 3–14 nights from the start; a third of the applications a second one after it.
  await sql.query(
    `INSERT INTO application_accommodations (application_id, position, hotel_id, room_id, start_at, finish_at, meal_id, adult_count, child_count)
     SELECT a.id, stay.position, r.hotel_id, r.room_id, stay.start_at, stay.start_at + stay.nights, ($1::int[])[1 + a.h9 % cardinality($1::int[])],
            greatest(1, a.people - CASE WHEN a.people >= 3 AND a.h8 % 2 = 0 THEN a.people - 2 ELSE 0 END), CASE WHEN a.people >= 3 AND a.h8 % 2 = 0 THEN a.people - 2 ELSE 0 END
       FROM chunk_apps a
      CROSS JOIN LATERAL (SELECT 0 AS position, a.room AS room, a.start_date AS start_at, 3 + a.h5 % 12 AS nights
                          UNION ALL
                          SELECT 1, 1 + (a.room + a.h9) % $2::int, a.start_date + 3 + a.h5 % 12, 2 + a.h9 % 5 WHERE a.h9 % 3 = 0) stay
       JOIN bench_rooms r ON r.k = stay.room`,
    [pools.meals, pools.rooms],
  );
  // Paid in full: one payment of what the requester owes (an agency: its to-pay); partly: a third; overpaid:
  // that and a little more — the payment statuses above as the server derives them (shared/applications/payment-status.ts).
  await sql.query(
    `INSERT INTO payments (application_id, status, sum, is_online, date, created_at)
     SELECT a.id, 2, CASE a.payment_status WHEN 2 THEN round(o.owed / 3, 2) WHEN 4 THEN o.owed + 500 ELSE o.owed END,
            a.source IS NOT NULL, least(a.created_at::date + 3, current_date), a.created_at
       FROM applications a CROSS JOIN LATERAL (SELECT CASE WHEN a.agency_id IS NULL THEN a.price_total ELSE a.agency_to_pay END AS owed) o
      WHERE a.id BETWEEN $1 AND $2 AND a.payment_status > 1`,
    [chunk.idBase + chunk.from, chunk.idBase + chunk.to],
  );
  // The stored breakdown analytics sums (issue 29): one category per application by its type, its net owed to
  // the product's vendor (a hotel's or a bus's; none for the others) and the agency's commission in it.
  await sql.query(
    `WITH picked AS (
       SELECT a.id, a.net_total, a.markup_total, a.price_total, a.agency_commission, coalesce(h.vendor_id, r.vendor_id) AS vendor_id,
              CASE a.type WHEN 1 THEN 'accommodation' WHEN 2 THEN 'tour' WHEN 4 THEN 'accommodation' ELSE 'transport' END AS category
         FROM applications a LEFT JOIN hotels h ON h.id = a.hotel_id LEFT JOIN transports r ON r.id = a.transport_id
        WHERE a.id BETWEEN $1 AND $2),
     totals AS (
       INSERT INTO application_category_totals (application_id, category, net, markup, price, discount, price_total, agency_commission)
       SELECT id, category, net_total, markup_total, price_total, 0, price_total, agency_commission FROM picked)
     INSERT INTO application_vendor_nets (application_id, vendor_id, category, net) SELECT id, vendor_id, category, net_total FROM picked`,
    [chunk.idBase + chunk.from, chunk.idBase + chunk.to],
  );
  // Chats: one in ten has the office's message and the requester's answer, read; one in thirty (of the
  // last year's) has 1–3 of the requester's messages nobody has read yet (the trigger counts them on the row).
  await sql.query(
    `INSERT INTO application_messages (application_id, message, from_requester, user_id, created_at, read_at)
     SELECT a.id, m.message, m.from_requester, CASE WHEN NOT m.from_requester THEN ($1::int[])[1 + a.h1 % cardinality($1::int[])] END,
            a.created + m.after, CASE WHEN m.read THEN a.created + m.after + interval '2 hours' END
       FROM chunk_apps a
      CROSS JOIN LATERAL (SELECT 'Добрый день! Документы по заявке готовы.' AS message, false AS from_requester, interval '1 day' AS after, true AS read WHERE a.h4 % 10 = 0
                          UNION ALL SELECT 'Спасибо, получили.', true, interval '2 days', true WHERE a.h4 % 10 = 0
                          UNION ALL SELECT 'Подскажите, пожалуйста, время заселения? (' || k || ')', true, interval '3 days' + k * interval '1 hour', false
                                      FROM generate_series(1, 1 + a.h5 % 3) AS k
                                     WHERE a.h3 % 30 = 0 AND a.created > $2::timestamptz - interval '1 year') m`,
    [pools.managers, chunk.filledAt],
  );
}
