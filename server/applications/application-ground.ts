/**
 * What a save and calc-totals read of other records (docs/applications.md "Pricing in the save"):
 * the product, the hotels, rooms, price periods, transports, tour services, tour meals, the
 * requester and the manager an application names — one statement per table whatever the number of
 * rows (`= ANY($1)`, children as JSON inside PostgreSQL), so the statements of a save do not grow
 * with its rows. Money columns arrive as text (never a JS float); dates as YYYY-MM-DD text.
 *
 * `GROUND_STATEMENTS` is the most statements `loadGround` sends (the bench compares a save's count
 * with it).
 */
import type { EntityManager } from 'typeorm';
import { ApplicationType, RequesterType, type Leg } from '../../shared/applications/constants.js';
import type { HotelRow, RoomPricePeriodRow, SeaTourPercents, TourMealRow, TourRow, TourServiceRow } from './pricing/index.js';

/** Whatever sends a statement: a transaction's manager, the pool, a bench's counter. */
export type Sql = Pick<EntityManager, 'query'>;

/** What the ground is loaded for: the references of a form (a saved application or an unsaved one). */
export interface GroundRequest {
  application_type: number;
  applicationable_id: number | null;
  requester_type: RequesterType;
  requester_id: number;
  agency_user_id: number | null;
  user_id: number | null;
  accommodations: readonly { hotel_id: number; room_id: number }[];
  transports: readonly { transport_id: number }[];
  /** Service lines' `serviceable_id`s: tour services for an excursion tour, hotel services otherwise. */
  service_ids: readonly number[];
  meal_ids: readonly number[];
}

export interface HotelGround extends HotelRow {
  city_id: number;
  application_auto_confirm: boolean;
  auto_confirm_status: number | null;
  /** `hotel_service_items`: the hotel's services and their sums. */
  services: readonly { item_id: number; sum: string }[];
}

export interface RoomGround {
  id: number;
  hotel_id: number;
  adult_count: number;
  child_count: number;
  adv_adult_count: number;
  adv_child_count: number;
  child_without: number;
  periods: RoomPricePeriodRow[];
}

export interface RoutePointGround {
  id: number;
  position: number;
  kind: 'start' | 'intermediate' | 'finish';
  point_city_id: number;
  arrival_day: number | null;
  departure_day: number | null;
}

export interface TransportGround {
  id: number;
  name: string;
  vendor_id: number | null;
  adult_price: string;
  child_price: string;
  departure_type: number;
  start_date: string;
  finish_date: string;
  duration: number;
  application_auto_confirm: boolean;
  auto_confirm_status: number | null;
  points: RoutePointGround[];
  tariffs: { from_position: number; to_position: number; tariff: string }[];
  days: { number: number; commission_type: number; commission_sum: string }[];
  dates: { start_date: string; commission_type: number; commission_sum: string }[];
}

/** The product of the application's type, with what the rules check against. */
export type ProductGround =
  | { kind: 'none' }
  | { kind: 'hotel'; id: number; city_id: number; application_auto_confirm: boolean; auto_confirm_status: number | null }
  | { kind: 'transport'; id: number; city_id: number | null; application_auto_confirm: boolean; auto_confirm_status: number | null }
  | {
      kind: 'tour';
      id: number;
      city_id: number | null;
      application_auto_confirm: boolean;
      auto_confirm_status: number | null;
      row: Omit<TourRow, 'start_date'>;
      dates: string[];
      hotel_ids: number[];
      transport_ids: number[];
      service_ids: number[];
      meal_ids: number[];
    }
  | {
      kind: 'sea_tour';
      id: number;
      city_id: number;
      row: SeaTourPercents;
      groups: { hotel_ids: number[]; commission_sum: string; commission_railway_sum: string; commission_avia_sum: string }[];
      hotel_ids: number[];
      transport_ids: { forth: number; back: number }[];
    };

export type RequesterGround =
  | { type: typeof RequesterType.Client; id: number; full_name: string }
  | { type: typeof RequesterType.Agency; id: number; name: string; commission_type: number; commission_sum: number };

export interface Ground {
  /** Null when the product of the type does not exist. */
  product: ProductGround | null;
  hotels: Map<number, HotelGround>;
  rooms: Map<number, RoomGround>;
  transports: Map<number, TransportGround>;
  tourServices: Map<number, TourServiceRow>;
  tourMeals: Map<number, TourMealRow & { tour_id: number }>;
  /** Null when there is no such client or agency. */
  requester: RequesterGround | null;
  agencyUser: { id: number; agency_id: number; full_name: string } | null;
  manager: { id: number; role: number } | null;
}

