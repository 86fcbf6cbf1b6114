import type { MigrationInterface, QueryRunner } from 'typeorm';
import { countedTableSql } from './row-counts.js';

/** Keys whose per-value counts the database keeps: an unsearched page filtered by one of them reads its count (issue 19). */
const COUNTED_KEYS = ['status', 'is_watched', 'type', 'payment_status', 'requester_type', 'has_unread_messages', 'source_key', 'platform'];

/**
 * The application list (issue 19, docs/applications.md "The list"; spec 03 §2.1) at a million rows.
 *
 * - Indexes for each filter and sort the screen offers, each ending in `id` so a filtered page reads
 *   its newest rows from the index in order (the list is newest first) and stops after ten;
 *   `start_date`, `city_id`, `client_id`, `agency_id` have theirs since the applications migration.
 * - The search text's trigram index (the search of words; digits go to the digit-search indexes).
 * - Counts the database keeps: every row and per status, watched flag, type, payment status,
 *   requester type and unread flag (the header's unwatched counter reads `is_watched=false`).
 * - An application made in the office (no source) starts watched: the office knows it already.
 * - `application_list_rows`: a list row's content as subqueries of the row, so the page's ten rows
 *   alone get their tourists, stays, legs and payments (the view is flattened into the page's
 *   statement; the ids of the page are chosen from `applications` and its indexes before).
 */
export class ApplicationList1765400000300 implements MigrationInterface {
  name = 'ApplicationList1765400000300';

