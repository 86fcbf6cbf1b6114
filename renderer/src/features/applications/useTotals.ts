/**
 * The totals block (spec 03 §2.3 General tab, §7 calc-totals): asked again `totalsDebounceMs` after
 * the discount, the manual price, the services or the manual agency commission change — of a stored
 * application with those four fields laid over it, of an unsaved one as its whole form once it can be
 * priced (`unpricedReason`: till then the block says what it lacks, and nothing is asked). A newer
 * answer supersedes an older one still on its way. A form the pricing refuses (422: a field empty, a
 * night without a price) has no totals and says why (`refusal`); a request that fails otherwise (no
 * connection, the server's error) says so with 'Повторить' (`failure`, `retry`).
 */
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { applicationSchema } from '@shared/applications/schema';
import type { ApplicationTotals } from '@shared/applications/types';
import { toPayloadBody } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { toFieldErrors } from '@shared/validation';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../api/http';
import { onlyRequiredMissing } from '../../common/failure';
import { useDebouncedValue } from '../../common/useDebouncedValue';
import type { ApplicationValues } from './form';
import { pricingGaps } from './totals';

const A = MESSAGES.applications;

/** Why the pricing refused the form (its 422): only empty required fields, or its first reason (a night without a price). */
function refusalOf(error: ApiError): string {
  if (onlyRequiredMissing(error.fieldErrors)) return A.totalsWaitRequired;
  return A.totalsRefused(Object.values(error.fieldErrors).flat()[0] ?? error.serverMessage ?? MESSAGES.errors.unexpected);
}

/**
 * Why an unsaved form cannot be priced yet, or null when it can: what it lacks (its product, requester,
 * the product's row), else what the shared schema refuses — the same check the server would answer 422 with.
 */
export function unpricedReason(form: ApplicationValues): string | null {
  const gaps = pricingGaps(form);
  if (gaps.length > 0) return A.totalsNeed(gaps);
  const checked = applicationSchema.safeParse(form);
  if (checked.success) return null;
  const errors = toFieldErrors(checked.error);
  return onlyRequiredMissing(errors) ? A.totalsWaitRequired : A.totalsRefused(Object.values(errors).flat()[0] ?? MESSAGES.errors.unexpected);
}

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
  /** Why the pricing refused the form as it is (its 422), null while it prices it. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Why the last request failed otherwise, null while none did. */
  const [failure, setFailure] = useState<unknown>(null);
  /** Bumped by 'Повторить': the same form asked again. */
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  /** Shows what answers the form now: totals, or the pricing's refusal, or a failed request. */
  const show = (next: { totals?: ApplicationTotals; refusal?: string; failure?: unknown }) => {
    setTotals(next.totals);
    setRefusal(next.refusal ?? null);
    setFailure(next.failure ?? null);
  };
  const key = form ? JSON.stringify(id === undefined ? form : TOTALS_FIELDS.map((field) => form[field])) : null;
  const settled = useDebouncedValue(key, APPLICATION_LIMITS.totalsDebounceMs);
  /** The form the stored totals answer (as loaded or reloaded after a save). */
  const first = useRef(key);
  if (first.current === null) first.current = key;
  useEffect(() => {
    show({ totals: stored });
    first.current = key;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new record (loaded, saved) restarts from its totals
  }, [stored]);
  useEffect(() => {
    if (!form || settled === null || settled !== key) return;
    // The stored totals answer the form as loaded (also when a change is taken back): only a change asks the
    // server. A new form is asked about only once it can be priced; until then the block says what it lacks.
    const unpriced = id === undefined ? unpricedReason(form) : null;
    if ((id !== undefined && settled === first.current) || unpriced !== null) {
      latest.current++; // an answer still on its way is of another form
      setPending(false);
      show(unpriced !== null ? { refusal: unpriced } : { totals: stored });
      return;
    }
    const call = ++latest.current;
    setPending(true);
    const request = id === undefined ? api.post<{ data: ApplicationTotals }>(APPLICATION_PATHS.calcFormTotals, toPayloadBody(form)) : api.post<{ data: ApplicationTotals }>(APPLICATION_PATHS.calcTotals(id), calcTotalsBody(form));
    request
      .then((reply) => {
        if (call === latest.current) show({ totals: reply.data });
      })
      .catch((error: unknown) => {
        if (call !== latest.current) return;
        // Refused as it is, the form has no totals: the block says why (the save marks the fields).
        if (error instanceof ApiError && error.status === 422) show({ refusal: refusalOf(error) });
        else show({ failure: error });
      })
      .finally(() => {
        if (call === latest.current) setPending(false);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the settled key (and a retry) stands for the form
  }, [settled, attempt]);
  return { totals, pending, refusal, failure, retry: () => setAttempt((count) => count + 1) };
}

/** What the totals block shows: the totals, whether they are being asked, why there are none. */
export type TotalsState = ReturnType<typeof useTotals>;
