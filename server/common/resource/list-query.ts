import { LIST_DEFAULTS, LIST_FILTER_KINDS, type ListFilter } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import { phoneSearchText, type FieldErrors } from '../../../shared/validation.js';
import { ValidationFailed } from '../http/errors.js';

export interface ListParams {
  query: string;
  page: number;
  limit: number;
  orderBy: string | null;
  ascending: boolean;
  filters: Partial<Record<ListFilter, number | boolean>>;
}

type Raw = Record<string, unknown>;

const text = (value: unknown) => (Array.isArray(value) ? value[0] : value) as string | undefined;

/**
 * Reads `query, page, limit, orderBy, ascending` and the resource's filters from the query string.
 * `orderBy` must be one of the resource's sortable columns; bad values are a 422, never a 500.
 */
export function parseListQuery(
  raw: Raw,
  options: { sortable: readonly string[]; filters: readonly ListFilter[]; maxLimit?: number; phoneSearch?: boolean },
): ListParams {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] = [message]);
  const maxLimit = options.maxLimit ?? LIST_DEFAULTS.maxLimit;

  const readInteger = (field: string, fallback: number, min: number, max: number) => {
    const value = text(raw[field]);
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!Number.isInteger(number)) return fail(field, MESSAGES.validation.integer), fallback;
    if (number < min) return fail(field, MESSAGES.validation.min(min)), fallback;
    if (number > max) return fail(field, MESSAGES.validation.max(max)), fallback;
    return number;
  };

  const typed = (text(raw.query) ?? '').trim();
  if (typed.length > LIST_DEFAULTS.searchMaxLength) fail('query', MESSAGES.validation.maxLength(LIST_DEFAULTS.searchMaxLength));
  const query = options.phoneSearch ? phoneSearchText(typed) : typed;

  const page = readInteger('page', LIST_DEFAULTS.page, 1, 1_000_000);
  const limit = readInteger('limit', LIST_DEFAULTS.limit, 1, maxLimit);

  const orderBy = text(raw.orderBy) || null;
  if (orderBy !== null && !options.sortable.includes(orderBy)) fail('orderBy', MESSAGES.validation.oneOf);

  const ascendingText = text(raw.ascending);
  const ascending = !(ascendingText === '0' || ascendingText === 'false');

  const filters: ListParams['filters'] = {};
  for (const filter of options.filters) {
    const value = text(raw[filter]);
    if (value === undefined || value === '') continue;
    if (LIST_FILTER_KINDS[filter] === 'flag') {
      if (value === '1' || value === 'true') filters[filter] = true;
      else if (value === '0' || value === 'false') filters[filter] = false;
      else fail(filter, MESSAGES.validation.oneOf);
    } else {
      const number = Number(value);
      if (Number.isInteger(number)) filters[filter] = number;
      else fail(filter, MESSAGES.validation.integer);
    }
  }

  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { query, page, limit, orderBy, ascending, filters };
}

/** Escapes LIKE wildcards so the search box text is matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
