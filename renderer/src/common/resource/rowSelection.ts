/**
 * Row selection of a list (opt-in per screen): the chosen ids, kept while the user pages through
 * one filter and forgotten when the filter changes — a selection always means "these rows of what
 * I see filtered", never rows the current filter hides. Pure functions, the hook keeps the state.
 */
import type { ListParams } from './useListParams';

export interface Selection {
  /** The filter the ids were chosen under (`selectionScope`). */
  scope: string;
  ids: ReadonlySet<number>;
}

/** The part of a list's parameters a selection belongs to: search and filters; not page, size or sort. */
export function selectionScope(params: Pick<ListParams, 'query' | 'filters'>): string {
  const filters = Object.entries(params.filters)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([params.query.trim(), filters]);
}

/** The selection as it stands under `scope`: empty when it was made under another filter. */
export const selectionIn = (selection: Selection, scope: string): Selection => (selection.scope === scope ? selection : { scope, ids: new Set() });

export function toggleRow(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { scope: selection.scope, ids };
}

/** How much of a page is chosen: the header checkbox is checked, indeterminate or clear. */
export function pageState(selection: Selection, pageIds: readonly number[]): 'all' | 'some' | 'none' {
  const chosen = pageIds.filter((id) => selection.ids.has(id)).length;
  return chosen === 0 ? 'none' : chosen === pageIds.length ? 'all' : 'some';
}

/** The header checkbox: a wholly chosen page is cleared, otherwise every row of the page is added. */
export function togglePage(selection: Selection, pageIds: readonly number[]): Selection {
  const ids = new Set(selection.ids);
  if (pageState(selection, pageIds) === 'all') for (const id of pageIds) ids.delete(id);
  else for (const id of pageIds) ids.add(id);
  return { scope: selection.scope, ids };
}
