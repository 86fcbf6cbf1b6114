/**
 * Who travels (issue 27 "Head counts ignore the tourists") and what a priced application must carry
 * ("A type without its product's rows saves at 0 ₽"): rules that need no stored data, so the editor
 * judges them before sending and the save judges them again (server/applications/commands/) —
 * and, on a form the schema refuses, together with the schema's errors (`applicationSaveErrors`).
 *
 * - A tourist is a child while younger than CHILD_AGE_LIMIT on the application's start date (else
 *   today); one without a birth date counts as an adult.
 * - A stay's adults are its main and extra adult places; its children the main and extra child places
 *   and the children without a place.
 * - The tourists never outnumber the application's persons (adults + children), and no stay carries
 *   more adults or more children than the application.
 */
import { todayIso } from '../transport/constants.js';
import { MESSAGES } from '../messages.js';
import { toFieldErrors, type FieldErrors } from '../validation.js';
import { ApplicationStatus, ApplicationType, isChildOn } from './constants.js';
import { applicationSchema, parsedFields, partialFormErrors, type ApplicationForm } from './schema.js';

const A = MESSAGES.applications;

/** A count as a form holds it (a number, or text while typed). */
type Count = number | string | null | undefined;
const count = (value: Count): number => Number(value) || 0;

export interface Persons {
  adults: number;
  children: number;
}

/** The stay's people by category. */
export const stayPersons = (stay: { adult_count: Count; child_count: Count; adv_adult_count: Count; adv_child_count: Count; child_without_count: Count }): Persons => ({
  adults: count(stay.adult_count) + count(stay.adv_adult_count),
  children: count(stay.child_count) + count(stay.adv_child_count) + count(stay.child_without_count),
});

/** What the start date is read from, as the form knows it (before the server reads the rides' days). */
export interface StartFields {
  tour_date?: string | null;
  accommodations?: readonly { start_at?: string | null }[];
  transport_forth?: { departure_date?: string | null } | null;
  transport_back?: { departure_date?: string | null } | null;
  transfer_forth?: { start_at?: string | null } | null;
  transfer_back?: { start_at?: string | null } | null;
}

/** The application's start as the form knows it: the earliest of its stays, legs, transfers and tour date; null when none is set. */
export function formStartDate(form: StartFields): string | null {
  const dates = [
    form.tour_date,
    ...(form.accommodations ?? []).map((stay) => stay.start_at),
    form.transport_forth?.departure_date,
    form.transport_back?.departure_date,
    form.transfer_forth?.start_at,
    form.transfer_back?.start_at,
  ].filter((date): date is string => typeof date === 'string' && date !== '');
  return dates.length === 0 ? null : dates.sort()[0]!;
}

/** The tourists by category on `date`: a child while younger than the limit, an adult otherwise or without a birth date. */
export function touristPersons(tourists: readonly { birthday_date?: string | null }[], date: string): Persons {
  const children = tourists.filter((tourist) => tourist.birthday_date && isChildOn(tourist.birthday_date, date)).length;
  return { adults: tourists.length - children, children };
}

export interface CountsForm extends StartFields {
  adult_count: Count;
  child_count: Count;
  tourists: readonly { birthday_date?: string | null }[];
  accommodations: readonly (Parameters<typeof stayPersons>[0] & { start_at?: string | null })[];
}

/**
 * The counts the entered tourists and stays need (never below the form's): each stay's adults and
 * children at least; then, while the tourists outnumber the persons, the extra ones in their own
 * categories (children first as far as the tourists' children exceed the child count).
 */
export function neededCounts(form: CountsForm, today = todayIso()): Persons {
  let adults = count(form.adult_count);
  let children = count(form.child_count);
  for (const stay of form.accommodations) {
    const persons = stayPersons(stay);
    adults = Math.max(adults, persons.adults);
    children = Math.max(children, persons.children);
  }
  const extra = form.tourists.length - adults - children;
  if (extra > 0) {
    const tourists = touristPersons(form.tourists, formStartDate(form) ?? today);
    const moreChildren = Math.min(extra, Math.max(0, tourists.children - children));
    children += moreChildren;
    adults += extra - moreChildren;
  }
  return { adults, children };
}

