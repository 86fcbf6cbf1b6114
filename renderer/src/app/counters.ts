import { useQuery } from '@tanstack/react-query';
import { COUNTERS_POLL_MS, NEW_ITEMS_PATH, type NewItemsCounters } from '@shared/api';
import { api } from '../api/http';

/**
 * Header and sidebar badges: GET /api/new-items/check every 3 minutes (spec 01 §4 "Counters"). The
 * query is keyed by its path, so a screen whose definition lists NEW_ITEMS_PATH in `invalidates`
 * refreshes the badges without knowing this module.
 */
export function useCounters(): NewItemsCounters | undefined {
  return useQuery({
    queryKey: [NEW_ITEMS_PATH],
    queryFn: ({ signal }) => api.get<NewItemsCounters>(NEW_ITEMS_PATH, undefined, signal),
    refetchInterval: COUNTERS_POLL_MS,
    staleTime: COUNTERS_POLL_MS,
  }).data;
}
