/** Sea tours (spec 03 §2.10, §3 "Sea tour", §5, §9): limits and transfer types both sides need (their texts: shared/messages/sea-tours.ts). */

/** Spec 03 §5, §9. */
export const SEA_TOUR_LIMITS = {
  name: 50,
  slug: 255,
  /** Percent markups (the tour's and each hotel group's): integers 0 to 100. */
  percent: { min: 0, max: 100 },
  /** A line of the search information (as a hotel's). */
  infoLine: 255,
  /** Lines of that information (issue 25: ours, the spec gives none). */
  infoLines: 100,
  /** Page size of the nested tables (spec 03 §9). */
  rowsPerPage: 10,
} as const;

/** Transfer types live in shared/transfers.ts (applications use them too); re-exported for this feature's imports. */
export { TRANSFER_TYPE_IDS, TRANSFER_TYPES, TransferType } from '../transfers.js';

/** The three markups of a tour and of a hotel group, by transfer: column, its label and a table header's short form. */
export const SEA_TOUR_MARKUPS = [
  { key: 'commission_sum', label: 'Наценка (автобус), %', short: 'Автобус, %' },
  { key: 'commission_railway_sum', label: 'Наценка (ж/д), %', short: 'Ж/д, %' },
  { key: 'commission_avia_sum', label: 'Наценка (авиа), %', short: 'Авиа, %' },
] as const;
export type SeaTourMarkup = (typeof SEA_TOUR_MARKUPS)[number]['key'];
