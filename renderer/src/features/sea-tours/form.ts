/** The sea-tour editor's form: a new tour, a record read back, blank rows, and which tab owns which error path (spec 03 §2.10). */
import type { IdName } from '@shared/api';
import type { HotelGroupInput, SeaTourInput } from '@shared/sea-tours/schema';
import type { FormOf } from '../../common/editor/formOf';
import { tabOwnership } from '../../common/editor/tabOwnership';

/** A hotel group: the chosen hotels' ids, with the names GET gives (shown in the table before the picker has searched). */
export type GroupValues = Omit<FormOf<HotelGroupInput>, 'hotels_ids'> & { hotels_ids: number[]; hotels_names?: string[] };
/** A pair, with the names of its transports GET gives; ids null while the dialog's selects are empty. */
export type PairValues = { transport_forth_id: number | null; transport_back_id: number | null; transport_forth?: IdName | null; transport_back?: IdName | null };
export type SeaTourValues = Omit<FormOf<SeaTourInput>, 'hotels' | 'transports' | 'info' | 'transfer_types_ids' | 'city_id'> & {
  city_id: number | null;
  city?: IdName | null;
  info: string[];
  transfer_types_ids: number[];
  hotels: GroupValues[];
  transports: PairValues[];
};

export const blankSeaTour = (): SeaTourValues => ({
  name: '',
  slug: '',
  city_id: null,
  is_active: true,
  info: [],
  commission_sum: 0,
  commission_railway_sum: 0,
  commission_avia_sum: 0,
  transfer_types_ids: [],
  hotels: [],
  transports: [],
});

export const blankGroup = (): GroupValues => ({ hotels_ids: [], hotels_names: [], commission_sum: 0, commission_railway_sum: 0, commission_avia_sum: 0 });
export const blankPair = (): PairValues => ({ transport_forth_id: null, transport_back_id: null });

/** A record read back (GET /api/sea-tours/{id}) as the form. */
export function seaTourFromRecord(stored: Partial<SeaTourValues>): SeaTourValues {
  return { ...blankSeaTour(), ...stored, info: stored.info ?? [] };
}

/** Error paths of each tab; anything unknown shows on the general tab. */
const TABS = tabOwnership({
  commission: ['commission_', 'hotels'],
  transports: ['transfer_types_ids', 'transports'],
  info: ['info'],
});
export const SEA_TOUR_TAB_OWNS = TABS.owns;
export const generalOwns = TABS.rest;
