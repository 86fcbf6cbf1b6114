/**
 * The excursion tour's whole form (spec 03 §3 Excursion tour, Tour meal, Meal date, Catalogue
 * section entry; §4; §5 "Excursion tours"): one `{payload}` (POST /api/tours, PUT /api/tours/{id})
 * checked by this schema on both sides, with indexed paths such as `days.2.name`,
 * `meals.0.dates.1.from`, `catalog_sections.0.sum`. The checklist is not part of it (PATCH
 * /api/tours/{id}/checklist, `checklistPatchSchema`).
 */
import { z } from 'zod';
import { autoConfirmStatus, checkAutoConfirm, checkCommission, COMMISSION_BOUNDS, commissionSum, commissionType, storedAutoConfirmStatus } from '../commission.js';
import { mediaItemSchema, uploadedFileSchema } from '../files.js';
import { MESSAGES } from '../messages.js';
import { checkPeriodOverlaps } from '../periods.js';
import { SLUG_FORMAT } from '../slug.js';
import {
  flag,
  id,
  money,
  optionalId,
  optionalInteger,
  optionalRichText,
  optionalText,
  optionalUrl,
  requiredDate,
  requiredInteger,
  requiredRichText,
  requiredText,
  rowId,
  toFieldErrors,
  versionField,
} from '../validation.js';
import { TOUR_COMMISSION_CATEGORIES, TOUR_DEFAULT_TYPE, TOUR_LIMITS as L, TOUR_TYPE_WITH_TRANSPORT, TourFileType, type TourCommissionCategory } from './constants.js';
import { TOUR_UPLOADS } from './files.js';

const V = MESSAGES.validation;
const T = MESSAGES.tours;

type Issue = (path: (string | number)[], message: string) => void;
const issuer = (context: z.RefinementCtx): Issue => (path, message) => context.addIssue({ code: 'custom', path, message });

/** A list of references sent as ids (`[3, '4']`) or as objects (`[{id: 3, name: …}]`, what GET answers). */
const idList = () => z.array(z.preprocess((value) => (value !== null && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value), id()), { error: V.invalid }).default([]);

/** Each value once: the issue on the later one (`services.3`). */
function checkOnce(values: readonly unknown[], issue: Issue, path: (index: number) => (string | number)[], message: string) {
  const seen = new Set<unknown>();
  values.forEach((value, index) => {
    if (seen.has(value)) issue(path(index), message);
    seen.add(value);
  });
}

/** The commission pairs of the tour's categories, typed field by field (`commission_meal_type`, `commission_meal_sum`). */
type CommissionShape = { [K in `commission_${TourCommissionCategory}_type`]: ReturnType<typeof commissionType> } & {
  [K in `commission_${TourCommissionCategory}_sum`]: ReturnType<typeof commissionSum>;
};
const tourCommissionShape = Object.fromEntries(
  TOUR_COMMISSION_CATEGORIES.flatMap((category) => [
    [`commission_${category}_type`, commissionType()],
    [`commission_${category}_sum`, commissionSum(COMMISSION_BOUNDS.tour)],
  ]),
) as CommissionShape;
const checkPair = (values: Record<string, unknown>, context: z.RefinementCtx, prefix: string) =>
  checkCommission(values, context, COMMISSION_BOUNDS.tour, { type: `${prefix}_type`, sum: `${prefix}_sum` });

// ---------------------------------------------------------------------------------------------
// Meals with dated prices

/** A meal's dated price (spec 03 §5 "Meal date dialog"): from, to and price required with the spec's own messages. */
export const mealDateSchema = z
  .object({
    id: rowId(),
    from: requiredDate(undefined, { missing: T.mealDateFrom }),
    to: requiredDate(undefined, { missing: T.mealDateTo }),
    price: requiredInteger(0, L.mealPrice, { missing: T.mealPrice }),
    commission_type: commissionType(),
    commission_sum: commissionSum(COMMISSION_BOUNDS.tour),
  })
  .superRefine((row, context) => {
    if (row.from && row.to && row.to < row.from) issuer(context)(['to'], MESSAGES.editor.periodOrder);
    checkPair(row, context, 'commission');
  });
export type MealDateInput = z.input<typeof mealDateSchema>;

export const mealSchema = z
  .object({
    id: rowId(),
    /** A temporary id of a row not saved yet (the renderer's); ignored by the server. */
    uid: z.unknown().optional(),
    name: optionalText(L.mealName),
    vendor_id: optionalId(),
    /** Tour day numbers (1 to the duration, checked with the whole tour). */
    days: z.array(requiredInteger(1, L.duration.max), { error: V.invalid }).default([]),
    dates: z.array(mealDateSchema, { error: V.invalid }).default([]),
  })
  .superRefine((meal, context) => {
    if (meal.name === null && meal.vendor_id === null) issuer(context)(['name'], T.mealSupplierOrName);
    checkPeriodOverlaps(meal.dates, context);
  })
  .transform((meal) => ({ ...meal, days: [...new Set(meal.days)].sort((a, b) => a - b) }));
export type MealInput = z.input<typeof mealSchema>;

