import { LIST_DEFAULTS, type ListFilter } from '@shared/api';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListParams {
  page: number;
  limit: number;
  query: string;
  orderBy: string | null;
  ascending: boolean;
  filters: Partial<Record<ListFilter, string>>;
}

/** A list's page, search, sort and filters live in the query string, so reload and Back keep them. */
export function useListParams(filterNames: readonly ListFilter[], defaultAscending = true) {
  const [search, setSearch] = useSearchParams();

  const params = useMemo<ListParams>(() => {
    const positive = (value: string | null, fallback: number) => {
      const number = Number(value);
      return Number.isInteger(number) && number > 0 ? number : fallback;
    };
    const limit = positive(search.get('limit'), LIST_DEFAULTS.limit);
    const filters: ListParams['filters'] = {};
    for (const name of filterNames) {
      const value = search.get(name);
      if (value !== null && value !== '') filters[name] = value;
    }
    return {
      page: positive(search.get('page'), 1),
      limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIST_DEFAULTS.limit,
      query: search.get('query') ?? '',
      orderBy: search.get('orderBy'),
      ascending: search.get('ascending') === null ? defaultAscending : search.get('ascending') !== '0',
      filters,
    };
  }, [search, filterNames, defaultAscending]);

  /** Changes some parameters; anything but the page itself sends the list back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<'page' | 'limit' | 'query' | 'orderBy' | 'ascending' | ListFilter, string | number | boolean | null>>) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || value === undefined) next.delete(key);
            else next.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
          }
          if (!('page' in changes)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setSearch],
  );

  return [params, update] as const;
}
