import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sanitizeRichText202611 as sanitizeRichText } from './frozen/rich-text-2026-11.js';
import { BUMP_RECORD_VERSION_FUNCTION, versionedTableSql } from './versioning.js';

/**
 * Stored content that can be trusted (issue 8 "Stored content"):
 * 1. rich text already stored is sanitized like every new save (the cities' SEO blocks);
 * 2. an upload in use cannot be deleted (references RESTRICT), and a city's catalogue image can only
 *    be a city photo (`photos/city/…`), an agency document only an agency document upload;
 * 3. clients' e-mail (whatever its case) and phone are unique;
 * 4. every table a form edits is versioned (migrations/versioning.ts): saves with a stale version get
 *    409; the version trigger no longer counts generated columns (NULL in a BEFORE trigger) as changes.
 */
export class StoredContent1764300000000 implements MigrationInterface {
  name = 'StoredContent1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await sanitizeStoredRichText(db);
    await restrictFileReferences(db);
    await uniqueClientContacts(db);
    await db.query(BUMP_RECORD_VERSION_FUNCTION);
    for (const [table, ignored] of VERSIONED_TABLES) for (const statement of versionedTableSql(table, ignored)) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    // The trigger function stays as it is: leaving generated columns out is a fix, not part of this change to undo.
    for (const [table] of VERSIONED_TABLES) {
      await db.query(`DROP TRIGGER IF EXISTS trg_${table}_version ON ${table}`);
      await db.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS version, DROP COLUMN IF EXISTS updated_by_id`);
    }
    await db.query(`DROP INDEX IF EXISTS uq_clients_email, uq_clients_phone`);
    await db.query(`ALTER TABLE agency_documents DROP CONSTRAINT IF EXISTS ck__file`);
    await db.query(`ALTER TABLE cities DROP CONSTRAINT IF EXISTS "ck__catalog.image", DROP CONSTRAINT "fk__catalog.image"`);
    await db.query(
      `ALTER TABLE cities ADD CONSTRAINT "fk__catalog.image" FOREIGN KEY (catalog_image) REFERENCES files (path) ON UPDATE CASCADE ON DELETE SET NULL`,
    );
  }
}

/**
 * Tables edited by a form, with the columns that are marks rather than data (`is_new` is cleared
 * when a colleague opens the record: that is not an edit). agency_users are written by the
 * agencies' own cabinet, versioned for the day they are edited here too.
 */
const VERSIONED_TABLES: [string, string[]][] = [
  ['users', []],
  ['clients', ['is_new']],
  ['agencies', ['is_new']],
  ['agency_users', []],
  ['agency_documents', []],
  ['countries', []],
  ['cities', []],
  ['directions', []],
  ['hotel_directions', []],
  ['vendors', []],
  ['meals', []],
  ['accommodations', []],
  ['hotel_services', []],
  ['promotions', []],
  ['infrastructure_types', []],
  ['infrastructures', []],
  ['room_types', []],
  ['room_places', []],
  ['room_descriptions', []],
  ['room_services', []],
  ['room_equipment', []],
  ['room_furniture', []],
  ['room_bathrooms', []],
  ['tour_categories', []],
  ['tour_trade_offers', []],
  ['tour_types', []],
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rich-text parts of a city's SEO block (shared/resources/cities.ts), as they were stored when this migration was written. */
function cleanSeoBlock(block: unknown): void {
  if (!isObject(block)) return;
  if (typeof block.description === 'string') block.description = sanitizeRichText(block.description);
  if (isObject(block.bottom_block) && typeof block.bottom_block.text === 'string') block.bottom_block.text = sanitizeRichText(block.bottom_block.text);
  for (const [list, field] of [['faq', 'answer'], ['advantages', 'text']] as const) {
    const items = block[list];
    if (!Array.isArray(items)) continue;
    for (const item of items) if (isObject(item) && typeof item[field] === 'string') item[field] = sanitizeRichText(item[field]);
  }
}

async function sanitizeStoredRichText(db: QueryRunner): Promise<void> {
  let afterId = 0;
  for (;;) {
    const cities: { id: number; seo_settings: Json }[] = await db.query(
      `SELECT id, seo_settings FROM cities WHERE id > $1 ORDER BY id LIMIT 500`,
      [afterId],
    );
    if (cities.length === 0) return;
    for (const city of cities) {
      const before = JSON.stringify(city.seo_settings);
      cleanSeoBlock(city.seo_settings?.hotel);
      cleanSeoBlock(city.seo_settings?.bus_tickets);
      if (JSON.stringify(city.seo_settings) !== before) await db.query(`UPDATE cities SET seo_settings = $2 WHERE id = $1`, [city.id, city.seo_settings]);
    }
    afterId = cities[cities.length - 1]!.id;
  }
}

async function restrictFileReferences(db: QueryRunner): Promise<void> {
  // A catalogue image that is not a city photo (any stored path was accepted before) is dropped.
  const dropped = returnedRows<{ id: number; catalog_image: string }>(await db.query(
    `UPDATE cities c SET catalog_image = NULL FROM cities old
      WHERE c.id = old.id AND c.catalog_image IS NOT NULL AND NOT starts_with(c.catalog_image, 'photos/city/')
      RETURNING c.id, old.catalog_image`,
  ));
  await db.query(`ALTER TABLE cities DROP CONSTRAINT "fk__catalog.image"`);
  await db.query(`ALTER TABLE cities ADD CONSTRAINT "fk__catalog.image" FOREIGN KEY (catalog_image) REFERENCES files (path) ON UPDATE CASCADE ON DELETE RESTRICT`);
  await db.query(`ALTER TABLE cities ADD CONSTRAINT "ck__catalog.image" CHECK (starts_with(catalog_image, 'photos/city/'))`);
  await db.query(`ALTER TABLE agency_documents ADD CONSTRAINT ck__file CHECK (starts_with(file_path, 'documents/agency/'))`);
  if (dropped.length > 0) {
    await notice(db, 'Сброшены изображения каталога, не являющиеся фотографиями городов', { cities: dropped });
  }
}

/**
 * E-mail (case-insensitive) and phone unique among clients. Existing duplicates: the oldest client
 * keeps the e-mail and later ones lose it (the e-mail is the cabinet login, which must name one
 * client); a phone is required, so later clients with a phone already used keep it and stay out of
 * the phone index (every other client and every new one is in it). Both lists go to /logs for staff
 * to merge the clients.
 */
async function uniqueClientContacts(db: QueryRunner): Promise<void> {
  const clearedEmails = returnedRows<{ id: number; email: string }>(await db.query(
    `WITH ranked AS (
       SELECT id, email, row_number() OVER (PARTITION BY lower(email) ORDER BY id) AS n FROM clients WHERE email IS NOT NULL
     )
     UPDATE clients c SET email = NULL FROM ranked r WHERE c.id = r.id AND r.n > 1 RETURNING c.id, r.email`,
  ));
  await db.query(`CREATE UNIQUE INDEX uq_clients_email ON clients (lower(email))`);

  const samePhone: { id: number; phone: string }[] = await db.query(
    `SELECT id, phone FROM (SELECT id, phone, row_number() OVER (PARTITION BY phone ORDER BY id) AS n FROM clients) ranked WHERE n > 1 ORDER BY id`,
  );
  const grandfathered = samePhone.map((row) => Number(row.id)).filter(Number.isSafeInteger);
  await db.query(
    `CREATE UNIQUE INDEX uq_clients_phone ON clients (phone)${grandfathered.length > 0 ? ` WHERE id NOT IN (${grandfathered.join(', ')})` : ''}`,
  );
  if (clearedEmails.length > 0 || samePhone.length > 0) {
    await notice(db, 'Найдены клиенты с одинаковыми email или телефоном', { cleared_emails: clearedEmails, same_phone: samePhone });
  }
}

/** The rows of an `UPDATE … RETURNING` (TypeORM answers `[rows, affected]` for an UPDATE). */
const returnedRows = <Row>(result: unknown): Row[] => (Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as Row[]) : (result as Row[]));

async function notice(db: QueryRunner, title: string, meta: Json): Promise<void> {
  await db.query(`INSERT INTO logs (level, level_name, source, title, msg, meta) VALUES (250, 'NOTICE', 'database', $1, '', $2)`, [title, meta]);
}
