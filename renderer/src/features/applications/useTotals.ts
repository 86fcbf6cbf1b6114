/**
 * The totals block (spec 03 §2.3 General tab, §7 calc-totals): asked again `totalsDebounceMs` after
 * the discount, the manual price, the services or the manual agency commission change — of a stored
 * application with those four fields laid over it, of an unsaved one as its whole form. A newer
 * answer supersedes an older one still on its way.
 */
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import type { ApplicationTotals } from '@shared/applications/types';
import { toPayloadBody } from '@shared/editor';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/http';
import { useDebouncedValue } from '../../common/useDebouncedValue';
import type { ApplicationValues } from './form';

const TOTALS_FIELDS = ['discount', 'manual_price_without_discount', 'manual_agency_commission', 'services', 'required_services', 'additional_services'] as const;

/** What a stored application's calc-totals takes: the four fields (numbers as numbers, empty as null). */
export function calcTotalsBody(form: ApplicationValues) {
  const number = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(String(value).replace(',', '.')));
  const lines = (list: ApplicationValues['services']) => list.map((line) => ({ id: line.id, serviceable_id: line.serviceable_id, count: number(line.count) ?? 1 }));
  return {
    discount: number(form.discount) ?? 0,
    manual_price_without_discount: number(form.manual_price_without_discount),
    manual_agency_commission: number(form.manual_agency_commission),
    services: lines(form.services),
    required_services: lines(form.required_services),
    additional_services: lines(form.additional_services),
  };
}

/**
 * The totals shown: the stored ones until the first answer. `id` is the stored application's (the
 * unsaved form is sent whole, so any change of it asks again).
 */
export function useTotals(id: number | undefined, form: ApplicationValues | null, stored: ApplicationTotals | undefined) {
  const [totals, setTotals] = useState<ApplicationTotals | undefined>(stored);
  const [pending, setPending] = useState(false);
  const latest = useRef(0);
  const key = form ? JSON.stringify(id === undefined ? form : TOTALS_FIELDS.map((field) => form[field])) : null;
  const settled = useDebouncedValue(key, APPLICATION_LIMITS.totalsDebounceMs);
  /** The form the stored totals answer (as loaded or reloaded after a save). */
  const first = useRef(key);
  if (first.current === null) first.current = key;
  useEffect(() => {
    setTotals(stored);
    first.current = key;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new record (loaded, saved) restarts from its totals
  }, [stored]);
  useEffect(() => {
    // The stored totals answer the form as loaded; only a change asks the server.
    if (!form || settled === null || settled !== key || (id !== undefined && settled === first.current)) return;
    if (id === undefined && (form.applicationable_id === null && form.application_type !== null && form.application_type <= 4)) return;
    const call = ++latest.current;
    setPending(true);
    const request = id === undefined ? api.post<{ data: ApplicationTotals }>(APPLICATION_PATHS.calcFormTotals, toPayloadBody(form)) : api.post<{ data: ApplicationTotals }>(APPLICATION_PATHS.calcTotals(id), calcTotalsBody(form));
    request
      .then((reply) => {
        if (call === latest.current) setTotals(reply.data);
      })
      .catch(() => {
        // An incomplete form cannot be priced yet: the block keeps what it showed, the save says why.
      })
      .finally(() => {
        if (call === latest.current) setPending(false);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the settled key stands for the form
  }, [settled]);
  return { totals, pending };
}