const PRODUCT_SQL: Record<number, string> = {
  [ApplicationType.Accommodation]: `SELECT 'hotel' AS kind, id, city_id, application_auto_confirm, auto_confirm_status FROM hotels WHERE id = $1`,
  [ApplicationType.BusTour]: `
    SELECT 'transport' AS kind, t.id, t.application_auto_confirm, t.auto_confirm_status,
      (SELECT p.point_city_id FROM transport_route_points p WHERE p.transport_id = t.id AND p.kind = 'finish') AS city_id
    FROM transports t WHERE t.id = $1`,
  [ApplicationType.ExcursionTour]: `
    SELECT 'tour' AS kind, t.id, t.city_id, t.application_auto_confirm, t.auto_confirm_status, to_jsonb(t) AS row,
      coalesce((SELECT json_agg(d.start_date::text ORDER BY d.start_date) FROM tour_dates d WHERE d.tour_id = t.id), '[]') AS dates,
      coalesce((SELECT json_agg(h.hotel_id) FROM tour_hotels h WHERE h.tour_id = t.id), '[]') AS hotel_ids,
      array_remove(ARRAY[t.transport_forth_id, t.transport_back_id], NULL) AS transport_ids,
      coalesce((SELECT json_agg(DISTINCT i.item_id) FROM tour_service_items i WHERE i.tour_id = t.id), '[]') AS service_ids,
      coalesce((SELECT json_agg(m.id) FROM tour_meals m WHERE m.tour_id = t.id), '[]') AS meal_ids
    FROM tours t WHERE t.id = $1`,
  [ApplicationType.SeaTour]: `
    SELECT 'sea_tour' AS kind, s.id, s.city_id, to_jsonb(s) AS row,
      coalesce((SELECT json_agg(json_build_object('hotel_ids', (SELECT coalesce(json_agg(gh.hotel_id), '[]') FROM sea_tour_group_hotels gh WHERE gh.group_id = g.id),
        'commission_sum', g.commission_sum::text, 'commission_railway_sum', g.commission_railway_sum::text, 'commission_avia_sum', g.commission_avia_sum::text) ORDER BY g.position)
        FROM sea_tour_hotel_groups g WHERE g.sea_tour_id = s.id), '[]') AS groups,
      coalesce((SELECT json_agg(gh.hotel_id) FROM sea_tour_group_hotels gh WHERE gh.sea_tour_id = s.id), '[]') AS hotel_ids,
      coalesce((SELECT json_agg(json_build_object('forth', st.transport_forth_id, 'back', st.transport_back_id)) FROM sea_tour_transports st WHERE st.sea_tour_id = s.id), '[]') AS transport_ids
    FROM sea_tours s WHERE s.id = $1`,
};

const HOTELS_SQL = `
  SELECT h.*,
    coalesce((SELECT json_agg(json_build_object('item_id', i.item_id, 'sum', i.sum::text)) FROM hotel_meal_items i WHERE i.hotel_id = h.id), '[]') AS meals,
    coalesce((SELECT json_agg(json_build_object('item_id', i.item_id, 'sum', i.sum::text)) FROM hotel_service_items i WHERE i.hotel_id = h.id), '[]') AS services
  FROM hotels h WHERE h.id = ANY($1::int[])`;

const ROOMS_SQL = `
  SELECT r.id, r.hotel_id, r.adult_count, r.child_count, r.adv_adult_count, r.adv_child_count, r.child_without,
    coalesce((SELECT json_agg(to_jsonb(p) - 'date_from' - 'date_to' || jsonb_build_object('date_from', p.date_from::text, 'date_to', p.date_to::text) ORDER BY p.date_from)
      FROM hotel_room_prices p WHERE p.room_id = r.id), '[]') AS periods
  FROM hotel_rooms r WHERE r.id = ANY($1::int[])`;

const TRANSPORTS_SQL = `
  SELECT t.id, t.name, t.vendor_id, t.adult_price::text, t.child_price::text, t.departure_type, t.start_date::text, t.finish_date::text, t.duration,
    t.application_auto_confirm, t.auto_confirm_status,
    coalesce((SELECT json_agg(json_build_object('id', p.id, 'position', p.position, 'kind', p.kind, 'point_city_id', p.point_city_id,
      'arrival_day', p.arrival_day, 'departure_day', p.departure_day) ORDER BY p.position) FROM transport_route_points p WHERE p.transport_id = t.id), '[]') AS points,
    coalesce((SELECT json_agg(json_build_object('from_position', x.from_position, 'to_position', x.to_position, 'tariff', x.tariff::text)) FROM transport_tariffs x WHERE x.transport_id = t.id), '[]') AS tariffs,
    coalesce((SELECT json_agg(json_build_object('number', d.number, 'commission_type', d.commission_type, 'commission_sum', d.commission_sum::text)) FROM transport_days d WHERE d.transport_id = t.id), '[]') AS days,
    coalesce((SELECT json_agg(json_build_object('start_date', d.start_date::text, 'commission_type', d.commission_type, 'commission_sum', d.commission_sum::text)) FROM transport_dates d WHERE d.transport_id = t.id), '[]') AS dates
  FROM transports t WHERE t.id = ANY($1::int[])`;