/** The persons rules: the first tourist too many (`tourists.N`), each stay carrying more than the application (`accommodations.N`). */
export function personsErrors(form: Partial<Pick<ApplicationForm, 'adult_count' | 'child_count' | 'tourists' | 'accommodations'>>): FieldErrors {
  const errors: FieldErrors = {};
  if (form.adult_count === undefined || form.child_count === undefined) return errors;
  const application = { adults: form.adult_count, children: form.child_count };
  const persons = application.adults + application.children;
  if (form.tourists && form.tourists.length > persons) errors[`tourists.${persons}`] = [A.touristsOverPersons(form.tourists.length, application)];
  form.accommodations?.forEach((stay, index) => {
    const people = stayPersons(stay);
    if (people.adults > application.adults || people.children > application.children) errors[`accommodations.${index}`] = [A.stayOverPersons(people, application)];
  });
  return errors;
}

/** Whose save it is: the office's (a staff user) or not, and whether it creates the application. */
export interface SaveParty {
  office: boolean;
  creating: boolean;
}

/** The row each product type is priced from: a stay (hotel, sea tour), the tour date (excursion tour), the forth leg (bus tour). */
const PRODUCT_ROWS: Partial<Record<number, { key: 'accommodations' | 'tour_date' | 'transport_forth'; message: string }>> = {
  [ApplicationType.Accommodation]: { key: 'accommodations', message: A.stayRequired },
  [ApplicationType.SeaTour]: { key: 'accommodations', message: A.stayRequired },
  [ApplicationType.ExcursionTour]: { key: 'tour_date', message: A.tourDateRequired },
  [ApplicationType.BusTour]: { key: 'transport_forth', message: A.forthLegRequired },
};

/**
 * The product's row an office save needs of an application of types 1–4 that is not cancelled; an
 * outside source's new application (its `source` set) and a supplier's or the system's save may come
 * without it.
 */
export function productRowErrors(form: Partial<Pick<ApplicationForm, 'application_type' | 'status' | 'source' | 'accommodations' | 'tour_date' | 'transport_forth'>>, party: SaveParty): FieldErrors {
  if (!party.office || (party.creating && form.source) || form.status === ApplicationStatus.Cancelled || form.application_type === undefined) return {};
  const row = PRODUCT_ROWS[form.application_type];
  if (!row) return {};
  const value = form[row.key];
  const missing = row.key === 'accommodations' ? value !== undefined && (value as unknown[]).length === 0 : value === null;
  return missing ? { [row.key]: [row.message] } : {};
}

/** The rules of this module on a form (whole, or the fields of a refused one that parsed). */
export const saveRuleErrors = (form: Partial<ApplicationForm>, party: SaveParty): FieldErrors => ({ ...productRowErrors(form, party), ...personsErrors(form) });

/**
 * Every error a form shows before stored data is read: a whole form's rules of this module; for a form
 * the schema refuses, the schema's errors with the form's own rules and this module's on the fields
 * that parsed — one answer instead of one error after another.
 */
export function applicationSaveErrors(input: unknown, party: SaveParty): FieldErrors {
  const result = applicationSchema.safeParse(input);
  if (result.success) return saveRuleErrors(result.data, party);
  const partial = parsedFields(input);
  return mergeErrors(toFieldErrors(result.error), partialFormErrors(partial), saveRuleErrors(partial, party));
}

/** Errors by path from several sources, each message once. */
export function mergeErrors(...sources: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const source of sources) {
    for (const [path, messages] of Object.entries(source)) {
      const list = (merged[path] ??= []);
      for (const message of messages) if (!list.includes(message)) list.push(message);
    }
  }
  return merged;
}
