/**
 * The tour service dialog's form (spec 03 §2.9): the record as the shared schema takes it, a new
 * service and price period, the record read back, and which tab owns which error path.
 */
import { CommissionType } from '@shared/commission';
import type { PeriodInput, TourServiceInput } from '@shared/tour-services/schema';
import { ServiceClass } from '@shared/tour-services/constants';
import type { FormOf } from '../../common/editor/formOf';
import { tabOwnership } from '../../common/editor/tabOwnership';

/** A child age bracket as its three number fields hold it (a number, null while empty, or text the schema refuses). */
export type ChildPriceValues = { age_from: unknown; age_to: unknown; price: unknown };
/** A price period: its dates as the typed date fields give them (ISO `YYYY-MM-DD`, or null while empty). */
export type PeriodValues = Omit<FormOf<PeriodInput>, 'from' | 'to' | 'child_prices'> & { from: string | null; to: string | null; child_prices: ChildPriceValues[] };
export type ServiceValues = Omit<FormOf<TourServiceInput>, 'dates'> & { dates: PeriodValues[] };

export const blankService = (): ServiceValues => ({ name: '', class: ServiceClass.Additional, vendor_id: null, description: null, dates: [] });

export const blankPeriod = (): PeriodValues => ({
  from: null,
  to: null,
  vendor_price: null,
  adult_price: null,
  child_prices: [],
  commission_adult_type: CommissionType.Fixed,
  commission_adult_sum: 0,
  commission_child_type: CommissionType.Fixed,
  commission_child_sum: 0,
});

/** The form of a record read back (GET /api/tours/services/{id}, the payload's fields and names beside them): its payload fields only. */
export function serviceValues(record: ServiceValues): ServiceValues {
  const { name, class: serviceClass, vendor_id, description, dates } = record;
  return { name, class: serviceClass, vendor_id, description, dates: dates ?? [] };
}

/** The 'Даты' tab owns the periods; 'Данные' everything else. */
export const SERVICE_TABS = tabOwnership({ dates: ['dates'] });