const TOUR_SERVICES_SQL = `
  SELECT s.id, s.class, s.vendor_id,
    coalesce((SELECT json_agg(json_build_object('date_from', d.date_from::text, 'date_to', d.date_to::text, 'adult_price', d.adult_price,
      'commission_adult_type', d.commission_adult_type, 'commission_adult_sum', d.commission_adult_sum) ORDER BY d.date_from) FROM tour_service_dates d WHERE d.service_id = s.id), '[]') AS periods
  FROM tour_services s WHERE s.id = ANY($1::int[])`;

const TOUR_MEALS_SQL = `
  SELECT m.id, m.tour_id, m.vendor_id, m.days,
    coalesce((SELECT json_agg(json_build_object('date_from', d.date_from::text, 'date_to', d.date_to::text, 'price', d.price,
      'commission_type', d.commission_type, 'commission_sum', d.commission_sum) ORDER BY d.date_from) FROM tour_meal_dates d WHERE d.meal_id = m.id), '[]') AS dates
  FROM tour_meals m WHERE m.id = ANY($1::int[])`;

/** The requester, its agency user and the manager in one statement (each a row or null). */
const PEOPLE_SQL = `
  SELECT
    (SELECT json_build_object('id', c.id, 'full_name', c.full_name) FROM clients c WHERE $1 = 'client' AND c.id = $2) AS client,
    (SELECT json_build_object('id', a.id, 'name', a.legal_name, 'commission_type', a.commission_type, 'commission_sum', a.commission_sum) FROM agencies a WHERE $1 = 'agency' AND a.id = $2) AS agency,
    (SELECT json_build_object('id', u.id, 'agency_id', u.agency_id, 'full_name', u.full_name) FROM agency_users u WHERE u.id = $3) AS agency_user,
    (SELECT json_build_object('id', s.id, 'role', s.role) FROM users s WHERE s.id = $4) AS manager`;

/** The most statements `loadGround` sends: product, hotels, rooms, transports, tour services, tour meals, people. */
export const GROUND_STATEMENTS = 7;

/** Transports by id as the save's ground holds them (route, tariffs, departure rows): one statement, none for no ids. */
export const loadTransports = async (sql: Sql, ids: readonly number[]): Promise<TransportGround[]> =>
  ids.length === 0 ? [] : sql.query<TransportGround[]>(TRANSPORTS_SQL, [ids]);

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));
const unique = (values: readonly number[]) => [...new Set(values)];

export async function loadGround(sql: Sql, request: GroundRequest): Promise<Ground> {
  const productSql = request.applicationable_id === null ? undefined : PRODUCT_SQL[request.application_type];
  const [productRow] = productSql ? await sql.query<Record<string, unknown>[]>(productSql, [request.applicationable_id]) : [];
  const product: ProductGround | null = productSql ? ((productRow as ProductGround | undefined) ?? null) : { kind: 'none' };

  const isTour = request.application_type === ApplicationType.ExcursionTour;
  // Hotel services are the product hotel's (or the sea tour's hotels'): those hotels' sums are read too.
  const serviceHotels = isTour ? [] : product?.kind === 'hotel' ? [product.id] : product?.kind === 'sea_tour' ? product.hotel_ids : [];
  const hotelIds = unique([...request.accommodations.map((item) => item.hotel_id), ...serviceHotels]);
  const roomIds = unique(request.accommodations.map((item) => item.room_id));
  const transportIds = unique(request.transports.map((item) => item.transport_id));

  const hotels = hotelIds.length === 0 ? [] : await sql.query<HotelGround[]>(HOTELS_SQL, [hotelIds]);
  const rooms = roomIds.length === 0 ? [] : await sql.query<RoomGround[]>(ROOMS_SQL, [roomIds]);
  const transports = await loadTransports(sql, transportIds);
  const tourServices = isTour && request.service_ids.length > 0 ? await sql.query<TourServiceRow[]>(TOUR_SERVICES_SQL, [unique(request.service_ids)]) : [];
  const tourMeals = request.meal_ids.length > 0 ? await sql.query<(TourMealRow & { tour_id: number })[]>(TOUR_MEALS_SQL, [unique(request.meal_ids)]) : [];
  const [people] = await sql.query<{ client: { id: number; full_name: string } | null; agency: Omit<Extract<RequesterGround, { type: 'agency' }>, 'type'> | null; agency_user: Ground['agencyUser']; manager: Ground['manager'] }[]>(
    PEOPLE_SQL,
    [request.requester_type, request.requester_id, request.agency_user_id, request.user_id],
  );
  const requester: RequesterGround | null = people!.client
    ? { type: RequesterType.Client, ...people!.client }
    : people!.agency
      ? { type: RequesterType.Agency, ...people!.agency }
      : null;
  return {
    product,
    hotels: byId(hotels),
    rooms: byId(rooms),
    transports: byId(transports),
    tourServices: byId(tourServices),
    tourMeals: byId(tourMeals),
    requester,
    agencyUser: people!.agency_user,
    manager: people!.manager,
  };
}

/** The route points of a leg's item, by id, with their positions (a point not of the transport is absent). */
export const pointOf = (transport: TransportGround, pointId: number) => transport.points.find((point) => point.id === pointId);

export type { Leg };