// ---------------------------------------------------------------------------------------------
// Days, dates, hotels, catalogue sections

const photoItem = () => mediaItemSchema(TOUR_UPLOADS[TourFileType.Photo].area, L.caption);

/** A tour day (spec 03 §5): name and description required with the spec's own messages. */
export const daySchema = z.object({
  id: rowId(),
  name: z.preprocess((value) => (value === null ? undefined : value), z.string({ error: T.dayName }).trim().min(1, T.dayName).max(L.dayName, V.maxLength(L.dayName))),
  description: requiredRichText(L.richText, T.dayDescription),
  photos: z.array(photoItem(), { error: V.invalid }).max(L.files, T.fileLimit(L.files)).default([]),
});
export type DayInput = z.input<typeof daySchema>;

/** A start date: matched by `start_date` when sent without an id (a payload without date ids keeps the dates' checklists). */
export const tourDateSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { start_date: value } : value),
  z.object({ id: rowId(), start_date: requiredDate() }),
);

export const tourHotelSchema = z.object({
  /** The hotel. */
  id: id(),
  city_id: optionalId(),
  arrival_day: optionalInteger(0, L.number),
  departure_day: optionalInteger(0, L.number),
  meal_id: optionalId(),
});

/** A catalogue section the tour is placed in (spec 03 §3 "Catalogue section entry"): the section's id, cost, sort. */
export const catalogSectionEntrySchema = z.object({
  id: id(),
  sum: money(0, L.catalogCost),
  sort: requiredInteger(L.catalogSort.min, L.catalogSort.max, { blank: L.catalogSort.default }),
});
export type CatalogSectionEntryInput = z.input<typeof catalogSectionEntrySchema>;

// ---------------------------------------------------------------------------------------------
// The tour

const richText = () => optionalRichText(L.richText);
const price = () => optionalInteger(0, L.number);

const tourObject = z.object({
  id: z.unknown().optional(),
  version: versionField(),
  name: requiredText(L.name),
  /** The page address; left out (or blank), the save derives it from the name (shared/slug.ts) and makes it unique. */
  slug: optionalText(L.slug).pipe(z.string().regex(SLUG_FORMAT, MESSAGES.cities.slugFormat).nullable()),
  is_active: flag(),
  is_hotel_selection: flag(),
  application_auto_confirm: flag(),
  auto_confirm_status: autoConfirmStatus(),
  duration: requiredInteger(L.duration.min, L.duration.max, { blank: L.duration.default }),
  tour_type_id: z.preprocess((value) => (value === undefined || value === null || value === '' ? TOUR_DEFAULT_TYPE : value), id()),
  category_id: optionalId(),
  city_id: optionalId(),
  transport_forth_id: optionalId(),
  transport_back_id: optionalId(),
  trade_offers: idList(),
  hotels: z.array(tourHotelSchema, { error: V.invalid }).default([]),
  services: idList(),
  required_services: idList(),
  meal_price: price(),
  adult_price: price(),
  child_price: price(),
  ...tourCommissionShape,
  meals: z.array(mealSchema, { error: V.invalid }).default([]),
  dates: z.array(tourDateSchema, { error: V.invalid }).max(L.dates, V.maxItems(L.dates)).default([]),
  days: z.array(daySchema, { error: V.invalid }).default([]),
  catalog_sections: z.array(catalogSectionEntrySchema, { error: V.invalid }).default([]),
  short_description: optionalText(L.shortDescription),
  description: optionalRichText(L.description),
  info: richText(),
  additional_dates: richText(),
  additional_cities: richText(),
  additional_price: richText(),
  additional_price_includes: richText(),
  additional_extra_price: richText(),
  photos: z.array(photoItem(), { error: V.invalid }).max(L.files, T.fileLimit(L.files)).default([]),
  videos: z.array(mediaItemSchema(TOUR_UPLOADS[TourFileType.Video].area, L.caption), { error: V.invalid }).max(L.files, T.fileLimit(L.files)).default([]),
  files: z.array(uploadedFileSchema(TOUR_UPLOADS[TourFileType.File].area), { error: V.invalid }).max(L.files, T.fileLimit(L.files)).default([]),
  seo_h1: optionalText(L.seoText),
  seo_title: optionalText(L.seoText),
  seo_description: optionalText(L.seoDescription),
  external_link: optionalUrl(L.externalLink),
});

type TourObject = z.output<typeof tourObject>;

