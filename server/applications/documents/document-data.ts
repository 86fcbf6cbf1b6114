/**
 * What a generated document prints of an application (issue 28 "Generated documents"), read in one
 * statement with the names the read leaves as ids (hotel, room, meal, services). It is also the one
 * definition of a document-relevant change: a save that changes what this reads of an application
 * whose documents were made marks them to be made again (./documents-mark.ts) — a field printed later
 * is watched by adding it here, nothing else.
 */
import type { EntityManager } from 'typeorm';

export interface DocumentRide {
  leg: 'forth' | 'back';
  name: string;
  from: string;
  to: string;
  start: string;
  finish: string;
}

export interface DocumentData {
  number: string;
  type: number;
  requester_type: 'client' | 'agency';
  requester: string;
  agency_user: string | null;
  product: string | null;
  tour_date: string | null;
  phone: string | null;
  email: string | null;
  tourists: { name: string; birthday: string | null }[];
  stays: { hotel: string; room: string; meal: string | null; start: string; finish: string; adults: number; children: number }[];
  transports: DocumentRide[];
  transfers: Omit<DocumentRide, 'name'>[];
  services: { name: string; count: string; price_total: string }[];
  meals: { name: string; persons: number; price_total: string }[];
  /** Money as the database's decimal text (never a float). */
  price_without_discount: string;
  discount: string;
  price_total: string;
  prepayment: string | null;
  agency_commission: string;
  agency_to_pay: string;
}

const DAY = `'DD.MM.YYYY'`;

const DOCUMENT_SQL = `
  SELECT a.number, a.type,
    CASE WHEN a.agency_id IS NULL THEN 'client' ELSE 'agency' END AS requester_type,
    coalesce(c.full_name, ag.legal_name, '') AS requester, au.full_name AS agency_user,
    application_product_name(a) AS product, to_char(a.tour_date, ${DAY}) AS tour_date, a.phone, a.email,
    coalesce((SELECT json_agg(json_build_object('name', concat_ws(' ', x.last_name, x.first_name, x.patronymic), 'birthday', to_char(x.birthday_date, ${DAY})) ORDER BY x.position, x.id)
      FROM tourists x WHERE x.application_id = a.id), '[]') AS tourists,
    coalesce((SELECT json_agg(json_build_object('hotel', sh.name, 'room', concat_ws(', ', rt.name, rd.name), 'meal', m.name,
        'start', to_char(s.start_at, ${DAY}), 'finish', to_char(s.finish_at, ${DAY}),
        'adults', s.adult_count + s.adv_adult_count, 'children', s.child_count + s.adv_child_count + s.child_without_count) ORDER BY s.start_at, s.id)
      FROM application_accommodations s JOIN hotels sh ON sh.id = s.hotel_id JOIN hotel_rooms r ON r.id = s.room_id JOIN room_types rt ON rt.id = r.type_id
      LEFT JOIN room_descriptions rd ON rd.id = r.description_id LEFT JOIN meals m ON m.id = s.meal_id
      WHERE s.application_id = a.id), '[]') AS stays,
    coalesce((SELECT json_agg(json_build_object('leg', i.leg, 'name', tr.name, 'from', fc.name, 'to', tc.name, 'start', to_char(i.start_at, ${DAY}), 'finish', to_char(i.finish_at, ${DAY})) ORDER BY i.leg DESC)
      FROM application_transports i JOIN transports tr ON tr.id = i.transport_id JOIN cities fc ON fc.id = i.from_city_id JOIN cities tc ON tc.id = i.to_city_id
      WHERE i.application_id = a.id), '[]') AS transports,
    coalesce((SELECT json_agg(json_build_object('leg', i.leg, 'from', fc.name, 'to', tc.name, 'start', to_char(i.start_at, ${DAY}), 'finish', to_char(i.finish_at, ${DAY})) ORDER BY i.leg DESC)
      FROM application_transfers i JOIN cities fc ON fc.id = i.from_city_id JOIN cities tc ON tc.id = i.to_city_id
      WHERE i.application_id = a.id), '[]') AS transfers,
    coalesce((SELECT json_agg(json_build_object('name', coalesce(ts.name, hs.name, ''), 'count', l.count::text, 'price_total', l.total_after_discount::text) ORDER BY l.kind, l.position, l.id)
      FROM application_services l LEFT JOIN tour_services ts ON ts.id = l.tour_service_id LEFT JOIN hotel_services hs ON hs.id = l.hotel_service_id
      WHERE l.application_id = a.id), '[]') AS services,
    coalesce((SELECT json_agg(json_build_object('name', coalesce(tm.name, v.name, ''), 'persons', l.persons, 'price_total', l.total_after_discount::text) ORDER BY l.position, l.id)
      FROM application_meals l JOIN tour_meals tm ON tm.id = l.tour_meal_id LEFT JOIN vendors v ON v.id = tm.vendor_id
      WHERE l.application_id = a.id), '[]') AS meals,
    a.price_without_discount::text, a.discount::text, a.price_total::text, a.prepayment::text, a.agency_commission::text, a.agency_to_pay::text
  FROM applications a
  LEFT JOIN clients c ON c.id = a.client_id
  LEFT JOIN agencies ag ON ag.id = a.agency_id
  LEFT JOIN agency_users au ON au.id = a.agency_user_id
  WHERE a.id = $1`;

/** The printed facts of the application, or null when there is none. */
export async function readDocumentData(manager: EntityManager, id: number): Promise<DocumentData | null> {
  const [row] = await manager.query<DocumentData[]>(DOCUMENT_SQL, [id]);
  return row ?? null;
}
