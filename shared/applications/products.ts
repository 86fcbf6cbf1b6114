/**
 * The product of an application type (issue 38 "one home for every rule"; spec 03 §2.3): which
 * product each type sells, the column holding its id, the table naming it and what the product is
 * called (analytics' "subjects"). Avia and railway have none. Everything else derives from this
 * table: the types' dictionary (constants.ts), the aggregate's declaration and the order book on the
 * server, analytics' subjects and tables, the editor's checks, and the SQL naming an application's
 * product (`productNameSql`, which the migrations' functions `application_product_name` and
 * `application_list_content` are tested equal to: server/applications/products-sql.unit.test.ts).
 */

/** Application types' ids (constants.ts's APPLICATION_TYPES names them; it re-exports this). */
export const ApplicationType = { Accommodation: 1, ExcursionTour: 2, BusTour: 3, SeaTour: 4, Avia: 5, Railway: 6 } as const;
export type ApplicationType = (typeof ApplicationType)[keyof typeof ApplicationType];

/** Product kinds: what an application type sells (analytics' "subjects"); also the name of the aggregate's reference to it. */
export const ProductKind = { Hotel: 'hotel', Tour: 'tour', Transport: 'transport', SeaTour: 'sea_tour' } as const;
export type ProductKind = (typeof ProductKind)[keyof typeof ProductKind];

/** One product: the type selling it, its kind, the application's column holding its id, its table and its name. */
export interface ProductOfType {
  type: ApplicationType;
  kind: ProductKind;
  column: 'hotel_id' | 'tour_id' | 'transport_id' | 'sea_tour_id';
  table: 'hotels' | 'tours' | 'transports' | 'sea_tours';
  name: string;
}

/** The one table: type → product. */
export const PRODUCTS = [
  { type: ApplicationType.Accommodation, kind: ProductKind.Hotel, column: 'hotel_id', table: 'hotels', name: 'Отель' },
  { type: ApplicationType.ExcursionTour, kind: ProductKind.Tour, column: 'tour_id', table: 'tours', name: 'Экскурсионный тур' },
  { type: ApplicationType.BusTour, kind: ProductKind.Transport, column: 'transport_id', table: 'transports', name: 'Автобусный тур' },
  { type: ApplicationType.SeaTour, kind: ProductKind.SeaTour, column: 'sea_tour_id', table: 'sea_tours', name: 'Морской тур' },
] as const satisfies readonly ProductOfType[];

export type ProductColumn = ProductOfType['column'];

/** The product an application type sells (undefined for avia and railway or an unknown type). */
export const productOfType = (type: number | null | undefined): ProductOfType | undefined => PRODUCTS.find((product) => product.type === type);

/** The kind of product an application type sells, null when it has none. */
export const productKindOfType = (type: number | null | undefined): ProductKind | null => productOfType(type)?.kind ?? null;

/** The column holding each kind's id. */
export const PRODUCT_COLUMNS = Object.fromEntries(PRODUCTS.map((product) => [product.kind, product.column])) as {
  [Kind in ProductKind]: Extract<(typeof PRODUCTS)[number], { kind: Kind }>['column'];
};

/** The table of each product column. */
export const PRODUCT_TABLES = Object.fromEntries(PRODUCTS.map((product) => [product.column, product.table])) as {
  [Column in ProductColumn]: Extract<(typeof PRODUCTS)[number], { column: Column }>['table'];
};

/**
 * The SQL naming the product of the application row `alias` (null for a type without one) — the
 * expression of the functions `application_product_name` (migrations/1765600001300) and
 * `application_list_content` (1765400000700), which a test holds equal to this.
 */
export const productNameSql = (alias = 'a'): string =>
  [`CASE ${alias}.type`, ...PRODUCTS.map((product) => `WHEN ${product.type} THEN (SELECT name FROM ${product.table} WHERE id = ${alias}.${product.column})`), 'END'].join('\n');
