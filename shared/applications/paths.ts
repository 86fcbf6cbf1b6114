/** The application editor's API (spec 03 §7 "Applications", issue 18), under /api. */
import { ProductKind } from './constants.js';
import { STAFF_PICKERS } from '../resources/users.js';

/** The path segment of each product kind: `/applications/products/{segment}/{id}`, `/{segment}/{id}/services/list`. */
export const PRODUCT_SEGMENTS = {
  [ProductKind.Hotel]: 'hotels',
  [ProductKind.Tour]: 'tours',
  [ProductKind.Transport]: 'transports',
  [ProductKind.SeaTour]: 'sea-tours',
} as const satisfies Record<ProductKind, string>;
export type ProductSegment = (typeof PRODUCT_SEGMENTS)[ProductKind];

/** The product kind a path segment names, or undefined. */
export const productKindOf = (segment: string): ProductKind | undefined =>
  (Object.keys(PRODUCT_SEGMENTS) as ProductKind[]).find((kind) => PRODUCT_SEGMENTS[kind] === segment);

export const APPLICATION_PATHS = {
  /** GET: the editor's dictionaries (ApplicationEditorData). */
  data: '/applications/data',
  /** GET ?transport_id=&from_route_id=&to_route_id=&departure_date= (the forth leg) → {data: BackTransportOption[]}: the buses that bring a bus tour back. */
  backTransports: '/applications/back-transports',
  /** GET: what the editor needs of a product (ApplicationProduct). */
  product: (kind: ProductKind, id: number) => `/applications/products/${PRODUCT_SEGMENTS[kind]}/${id}`,
  /**
   * The staff picker of the manager field: its `/list` takes `query`, `limit` and `user_id` (the
   * assigned manager, offered even when switched off); a manager is offered only themself and that one.
   */
  staff: STAFF_PICKERS.assignable,
  /** The agency manager picker: its `/list` takes `agency_id`, `query`, `limit`. */
  agencyUsers: '/applications/agency-users',
  /** GET ?page=&limit= → {data: ApplicationHistoryRow[], count}: the application's history, newest first (issue 28). */
  history: (id: number) => `/applications/${id}/history`,
  /** GET: the services an application line may name — a hotel's service items, a tour's services without its required ones. */
  services: (kind: typeof ProductKind.Hotel | typeof ProductKind.Tour, id: number) => `/${PRODUCT_SEGMENTS[kind]}/${id}/services/list`,
  /** GET → Paged<ApplicationListRow> (shared/applications/list.ts `applicationsList`: filters, sorts, newest first). */
  list: '/applications',
  /** GET [?client_id=|&agency_id=] → ApplicationFilters. */
  filters: '/applications/filters',
  /** PUT [{version}] → ApplicationActionReply: status 7, seats released; 422 when cancelled already. */
  cancel: (id: number) => `/applications/cancel/${id}`,
  /** POST (the edit page, once opened) → 204: the application is watched; never bumps the version. */
  watched: (id: number) => `/applications/${id}/watched`,
  /** POST {payload}: create; GET → {data: ApplicationRecord}, PUT {payload}: one application; DELETE → {message} (administrator, can_delete). */
  create: '/applications',
  record: (id: number) => `/applications/${id}`,
  /** POST {discount, manual_price_without_discount, manual_agency_commission, services…} → {data: ApplicationTotals}: over the stored application. */
  calcTotals: (id: number) => `/applications/${id}/calc-totals`,
  /** POST {payload: the whole unsaved form} → {data: ApplicationTotals}. */
  calcFormTotals: '/applications/calc-totals',
} as const;