  async up(db: QueryRunner): Promise<void> {
    // The source filter's value ('none': made in the office, shared/applications/list.ts OFFICE_SOURCE) and
    // the mobile application's platform as columns: each filter value is then a counted key and an index-only count.
    await db.query(`
      ALTER TABLE applications
        ADD COLUMN source_key varchar(32) GENERATED ALWAYS AS (coalesce(source, 'none')) STORED,
        ADD COLUMN platform varchar(16) GENERATED ALWAYS AS (CASE WHEN source = 'mobile_application' THEN source_payload ->> 'platform' END) STORED`);
    await db.query(`CREATE INDEX ix_applications_search ON applications USING gin (search_text gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_applications_status_id ON applications (status, id)`);
    // The other filters with the status (their most frequent companion): the count of a pair reads
    // only its own entries. Alone, each is a kept count and its page the newest rows by id.
    for (const column of ['type', 'payment_status', 'source_key', 'requester_type', 'city_id']) {
      await db.query(`CREATE INDEX ix_applications_${column}_status ON applications (${column}, status, id)`);
    }
    // Status and date together (the office's morning view), and status sorted by start date.
    await db.query(`CREATE INDEX ix_applications_status_start_date ON applications (status, start_date, id)`);
    // An agency's or a client's applications by status.
    await db.query(`CREATE INDEX ix_applications_agency_status ON applications (agency_id, status, id) WHERE agency_id IS NOT NULL`);
    await db.query(`CREATE INDEX ix_applications_client_status ON applications (client_id, status, id) WHERE client_id IS NOT NULL`);
    // The rare side of the two flags (the other side is most of the table: the primary key serves it).
    await db.query(`CREATE INDEX ix_applications_unwatched ON applications (id) WHERE NOT is_watched`);
    await db.query(`CREATE INDEX ix_applications_unread ON applications (id) WHERE has_unread_messages`);
    await db.query(`CREATE INDEX ix_applications_platform ON applications (platform, id) WHERE platform IS NOT NULL`);
    // The payments' sum of a row (status 2 counts as paid).
    await db.query(`CREATE INDEX ix_payments_application_status ON payments (application_id, status) INCLUDE (sum)`);

    await db.query(`
      CREATE FUNCTION watch_office_applications() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.source IS NULL THEN NEW.is_watched := true; END IF;
        RETURN NEW;
      END $$`);
    await db.query(`CREATE TRIGGER trg_applications_office_watched BEFORE INSERT ON applications FOR EACH ROW EXECUTE FUNCTION watch_office_applications()`);
    await db.query(`UPDATE applications SET is_watched = true WHERE source IS NULL AND NOT is_watched`);

    for (const statement of countedTableSql('applications', COUNTED_KEYS)) await db.query(statement);

    await db.query(`
      CREATE VIEW application_list_rows AS
      SELECT a.id, a.number, a.type, a.status, a.payment_status, a.start_date, a.client_id, a.agency_id, a.city_id,
             a.source, a.source_key, a.platform, a.requester_type, a.is_watched,
             a.has_unread_messages, a.unread_messages_count, a.edited_from_front, a.phone, a.email, a.search_text, a.version,
             a.hotel_id, a.tour_id, a.transport_id, a.sea_tour_id,
             a.price_total::text AS price_total, a.agency_to_pay::text AS agency_total,
             CASE WHEN a.agency_id IS NULL
               THEN (SELECT json_build_object('type', 'clients', 'id', c.id, 'full_name', c.full_name, 'name', c.full_name, 'is_active', c.is_active) FROM clients c WHERE c.id = a.client_id)
               ELSE (SELECT json_build_object('type', 'agencies', 'id', g.id, 'full_name', g.legal_name, 'name', g.legal_name, 'is_active', g.is_active) FROM agencies g WHERE g.id = a.agency_id)
             END AS requestorable,
             CASE a.type
               WHEN 1 THEN (SELECT name FROM hotels WHERE id = a.hotel_id)
               WHEN 2 THEN (SELECT name FROM tours WHERE id = a.tour_id)
               WHEN 3 THEN (SELECT name FROM transports WHERE id = a.transport_id)
               WHEN 4 THEN (SELECT name FROM sea_tours WHERE id = a.sea_tour_id)
             END AS product_name,
             coalesce((SELECT json_agg(json_build_object('id', t.id, 'full_name', concat_ws(' ', t.last_name, t.first_name, t.patronymic)) ORDER BY t.position, t.id)
                         FROM tourists t WHERE t.application_id = a.id), '[]') AS tourists,
             coalesce((SELECT json_agg(json_build_object('hotel', h.name, 'start_at', s.start_at, 'finish_at', s.finish_at) ORDER BY s.position, s.id)
                         FROM application_accommodations s JOIN hotels h ON h.id = s.hotel_id WHERE s.application_id = a.id), '[]') AS accommodations,
             (SELECT json_object_agg(i.leg, json_build_object('from_city', f.name, 'to_city', d.name, 'start_at', i.start_at, 'finish_at', i.finish_at))
                FROM application_transports i JOIN cities f ON f.id = i.from_city_id JOIN cities d ON d.id = i.to_city_id WHERE i.application_id = a.id) AS transports,
             (SELECT json_object_agg(i.leg, json_build_object('from_city', f.name, 'to_city', d.name, 'transfer_type', i.transfer_type, 'start_at', i.start_at, 'finish_at', i.finish_at))
                FROM application_transfers i JOIN cities f ON f.id = i.from_city_id JOIN cities d ON d.id = i.to_city_id WHERE i.application_id = a.id) AS transfers,
             (SELECT coalesce(sum(p.sum), 0)::text FROM payments p WHERE p.application_id = a.id AND p.status = 2) AS paid,
             NOT EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id)
               AND NOT EXISTS (SELECT 1 FROM vendor_payments v WHERE v.application_id = a.id) AS can_delete
        FROM applications a`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW application_list_rows`);
    for (const event of ['insert', 'delete', 'update', 'truncate']) await db.query(`DROP TRIGGER IF EXISTS trg_applications_count_${event} ON applications`);
    await db.query(`DELETE FROM row_counts WHERE table_name = 'applications'`);
    await db.query(`DROP TRIGGER trg_applications_office_watched ON applications`);
    await db.query(`DROP FUNCTION watch_office_applications()`);
    await db.query(`DROP INDEX ix_payments_application_status`);
    for (const index of ['search', 'status_id', 'type_status', 'payment_status_status', 'source_key_status', 'requester_type_status', 'city_id_status', 'status_start_date', 'agency_status', 'client_status', 'unwatched', 'unread', 'platform']) {
      await db.query(`DROP INDEX ix_applications_${index}`);
    }
    await db.query(`ALTER TABLE applications DROP COLUMN source_key, DROP COLUMN platform`);
  }
}
