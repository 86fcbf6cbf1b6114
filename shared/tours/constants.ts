import { ServiceClass } from '../tour-services/constants.js';

/**
 * Excursion tours (spec 03 §3 Excursion tour, §4, §5 "Excursion tours", §9): limits, defaults,
 * upload types, commission categories and the checklist's kinds of points.
 */

/** Spec 03 §5, §9. */
export const TOUR_LIMITS = {
  name: 350,
  slug: 255,
  duration: { min: 0, max: 99_999, default: 1 },
  /** Number inputs: non-negative integers up to 99 999 by default (spec 03 §5). */
  number: 99_999,
  mealName: 255,
  mealPrice: 999_999,
  checklistNote: 2555,
  shortDescription: 2000,
  description: 40_000,
  richText: 60_000,
  dayName: 100,
  caption: 50,
  /** Word files of the tour (spec 03 §9: max 20); photos and videos the same. */
  files: 20,
  /** A tour's departure dates (issue 25: ours, the spec gives none): two years of daily departures. */
  dates: 730,
  catalogCost: 999_999.99,
  catalogSort: { min: 1, max: 100, default: 10 },
  seoText: 255,
  seoDescription: 5000,
  externalLink: 255,
} as const;

/** Spec 03 §9: a new tour's type is 1, the one that travels by transport (the others need a city). */
export const TOUR_TYPE_WITH_TRANSPORT = 1;
export const TOUR_DEFAULT_TYPE = 1;

/** Commission pairs of a tour (spec 03 §3): type and sum for each. */
export const TOUR_COMMISSION_CATEGORIES = ['transport', 'accommodation', 'agency', 'meal', 'adult', 'child'] as const;
export type TourCommissionCategory = (typeof TOUR_COMMISSION_CATEGORIES)[number];
export const TOUR_COMMISSION_LABELS: Record<TourCommissionCategory, string> = {
  transport: 'Транспорт',
  accommodation: 'Проживание',
  agency: 'Агентство',
  meal: 'Питание',
  adult: 'Взрослый',
  child: 'Ребёнок',
};

/** POST /api/tours/files `type` (spec 03 §7): 1 photos, 3 files, 4 videos. */
export const TourFileType = { Photo: 1, File: 3, Video: 4 } as const;
export type TourFileType = (typeof TourFileType)[keyof typeof TourFileType];

/** The tour's service lists: `services` is the additional-services tab, `required_services` the Услуги tab. */
export const TOUR_SERVICE_LISTS = ['services', 'required_services'] as const;
export type TourServiceList = (typeof TOUR_SERVICE_LISTS)[number];

/** Kinds of checklist points (spec 03 §3 Checklist point `checkable_alias`), in the order the sections are shown. */
export const CHECKLIST_ALIASES = ['tour_service', 'hotel', 'meal', 'transport'] as const;
export type ChecklistAlias = (typeof CHECKLIST_ALIASES)[number];
export const CHECKLIST_SECTIONS: Record<ChecklistAlias, string> = {
  tour_service: 'Услуги',
  hotel: 'Отели',
  meal: 'Питание',
  transport: 'Транспорт',
};

/** The checklist's label of a service by its class (spec 03 §2.5: additional service, service, group service), shown after its name. */
export const CHECKLIST_SERVICE_LABELS: Record<number, string> = {
  [ServiceClass.Additional]: 'доп. услуга',
  [ServiceClass.Individual]: 'услуга',
  [ServiceClass.Group]: 'групповая услуга',
};
