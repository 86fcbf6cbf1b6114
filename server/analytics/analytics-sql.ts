/**
 * The SQL of analytics' sums (docs/analytics.md "Definitions"), over `applications t` and the stored
 * pricing breakdown — nothing is priced again. Each piece is written once and used by the totals, the
 * rows (page and export) and the charts.
 */
import { VENDOR_SUMMARY_CATEGORIES } from '../../shared/applications/vendor-payments.js';
import { MESSAGES } from '../../shared/messages.js';

/** What the office keeps of an application: its total less the agency's commission and every line's net. */
export const PROCEEDS_SQL = `(t.price_total - t.agency_commission - t.net_total)`;

/**
 * A payment row `p` whose status moves the paid sum (paid, refund; a pending row does not), whatever
 * its own sum — a row of 0 still listed — by the one rule of paid, `payment_paid_amount`
 * (migrations/1765700003800-PaymentPaidAmount.ts), asked about a sum of 1.
 */
const PAYMENT_COUNTS = `payment_paid_amount(p.status, 1) <> 0`;

/** The people an application carries by its counts. */
export const PEOPLE_SQL = `(t.adult_count + t.child_count)`;

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** The agency commission's columns and the engine's categories each adds up; services are every other category. */
const COMMISSION_COLUMNS = { accommodations: ['accommodation', 'meals'], transports: ['transport'] } as const;

/**
 * The vendor-payment columns of an application's figures `f` (migrations/1765600001600-ApplicationFigures.ts
 * keeps its nets per category), as the vendor summary maps the categories: `total` every category's.
 */
export const VENDOR_COLUMN_KEYS = ['total', ...(Object.keys(VENDOR_SUMMARY_CATEGORIES) as (keyof typeof VENDOR_SUMMARY_CATEGORIES)[])] as const;
const netsOf = (categories: readonly string[]) => categories.map((category) => `f.net_${category}`).join(' + ');
const VENDOR_COLUMN_SQL: Record<(typeof VENDOR_COLUMN_KEYS)[number], string> = {
  total: `(${netsOf(Object.values(VENDOR_SUMMARY_CATEGORIES).flat())})`,
  ...(Object.fromEntries(Object.entries(VENDOR_SUMMARY_CATEGORIES).map(([column, categories]) => [column, `(${netsOf(categories)})`])) as Record<keyof typeof VENDOR_SUMMARY_CATEGORIES, string>),
};

/** An application's figures (tourists, service lines, paid less refunds, vendor payments, nets by category), kept by triggers beside it. */
export const APPLICATION_FIGURES_JOIN = `JOIN application_figures f ON f.application_id = t.id`;

/** The totals' select list over `t` and its figures `f`. */
export const TOTALS_SELECT = `
  count(*)::int AS applications_count,
  coalesce(sum(t.price_total), 0)::numeric(20,2)::text AS price_total,
  coalesce(sum(${PROCEEDS_SQL}), 0)::numeric(20,2)::text AS proceeds,
  coalesce(sum(t.agency_commission), 0)::numeric(20,2)::text AS agency_commission,
  ${VENDOR_COLUMN_KEYS.map((key) => `coalesce(sum(${VENDOR_COLUMN_SQL[key]}), 0)::numeric(20,2)::text AS vendors_${key}`).join(',\n  ')},
  coalesce(sum(f.vendors_paid), 0)::numeric(20,2)::text AS vendors_paid,
  coalesce(sum(f.paid), 0)::numeric(20,2)::text AS payments_sum,
  coalesce(sum(f.tourists), 0)::int AS tourists,
  coalesce(sum(t.adult_count), 0)::int AS adult_count,
  coalesce(sum(t.child_count), 0)::int AS child_count,
  coalesce(sum(f.services), 0)::int AS services_count`;

const unknown = `'${MESSAGES.analytics.unknown}'`;
const day = (column: string) => `to_char(${column}, 'DD.MM.YYYY')`;

/** A service line's kind's items (`application_services s` of `t`), with the service's vendor (a hotel service: the application's hotel's). */
const servicesOf = (kind: string) => `coalesce((
    SELECT json_agg(json_build_object('name', coalesce(ts.name, hs.name, ${unknown}), 'vendor', coalesce(sv.name, ${unknown}),
                                      'detail', '× ' || trim_scale(s.count)::text, 'price', s.total_after_discount::numeric(20,2)::text) ORDER BY s.position, s.id)
      FROM application_services s
      LEFT JOIN tour_services ts ON ts.id = s.tour_service_id
      LEFT JOIN hotel_services hs ON hs.id = s.hotel_service_id
      LEFT JOIN vendors sv ON sv.id = coalesce(ts.vendor_id, (SELECT h.vendor_id FROM hotels h WHERE h.id = t.hotel_id AND s.hotel_service_id IS NOT NULL))
     WHERE s.application_id = t.id AND s.kind = '${kind}'), '[]')`;

