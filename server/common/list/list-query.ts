/** Reading a list request's query string with the list's shared schema (shared/list.ts); bad values are a 422. */
import { listQuerySchema, pickerQuerySchema, type ListDefinition, type ListParams, type PickerParams } from '../../../shared/list.js';
import { parseInput } from '../http/errors.js';

type ListQueryDefinition = Pick<ListDefinition, 'sortable' | 'filters' | 'maxLimit' | 'phoneSearch'>;

/** Building a zod schema costs more than parsing with it: one per list, built on its first request. */
const schemas = new WeakMap<ListQueryDefinition, ReturnType<typeof listQuerySchema>>();

/** `query, page, limit, orderBy, ascending` and the list's filters; `orderBy` only among the sortable columns. */
export function parseListQuery(raw: Record<string, unknown>, definition: ListQueryDefinition): ListParams {
  let schema = schemas.get(definition);
  if (!schema) schemas.set(definition, (schema = listQuerySchema(definition)));
  return parseInput(schema, raw);
}

/** `query` and `limit` of a picker (`GET {path}/list`): limit 50 by default, at most 200. */
export function parsePickerQuery(raw: Record<string, unknown>): PickerParams {
  return parseInput(pickerQuerySchema, raw);
}

/** Escapes LIKE wildcards so the search box text is matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
