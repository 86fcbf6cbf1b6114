/** Reading a list request's query string with the list's shared schema (shared/list.ts); bad values are a 422. */
import { listQuerySchema, pickerQuerySchema, type ListDefinition, type ListParams, type PickerParams } from '../../../shared/list.js';
import { parseInput } from '../http/errors.js';

/** `query, page, limit, orderBy, ascending` and the list's filters; `orderBy` only among the sortable columns. */
export function parseListQuery(raw: Record<string, unknown>, definition: Pick<ListDefinition, 'sortable' | 'filters' | 'maxLimit'>): ListParams {
  return parseInput(listQuerySchema(definition), raw);
}

/** `query` and `limit` of a picker (`GET {path}/list`): limit 50 by default, at most 200. */
export function parsePickerQuery(raw: Record<string, unknown>): PickerParams {
  return parseInput(pickerQuerySchema, raw);
}

/** Escapes LIKE wildcards so the search box text is matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