/**
 * The analytics rows of the applications `$1` (an id array), spec 03 §3 "Analytics row": own columns,
 * requester, people, items with their vendors, prices, the agency's commission and the vendors' nets
 * by column, payments with their dates (each row's `payment_paid_amount`: refunds negative).
 */
export const ROWS_SQL = `
  SELECT t.id, t.number, t.created_at, t.type, t.status,
         CASE WHEN t.agency_id IS NULL THEN c.full_name ELSE g.legal_name END AS requester,
         g.legal_name AS agency_name,
         f.tourists, t.adult_count, t.child_count,
         ${PROCEEDS_SQL}::numeric(20,2)::text AS proceeds,
         t.price_total::numeric(20,2)::text AS price_total, t.discount::numeric(20,2)::text AS discount, t.price_without_discount::numeric(20,2)::text AS price_without_discount,
         t.manual_price_without_discount::numeric(20,2)::text AS manual_price_without_discount,
         t.agency_commission::numeric(20,2)::text AS agency_commission,
         ${[...Object.keys(COMMISSION_COLUMNS), 'services'].map((column) => `kx.${column}::numeric(20,2)::text AS commission_${column}`).join(', ')},
         ${VENDOR_COLUMN_KEYS.map((key) => `${VENDOR_COLUMN_SQL[key]}::numeric(20,2)::text AS vendors_${key}`).join(', ')},
         f.vendors_paid::numeric(20,2)::text AS vendors_paid,
         application_due(t)::numeric(20,2)::text AS payable, f.paid::numeric(20,2)::text AS paid,
         coalesce((SELECT json_agg(json_build_object('date', p.date, 'sum', payment_paid_amount(p.status, p.sum)::numeric(20,2)::text) ORDER BY p.date, p.id)
                     FROM payments p WHERE p.application_id = t.id AND ${PAYMENT_COUNTS}), '[]') AS payments,
         coalesce((SELECT json_agg(json_build_object('name', h.name, 'vendor', coalesce(v.name, ${unknown}), 'detail', ${day('s.start_at')} || '–' || ${day('s.finish_at')},
                                                    'price', s.total_after_discount::numeric(20,2)::text) ORDER BY s.position, s.id)
                     FROM application_accommodations s JOIN hotels h ON h.id = s.hotel_id LEFT JOIN vendors v ON v.id = h.vendor_id
                    WHERE s.application_id = t.id), '[]') AS accommodations,
         coalesce((SELECT json_agg(json_build_object('name', r.name, 'vendor', coalesce(v.name, ${unknown}),
                                                    'detail', f.name || ' → ' || d.name || ', ' || ${day('i.start_at')}, 'price', i.total_after_discount::numeric(20,2)::text) ORDER BY i.leg DESC)
                     FROM application_transports i JOIN transports r ON r.id = i.transport_id LEFT JOIN vendors v ON v.id = r.vendor_id
                     JOIN cities f ON f.id = i.from_city_id JOIN cities d ON d.id = i.to_city_id
                    WHERE i.application_id = t.id), '[]') AS transports,
         ${servicesOf('services')} AS services,
         ${servicesOf('required_services')} AS required_services,
         ${servicesOf('additional_services')} AS additional_services
    FROM applications t
    LEFT JOIN clients c ON c.id = t.client_id
    LEFT JOIN agencies g ON g.id = t.agency_id
    ${APPLICATION_FIGURES_JOIN}
    -- The agency's commission by column, one read of the application's category totals.
    CROSS JOIN LATERAL (
      SELECT ${Object.entries(COMMISSION_COLUMNS).map(([column, categories]) => `coalesce(sum(k.agency_commission) FILTER (WHERE k.category IN (${quoted(categories)})), 0) AS ${column}`).join(', ')},
             coalesce(sum(k.agency_commission) FILTER (WHERE k.category NOT IN (${quoted(Object.values(COMMISSION_COLUMNS).flat())})), 0) AS services
        FROM application_category_totals k WHERE k.application_id = t.id) kx
   WHERE t.id = ANY($1::int[])
   ORDER BY array_position($1::int[], t.id)`;
