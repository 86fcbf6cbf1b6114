/**
 * The contract of the big editors (ARCHITECTURE.md §3, §7 "Aggregate editors"), shared by the
 * server's payload pipe and the renderer's editor pages.
 */

/** `{payload}` bodies may be this large (a hotel with 30 rooms × 12 periods is ~200 KB). */
export const PAYLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The body of a big editor's POST and PUT: the form as JSON text. */
export interface PayloadBody {
  payload: string;
}

export const toPayloadBody = (form: unknown): PayloadBody => ({ payload: JSON.stringify(form) });

/** Editor modes, from the route (spec 02 §4 "Form modes"): create (no id), edit (id), copy. */
export type EditorMode = 'create' | 'edit' | 'copy';

/**
 * Whether a field error belongs under `prefix` (`rooms.3` owns `rooms.3.dates.0.to`), and the map of
 * errors under it with the prefix taken off — how a tab, a row and a dialog find their own errors.
 */
export function errorsUnder(errors: Record<string, string[]>, prefix: string): Record<string, string[]> {
  if (prefix === '') return errors;
  const start = `${prefix}.`;
  const scoped: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (path === prefix) scoped[''] = messages;
    else if (path.startsWith(start)) scoped[path.slice(start.length)] = messages;
  }
  return scoped;
}

/**
 * Whether an error path belongs to one of `owned`: an exact name (`name`), anything under a field,
 * row or collection (`rooms` owns `rooms.3.dates.0.to`, but not `rooms_count`; `rooms.1` not
 * `rooms.10`), and — for a name ending in `_` — every field it begins (`commission_` owns
 * `commission_adult_sum`, `seo_` owns `seo_title`).
 */
export function ownsPath(owned: readonly string[], path: string): boolean {
  return owned.some((name) => path === name || path.startsWith(name.endsWith('_') ? name : `${name}.`));
}

/** Whether any error lies under one of `prefixes` (read as `ownsPath` reads them). */
export const hasErrorsUnder = (errors: Record<string, string[]>, prefixes: readonly string[]) =>
  Object.keys(errors).some((path) => ownsPath(prefixes, path));