/** The tour's own rules (spec 03 §4, §5): the type's transport or city, meal days within the duration, each date, section, service once. */
function checkTour(tour: TourObject, context: z.RefinementCtx) {
  const issue = issuer(context);
  if (tour.tour_type_id === TOUR_TYPE_WITH_TRANSPORT) {
    if (tour.transport_forth_id === null) issue(['transport_forth_id'], T.transportForthRequired);
    if (tour.transport_back_id !== null && tour.transport_back_id === tour.transport_forth_id) issue(['transport_back_id'], T.transportBackSame);
  } else if (tour.city_id === null) issue(['city_id'], T.cityRequired);
  checkAutoConfirm(tour, context);
  for (const category of TOUR_COMMISSION_CATEGORIES) checkPair(tour as unknown as Record<string, unknown>, context, `commission_${category}`);
  tour.meals.forEach((meal, index) =>
    meal.days.forEach((day, dayIndex) => day > tour.duration && issue(['meals', index, 'days', dayIndex], T.mealDay(tour.duration))),
  );
  checkOnce(tour.dates.map((date) => date.start_date), issue, (index) => ['dates', index, 'start_date'], T.dateTwice);
  checkOnce(tour.catalog_sections.map((entry) => entry.id), issue, (index) => ['catalog_sections', index, 'id'], T.sectionTwice);
  checkOnce(tour.trade_offers, issue, (index) => ['trade_offers', index], T.tradeOfferTwice);
  checkOnce([...tour.services, ...tour.required_services], issue, (index) => (index < tour.services.length ? ['services', index] : ['required_services', index - tour.services.length]), T.serviceTwice);
}

/**
 * What is stored (spec 03 §4): a type-1 tour travels by its transports and has no city, the others
 * the reverse; hotel selection is on only with two hotels or more; the auto-confirm status only
 * while auto-confirm is on; dates in calendar order.
 */
function normalizeTour(tour: TourObject) {
  const byTransport = tour.tour_type_id === TOUR_TYPE_WITH_TRANSPORT;
  return {
    ...tour,
    city_id: byTransport ? null : tour.city_id,
    transport_forth_id: byTransport ? tour.transport_forth_id : null,
    transport_back_id: byTransport ? tour.transport_back_id : null,
    is_hotel_selection: tour.is_hotel_selection && tour.hotels.length >= 2,
    auto_confirm_status: storedAutoConfirmStatus(tour),
    dates: [...tour.dates].sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0)),
  };
}

/** POST /api/tours and PUT /api/tours/{id}: the payload. Read-only extras of GET (names, can_delete, checklist) are ignored. */
export const tourSchema = tourObject.superRefine(checkTour).transform(normalizeTour);

export type TourInput = z.input<typeof tourSchema>;
export type Tour = z.output<typeof tourSchema>;

/** Validates a meal of its dialog on its own (`name`, `dates.1.from`). */
export const mealErrors = (meal: unknown) => errorsOf(mealSchema, meal);
/** Validates a meal's dated price of its dialog on its own. */
export const mealDateErrors = (row: unknown) => errorsOf(mealDateSchema, row);
/** Validates a day of its dialog on its own. */
export const dayErrors = (day: unknown) => errorsOf(daySchema, day);
/** Validates a catalogue section entry of its dialog on its own. */
export const catalogSectionEntryErrors = (entry: unknown) => errorsOf(catalogSectionEntrySchema, entry);

function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : toFieldErrors(result.error);
}

// ---------------------------------------------------------------------------------------------
// The checklist (PATCH /api/tours/{id}/checklist)

/**
 * A point as PATCH takes it: GET's point whole or in part — its id, the version it was read at, and
 * what changes (checked, comment). Other keys GET gives (checkable, excursion_tour_date) are ignored.
 */
export const checklistPointPatchSchema = z.object({
  id: id(),
  /** The version the point was read at; an outside client that sends none is not version-checked. */
  version: optionalInteger(1, Number.MAX_SAFE_INTEGER),
  /** Absent: unchanged (a part of the point may be sent). */
  checked: z.union([z.undefined(), flag()]),
  comment: z.union([z.undefined(), optionalText(L.checklistNote)]),
});

/** Keys under which GET's checklist holds dates or points; anything else with an id is a point. */
const GROUP_KEYS = ['data', 'current', 'past', 'dates', 'points'] as const;

/**
 * PATCH /api/tours/{id}/checklist: the checklist as GET gives it — `{current, past}` groups of dates
 * with their points (or GET's whole `{data}`), a flat `points` list, or a bare list of points — whole
 * or in part. A group is a list (or one date or point; null or absent is none), each entry of a list
 * a date or a point: anything else is a 422 on its path (`current`, `past.0`), never a save of nothing.
 * A point's own fields are checked as `points.N.<field>`, N its place among the points sent.
 */
export const checklistPatchSchema = z.preprocess(
  (value, context) => {
    const points: unknown[] = [];
    const collect = (node: unknown, path: (string | number)[]): void => {
      if (Array.isArray(node)) {
        node.forEach((entry, index) => (entry !== null && typeof entry === 'object' ? collect(entry, [...path, index]) : issuer(context)([...path, index], T.checklistEntry)));
      } else if (node !== null && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        const groups = GROUP_KEYS.filter((key) => key in record);
        if (groups.length === 0) points.push(record);
        for (const key of groups) {
          const group = record[key];
          if (group !== null && group !== undefined && typeof group !== 'object') issuer(context)([...path, key], T.checklistGroup);
          else collect(group, [...path, key]);
        }
      }
    };
    collect(value, []);
    return { points };
  },
  z.object({ points: z.array(checklistPointPatchSchema, { error: V.invalid }) }),
);
export type ChecklistPatch = z.output<typeof checklistPatchSchema>;
