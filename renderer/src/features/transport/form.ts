/**
 * The bus-transport editor's form (spec 02 "Bus-transport form"): a new transport, a record read back,
 * the blank rows of its dialogs, the tariff matrix kept in step with the route, and which tab owns
 * which error path.
 */
import { DEPARTURE_TYPE } from '@shared/transport/constants';
import { rebuildTariffs, routePositions } from '@shared/transport/rules';
import {
  catalogSchema,
  dateRowSchema,
  dayRowSchema,
  finishPointSchema,
  intermediatePointSchema,
  startPointSchema,
  tariffSchema,
  type TransportFormInput,
} from '@shared/transport/schema';
import type { z } from 'zod';
import type { FormOf } from '../../common/editor/formOf';
import { tabOwnership } from '../../common/editor/tabOwnership';

/**
 * The form is the payload as the shared schema takes it (its input types: a field holds what was typed
 * until the schema checks it before it is sent), with the parts the schema defaults always present.
 */
export type DayValues = z.input<typeof dayRowSchema>;
export type DateValues = z.input<typeof dateRowSchema>;
export type StopValues = z.input<typeof intermediatePointSchema> & { can_delete?: boolean };
export type RouteValues = { start: z.input<typeof startPointSchema>; intermediates: StopValues[]; finish: z.input<typeof finishPointSchema> };
export type TariffValues = z.input<typeof tariffSchema>;
type SeoInput = NonNullable<NonNullable<z.input<typeof catalogSchema>>['seo_settings']>;
export type SeoValues = Required<SeoInput>;
/** The catalogue part, with the image's address GET adds (shown, not sent back as anything the schema reads). */
export type CatalogValues = Required<Omit<NonNullable<z.input<typeof catalogSchema>>, 'seo_settings'>> & { image_url?: string | null; seo_settings: SeoValues };
export type Values = Omit<FormOf<TransportFormInput>, 'days' | 'dates' | 'routes' | 'tariffs' | 'catalog'> & {
  days: DayValues[];
  dates: DateValues[];
  routes: RouteValues;
  tariffs: TariffValues[];
  catalog: CatalogValues;
};

const blankCatalog = (): CatalogValues => ({
  title: '',
  price: 0,
  image: null,
  image_url: null,
  sort: null,
  seo_settings: blankSeo(),
});
const blankSeo = (): SeoValues => ({
  meta: { h1: '', title: '', description: '' },
  advantages: [],
  faq: [],
  top_block: { title: '', text: '' },
  bottom_block: { title: '', text: '' },
});

/** The routes with the tariff matrix rebuilt for them (spec 02 §4: rebuilt whenever route points change). */
export function withRoutes(form: Values, routes: RouteValues): Values {
  return { ...form, routes, tariffs: rebuildTariffs(routePositions(routes as never), form.tariffs as never) };
}

const blankRoutes = (): RouteValues => ({ start: { point_city_id: null, info: '', start_time: '' }, intermediates: [], finish: { point_city_id: null, info: '', finish_time: '' } });

export const blankTransport = (): Values =>
  withRoutes(
    {
      transportation_id: null,
      vendor_id: null,
      name: '',
      duration: 1,
      adult_price: 0,
      child_price: 0,
      start_date: null,
      finish_date: null,
      departure_type: DEPARTURE_TYPE.days,
      is_excursion: false,
      application_auto_confirm: false,
      auto_confirm_status: null,
      days: [],
      dates: [],
      routes: blankRoutes(),
      tariffs: [],
      catalog: blankCatalog(),
    },
    blankRoutes(),
  );

/** A money value as typed (not yet checked by the schema) for formatMoney and formatCommission: 0 while there is none. */
export const moneyCell = (value: unknown): number | string => (typeof value === 'number' || typeof value === 'string' ? value : 0);

export const blankStop = (): StopValues => ({ point_city_id: null, info: '', finish_time: '', start_time: '', arrival_day: 1, departure_day: 1, can_delete: true });
export const blankDay = (): DayValues => ({ number: null, commission_type: 1, commission_sum: 0, freight: 0 });
export const blankDate = (): DateValues => ({ start_date: null, commission_type: 1, commission_sum: 0, freight: 0 });

/** A record read back (GET /api/transports/{id}) as the form; a catalogue saved before SEO existed gets its blank parts. */
export function transportFromRecord(stored: Partial<Values>): Values {
  const catalog: CatalogValues = { ...blankCatalog(), ...(stored.catalog ?? {}) };
  const seo: Partial<SeoValues> = catalog.seo_settings ?? {};
  catalog.seo_settings = { ...blankSeo(), ...seo, meta: { ...blankSeo().meta, ...(seo.meta ?? {}) } };
  return { ...blankTransport(), ...stored, catalog };
}

/**
 * Error paths of each tab (spec 02: "others: error keys beginning with the tab name"); the general tab
 * has the rest — name, duration and the other fields of the transport itself (the spec names name,
 * category_id, duration and transport_forth_id).
 */
const TRANSPORT_TABS = tabOwnership({
  routes: ['routes'],
  departures: ['departure_type', 'days', 'dates'],
  tariffs: ['tariffs'],
  catalog: ['catalog'],
});
export const TRANSPORT_TAB_OWNS = TRANSPORT_TABS.owns;
export const generalOwns = TRANSPORT_TABS.rest;
export const transportTabOf = (path: string) => TRANSPORT_TABS.tabOf(path) ?? 'general';

/** How much of a point's info names it in the tariff matrix's headings. */
const POINT_INFO_SHOWN = 30;

/**
 * The route's points in order (start, stops, finish), each named by its number in the route, its city
 * and the start of its info — two points in one city (B's bus station, B's embankment) read apart.
 */
export function routePoints(routes: RouteValues, cityName: (id: unknown) => string): { position: number; name: string; full: string }[] {
  const points = [routes.start, ...(routes.intermediates ?? []), routes.finish];
  return points.map((point, position) => {
    const info = typeof point?.info === 'string' ? point.info.trim().split('\n')[0]!.trim() : '';
    const place = info.length > POINT_INFO_SHOWN ? `${info.slice(0, POINT_INFO_SHOWN).trimEnd()}…` : info;
    const city = `${position + 1}. ${cityName(point?.point_city_id) || '—'}`;
    // `name` keeps a header short; `full` (its hover text) names the whole place.
    return { position, name: `${city}${place ? ` (${place})` : ''}`, full: `${city}${info ? ` (${info})` : ''}` };
  });
}
