/** Reading a list request's query string with the list's shared schema (shared/list.ts); bad values are a 422. */
import { z } from 'zod';
import { foldListFilterKeys, listQuerySchema, pickerQuerySchema, type ListDefinition, type ListParams, type PickerParams } from '../../../shared/list.js';
import { parseInput } from '../http/errors.js';

type ListQueryDefinition = Pick<ListDefinition, 'sortable' | 'filters' | 'maxLimit' | 'defaultAscending'>;

/** Building a zod schema costs more than parsing with it: one per list, built on its first request. */
const schemas = new WeakMap<ListQueryDefinition, ReturnType<typeof listQuerySchema>>();

/** `query, page, limit, orderBy, ascending` and the list's filters; `orderBy` only among the sortable columns. */
export function parseListQuery(raw: Record<string, unknown>, definition: ListQueryDefinition): ListParams {
  let schema = schemas.get(definition);
  if (!schema) schemas.set(definition, (schema = listQuerySchema(definition)));
  return parseInput(schema, raw);
}

type PickerQueryDefinition = Pick<ListDefinition, 'filters' | 'picker'>;

/** A searched picker reads `query`, `limit` and the filters; a whole one (small dictionaries) only the filters. */
const pickerSchema = (definition: PickerQueryDefinition) =>
  z.preprocess((raw) => foldListFilterKeys(raw, definition.filters), (definition.picker === 'search' ? pickerQuerySchema : z.object({})).extend(definition.filters?.shape ?? {}));
const pickerSchemas = new WeakMap<PickerQueryDefinition, ReturnType<typeof pickerSchema>>();

/**
 * The request of a picker (`GET {path}/list`): for a `picker: 'search'` list `query` and `limit`
 * (50 by default, at most 200), and the list's own filters (absent ones left out).
 */
export function parsePickerQuery(raw: Record<string, unknown>, definition: PickerQueryDefinition): Partial<PickerParams> & { filters: Record<string, unknown> } {
  let schema = pickerSchemas.get(definition);
  if (!schema) pickerSchemas.set(definition, (schema = pickerSchema(definition)));
  const { query, limit, ...given } = parseInput(schema, raw) as Partial<PickerParams> & Record<string, unknown>;
  return { query, limit, filters: Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
}

/** Escapes LIKE wildcards so the search box text is matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
