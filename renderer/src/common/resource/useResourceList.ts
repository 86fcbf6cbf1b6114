/**
 * The data of a list screen: its API path (route parameters filled in), page, search, sort and
 * filters from the query string, the page of rows, and how to read it again.
 */
import { LIST_DEFAULTS, type Paged } from '@shared/api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../api/http';
import { useDebouncedValue } from '../useDebouncedValue';
import type { ResourceScreenDefinition, RowBase } from './definition';
import { useListParams } from './useListParams';

export function useResourceList<Row extends RowBase, Stored>(definition: ResourceScreenDefinition<Row, Stored>) {
  const { resource } = definition;
  // A path with route parameters (`/agencies/:agency_id/agency-users`) is filled from the page's route.
  const routeParams = useParams();
  const path = resource.path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(routeParams[name] ?? ''));
  const filterNames = useMemo(() => [...(definition.filters ?? []).map((filter) => filter.param), ...(definition.filterParams ?? [])], [definition.filters, definition.filterParams]);
  // A list shown newest first (applications) says so in its shared definition: no `ascending` in the URL means that order.
  const defaultAscending = resource.defaultAscending ?? true;
  const [params, update] = useListParams(filterNames, defaultAscending);
  const queryClient = useQueryClient();

  // Search text: typed freely, sent 700 ms after the last keystroke.
  const [searchText, setSearchText] = useState(params.query);
  const debouncedSearch = useDebouncedValue(searchText, LIST_DEFAULTS.searchDebounceMs);
  // Sent once the text has settled (the debounced value caught up with the box). Typing the same text again
  // within the 700 ms after it was cleared (a reset of the filters, then the search typed anew) settles on
  // a debounced value that never changed, and must still be sent.
  useEffect(() => {
    if (debouncedSearch === searchText && debouncedSearch.trim() !== params.query) update({ query: debouncedSearch.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the text settling triggers a search, not a new URL
  }, [debouncedSearch, searchText]);

  const list = useQuery({
    queryKey: [path, 'list', params],
    queryFn: ({ signal }) =>
      api.get<Paged<Row>>(
        path,
        { page: params.page, limit: params.limit, query: params.query, orderBy: params.orderBy, ascending: params.orderBy || params.ascending !== defaultAscending ? (params.ascending ? 1 : 0) : undefined, ...params.filters },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) => (definition.poll && state.data && definition.poll.while(state.data.data) ? definition.poll.everyMs : false),
  });

  /** Reads the list again, and the replies the definition says change with it (`invalidates`). */
  const refresh = useCallback(
    (withRelated = false) => {
      void queryClient.invalidateQueries({ queryKey: [path] });
      if (withRelated) for (const related of definition.invalidates ?? []) void queryClient.invalidateQueries({ queryKey: [related] });
    },
    [queryClient, path, definition.invalidates],
  );

  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / params.limit));
  // After a delete on the last page, step back to the page that still exists.
  useEffect(() => {
    if (list.data && params.page > pages) update({ page: pages });
  }, [list.data, params.page, pages, update]);

  const sortBy = (key: string) => {
    const current = params.orderBy ?? 'id';
    update(current === key ? { orderBy: key, ascending: !params.ascending } : { orderBy: key, ascending: true });
  };

  return {
    path,
    params,
    update,
    searchText,
    setSearchText,
    list,
    rows: list.data?.data ?? [],
    count,
    pages,
    from: count === 0 ? 0 : (params.page - 1) * params.limit + 1,
    to: Math.min(count, params.page * params.limit),
    sortedColumn: params.orderBy ?? 'id',
    sortBy,
    refresh,
  };
}

export type ResourceList<Row extends RowBase> = ReturnType<typeof useResourceList<Row, unknown>>;
