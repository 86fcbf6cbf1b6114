import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The application's own columns the list reads or filters on (the view's columns before its content). */
const ownColumns = (phoneDigits: boolean) => `a.id, a.number, a.type, a.status, a.payment_status, a.start_date, a.client_id, a.agency_id, a.city_id,
  a.source, a.source_key, a.platform, a.requester_type, a.is_watched,
  a.has_unread_messages, a.unread_messages_count, a.edited_from_front, a.phone,${phoneDigits ? ' a.phone_digits,' : ''} a.email, a.search_text, a.version,
  a.hotel_id, a.tour_id, a.transport_id, a.sea_tour_id,
  a.price_total::text AS price_total, a.agency_to_pay::text AS agency_total`;

/**
 * The application list's row content from a function whose plan the database keeps (issue 19's bench,
 * docs/performance.md "Applications list at a million"): the view `application_list_rows` had its
 * content as fourteen subqueries, and planning them took PostgreSQL longer (1–5 ms) than running the
 * page. Now the view is the application's own columns and `content`, the JSON of one PL/pgSQL call
 * per row — PL/pgSQL plans its statement once per connection — so a page's statement plans in a
 * fraction of that. A count or a filter over the view never calls it (an unread column is not
 * computed). The JSON is what the subqueries gave: the requester, the product's name, the tourists,
 * the stays, the transport and transfer legs by leg, the paid sum and whether the row can be deleted.
 * The view also gains `phone_digits` (1765400000600), which a filtered digit search reads.
 */
export class ApplicationListContent1765400000700 implements MigrationInterface {
  name = 'ApplicationListContent1765400000700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION application_list_content(a applications) RETURNS json LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN json_build_object(
          'requestorable', CASE WHEN a.agency_id IS NULL
            THEN (SELECT json_build_object('type', 'clients', 'id', c.id, 'full_name', c.full_name, 'name', c.full_name, 'is_active', c.is_active) FROM clients c WHERE c.id = a.client_id)
            ELSE (SELECT json_build_object('type', 'agencies', 'id', g.id, 'full_name', g.legal_name, 'name', g.legal_name, 'is_active', g.is_active) FROM agencies g WHERE g.id = a.agency_id)
          END,
          'product_name', CASE a.type
            WHEN 1 THEN (SELECT name FROM hotels WHERE id = a.hotel_id)
            WHEN 2 THEN (SELECT name FROM tours WHERE id = a.tour_id)
            WHEN 3 THEN (SELECT name FROM transports WHERE id = a.transport_id)
            WHEN 4 THEN (SELECT name FROM sea_tours WHERE id = a.sea_tour_id)
          END,
          'tourists', coalesce((SELECT json_agg(json_build_object('id', t.id, 'full_name', concat_ws(' ', t.last_name, t.first_name, t.patronymic)) ORDER BY t.position, t.id)
                                  FROM tourists t WHERE t.application_id = a.id), '[]'),
          'accommodations', coalesce((SELECT json_agg(json_build_object('hotel', h.name, 'start_at', s.start_at, 'finish_at', s.finish_at) ORDER BY s.position, s.id)
                                        FROM application_accommodations s JOIN hotels h ON h.id = s.hotel_id WHERE s.application_id = a.id), '[]'),
          'transports', (SELECT json_object_agg(i.leg, json_build_object('from_city', f.name, 'to_city', d.name, 'start_at', i.start_at, 'finish_at', i.finish_at))
                           FROM application_transports i JOIN cities f ON f.id = i.from_city_id JOIN cities d ON d.id = i.to_city_id WHERE i.application_id = a.id),
          'transfers', (SELECT json_object_agg(i.leg, json_build_object('from_city', f.name, 'to_city', d.name, 'transfer_type', i.transfer_type, 'start_at', i.start_at, 'finish_at', i.finish_at))
                          FROM application_transfers i JOIN cities f ON f.id = i.from_city_id JOIN cities d ON d.id = i.to_city_id WHERE i.application_id = a.id),
          'paid', (SELECT coalesce(sum(p.sum), 0)::text FROM payments p WHERE p.application_id = a.id AND p.status = 2),
          'can_delete', NOT EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id)
                          AND NOT EXISTS (SELECT 1 FROM vendor_payments v WHERE v.application_id = a.id));
      END $$`);
    await db.query(`DROP VIEW application_list_rows`);
    await db.query(`CREATE VIEW application_list_rows AS SELECT ${ownColumns(true)}, application_list_content(a) AS content FROM applications a`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW application_list_rows`);
    await db.query(`DROP FUNCTION application_list_content(applications)`);
    // The view as 1765400000300-ApplicationList made it (its content as subqueries).
    await db.query(`
      CREATE VIEW application_list_rows AS
      SELECT ${ownColumns(false)},
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
}
