/**
 * What the application editor needs of a product (GET /api/applications/products/{kind}/{id}): one
 * statement per answer, the children built as JSON inside PostgreSQL (no query per room or per
 * point), only the columns the editor reads. Names of dictionaries (service classes, transfer types)
 * come from shared/ after the read.
 */
import type { DataSource } from 'typeorm';
import {
  DEPARTURES_AHEAD_DAYS,
  type ApplicationProduct,
  type HotelProduct,
  type HotelServiceOption,
  type SeaTourProduct,
  type TourProduct,
  type TourServiceOption,
  type TransportProduct,
} from '../../../shared/applications/editor-data.js';
import { ProductKind } from '../../../shared/applications/constants.js';
import { serviceClassName } from '../../../shared/tour-services/constants.js';
import { TRANSFER_TYPES } from '../../../shared/transfers.js';
import { departureDates } from '../../../shared/transport/rules.js';

/** `{id, name}` of the row aliased `alias`. */
const named = (alias: string) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name)`;
/** `{id, name}` of the `table` row whose id is `id`, or null. */
const namedOf = (table: string, id: string) => `(SELECT ${named('n')} FROM ${table} n WHERE n.id = ${id})`;
/** A JSON array of `item` over `from` in `orderBy` order; `[]` when there is none. */
const jsonList = (item: string, from: string, orderBy: string) => `coalesce((SELECT json_agg(${item} ORDER BY ${orderBy}) ${from}), '[]'::json)`;
const hhmm = (column: string) => `to_char(${column}, 'HH24:MI')`;

/** A hotel's service items (a service line's choice and its sum), over `h`, the hotel. */
const HOTEL_SERVICES_SQL = jsonList(
  `json_build_object('id', s.id, 'name', s.name, 'sum', i.sum)`,
  'FROM hotel_service_items i JOIN hotel_services s ON s.id = i.item_id WHERE i.hotel_id = h.id',
  'i.position',
);

const HOTEL_SQL = `
  SELECT json_build_object(
    'id', h.id, 'name', h.name, 'city', ${named('c')}, 'vendor', ${namedOf('vendors', 'h.vendor_id')},
    'rooms', ${jsonList(
      `json_build_object(
        'id', r.id, 'type', ${named('rt')},
        'place', json_build_object('id', p.id, 'name', p.name, 'places_count', p.places_count, 'adv_places_count', p.adv_places_count),
        'accommodation', ${named('a')}, 'description', ${namedOf('room_descriptions', 'r.description_id')},
        'adult_count', r.adult_count, 'child_count', r.child_count, 'adv_adult_count', r.adv_adult_count,
        'adv_child_count', r.adv_child_count, 'child_without', r.child_without,
        'meals', ${jsonList(
          `json_build_object('id', m.id, 'name', m.name, 'sum', (SELECT hm.sum FROM hotel_meal_items hm WHERE hm.hotel_id = h.id AND hm.item_id = m.id LIMIT 1))`,
          'FROM hotel_room_meals rm JOIN meals m ON m.id = rm.item_id WHERE rm.room_id = r.id',
          'rm.position',
        )},
        'periods', ${jsonList(`json_build_object('from', pr.date_from, 'to', pr.date_to)`, 'FROM hotel_room_prices pr WHERE pr.room_id = r.id', 'pr.date_from')}
      )`,
      `FROM hotel_rooms r JOIN room_types rt ON rt.id = r.type_id JOIN room_places p ON p.id = r.place_id
        JOIN accommodations a ON a.id = r.accommodation_id WHERE r.hotel_id = h.id`,
      'r.position, r.id',
    )},
    'meals', ${jsonList(`json_build_object('id', m.id, 'name', m.name, 'sum', i.sum)`, 'FROM hotel_meal_items i JOIN meals m ON m.id = i.item_id WHERE i.hotel_id = h.id', 'i.position')},
    'services', ${HOTEL_SERVICES_SQL}
  ) AS product
  FROM hotels h JOIN cities c ON c.id = h.city_id WHERE h.id = $1`;

const TRANSPORT_SQL = `
  SELECT json_build_object(
    'id', t.id, 'name', t.name, 'duration', t.duration, 'vendor', ${namedOf('vendors', 't.vendor_id')},
    'transportation', json_build_object('id', v.id, 'name', v.name, 'seats', v.seats, 'schema_svg', v.schema_svg),
    'route', ${jsonList(
      `json_build_object('id', p.id, 'position', p.position, 'kind', p.kind, 'city', ${named('c')}, 'info', p.info,
        'start_time', ${hhmm('p.start_time')}, 'finish_time', ${hhmm('p.finish_time')}, 'arrival_day', p.arrival_day, 'departure_day', p.departure_day)`,
      'FROM transport_route_points p JOIN cities c ON c.id = p.point_city_id WHERE p.transport_id = t.id',
      'p.position',
    )},
    'departure_type', t.departure_type, 'start_date', t.start_date, 'finish_date', t.finish_date,
    'days', ${jsonList('d.number', 'FROM transport_days d WHERE d.transport_id = t.id', 'd.number')},
    'dates', ${jsonList('d.start_date', 'FROM transport_dates d WHERE d.transport_id = t.id AND d.start_date >= current_date', 'd.start_date')},
    'adult_price', t.adult_price, 'child_price', t.child_price
  ) AS product, current_date::text AS today, (current_date + $2::int)::text AS horizon
  FROM transports t JOIN transportations v ON v.id = t.transportation_id WHERE t.id = $1`;

/**
 * A tour's services of one list (`tour_service_items.list`), in the tour's order, with their price
 * periods; `extra` narrows them further (SQL over `i`, the item row, and `t`, the tour).
 */
const tourServicesSql = (list: 'services' | 'required_services', extra = '') =>
  jsonList(
    `json_build_object('id', s.id, 'name', s.name, 'class', s.class, 'vendor', ${namedOf('vendors', 's.vendor_id')},
      'periods', ${jsonList(`json_build_object('from', sd.date_from, 'to', sd.date_to, 'adult_price', sd.adult_price)`, 'FROM tour_service_dates sd WHERE sd.service_id = s.id', 'sd.date_from')})`,
    `FROM tour_service_items i JOIN tour_services s ON s.id = i.item_id WHERE i.tour_id = t.id AND i.list = '${list}' ${extra}`,
    'i.position',
  );

/** The additional services a tour's application may add: its services list without its required ones (spec 03 §7). */
const TOUR_OPTIONAL_SERVICES_SQL = tourServicesSql(
  'services',
  `AND NOT EXISTS (SELECT 1 FROM tour_service_items q WHERE q.tour_id = t.id AND q.list = 'required_services' AND q.item_id = i.item_id)`,
);

const TOUR_SQL = `
  SELECT json_build_object(
    'id', t.id, 'name', t.name, 'type', ${named('tt')}, 'city', ${namedOf('cities', 't.city_id')}, 'duration', t.duration,
    'adult_price', t.adult_price, 'child_price', t.child_price,
    'transport_forth', ${namedOf('transports', 't.transport_forth_id')}, 'transport_back', ${namedOf('transports', 't.transport_back_id')},
    'dates', ${jsonList(`json_build_object('id', d.id, 'start_date', d.start_date, 'past', d.start_date < current_date)`, 'FROM tour_dates d WHERE d.tour_id = t.id', 'd.start_date')},
    'hotels', ${jsonList(
      `json_build_object('id', h.id, 'name', h.name, 'arrival_day', th.arrival_day, 'departure_day', th.departure_day, 'meal', ${namedOf('meals', 'th.meal_id')})`,
      'FROM tour_hotels th JOIN hotels h ON h.id = th.hotel_id WHERE th.tour_id = t.id',
      'th.position',
    )},
    'services', ${tourServicesSql('services')},
    'required_services', ${tourServicesSql('required_services')},
    'meals', ${jsonList(
      `json_build_object('id', m.id, 'name', coalesce(m.name, mv.name), 'vendor', CASE WHEN mv.id IS NULL THEN NULL ELSE ${named('mv')} END, 'days', to_json(m.days))`,
      'FROM tour_meals m LEFT JOIN vendors mv ON mv.id = m.vendor_id WHERE m.tour_id = t.id',
      'm.position, m.id',
    )}
  ) AS product
  FROM tours t JOIN tour_types tt ON tt.id = t.tour_type_id WHERE t.id = $1`;

const SEA_TOUR_SQL = `
  SELECT json_build_object(
    'id', s.id, 'name', s.name, 'city', ${named('c')},
    'transfer_types', ${jsonList('tt.transfer_type', 'FROM sea_tour_transfer_types tt WHERE tt.sea_tour_id = s.id', 'tt.position')},
    'hotels', ${jsonList(
      `json_build_object('id', h.id, 'name', h.name, 'group_id', g.id)`,
      'FROM sea_tour_hotel_groups g JOIN sea_tour_group_hotels gh ON gh.group_id = g.id JOIN hotels h ON h.id = gh.hotel_id WHERE g.sea_tour_id = s.id',
      'g.position, g.id, gh.position',
    )},
    'transports', ${jsonList(
      `json_build_object('forth', ${named('f')}, 'back', ${named('b')})`,
      'FROM sea_tour_transports st JOIN transports f ON f.id = st.transport_forth_id JOIN transports b ON b.id = st.transport_back_id WHERE st.sea_tour_id = s.id',
      'st.position',
    )}
  ) AS product
  FROM sea_tours s JOIN cities c ON c.id = s.city_id WHERE s.id = $1`;

type Stored<Product> = Omit<Product, 'kind'>;
/** Whatever sends a statement: the pool, a transaction's manager, a test's counter. */
export type Sql = Pick<DataSource, 'query'>;

/** Service class names from shared/ (the SQL answers the class id). */
const withClassNames = (services: Omit<TourServiceOption, 'class_name'>[]): TourServiceOption[] =>
  services.map((service) => ({ ...service, class_name: serviceClassName(service.class) ?? '' }));

const READERS: { [Kind in ProductKind]: (db: Sql, id: number) => Promise<ApplicationProduct | null> } = {
  [ProductKind.Hotel]: async (db, id) => {
    const [row] = await db.query<{ product: Stored<HotelProduct> }[]>(HOTEL_SQL, [id]);
    return row ? { kind: ProductKind.Hotel, ...row.product } : null;
  },
  [ProductKind.Transport]: async (db, id) => {
    const [row] = await db.query<{ product: Omit<Stored<TransportProduct>, 'departures'>; today: string; horizon: string }[]>(TRANSPORT_SQL, [id, DEPARTURES_AHEAD_DAYS]);
    if (!row) return null;
    const { product } = row;
    const departures = departureDates(
      { ...product, days: product.days.map((number) => ({ number })), dates: product.dates.map((start_date) => ({ start_date })) },
      { from: row.today, to: row.horizon },
    );
    return { kind: ProductKind.Transport, ...product, departures };
  },
  [ProductKind.Tour]: async (db, id) => {
    const [row] = await db.query<{ product: Stored<TourProduct> }[]>(TOUR_SQL, [id]);
    if (!row) return null;
    const { services, required_services, ...tour } = row.product;
    return { kind: ProductKind.Tour, ...tour, services: withClassNames(services), required_services: withClassNames(required_services) };
  },
  [ProductKind.SeaTour]: async (db, id) => {
    const [row] = await db.query<{ product: Omit<Stored<SeaTourProduct>, 'transfer_types'> & { transfer_types: number[] } }[]>(SEA_TOUR_SQL, [id]);
    if (!row) return null;
    const transfer_types = row.product.transfer_types.map((type) => TRANSFER_TYPES.find((known) => known.id === type)).filter((type) => type !== undefined);
    return { kind: ProductKind.SeaTour, ...row.product, transfer_types: transfer_types.map(({ id: typeId, name }) => ({ id: typeId, name })) };
  },
};

/** The product of `kind` with id `id`, or null when there is none. */
export const readProduct = (db: Sql, kind: ProductKind, id: number): Promise<ApplicationProduct | null> => READERS[kind](db, id);

/**
 * GET /api/{hotels|tours}/{id}/services/list: what a service line may name — a hotel's service items
 * with their sums, or a tour's services without its required ones; null when there is no such product.
 */
export async function readServiceOptions(db: Sql, kind: typeof ProductKind.Hotel | typeof ProductKind.Tour, id: number): Promise<HotelServiceOption[] | TourServiceOption[] | null> {
  if (kind === ProductKind.Hotel) {
    const [row] = await db.query<{ services: HotelServiceOption[] }[]>(`SELECT ${HOTEL_SERVICES_SQL} AS services FROM hotels h WHERE h.id = $1`, [id]);
    return row ? row.services : null;
  }
  const [row] = await db.query<{ services: Omit<TourServiceOption, 'class_name'>[] }[]>(`SELECT ${TOUR_OPTIONAL_SERVICES_SQL} AS services FROM tours t WHERE t.id = $1`, [id]);
  return row ? withClassNames(row.services) : null;
}
