import { useQuery } from '@tanstack/react-query';
import { COUNTERS_POLL_MS, type NewItemsCounters } from '@shared/api';
import { api } from '../api/http';

export const COUNTERS_QUERY_KEY = ['new-items'] as const;

/** Header and sidebar badges: GET /api/new-items/check every 3 minutes (spec 01 §4 "Counters"). */
export function useCounters(): NewItemsCounters | undefined {
  return useQuery({
    queryKey: COUNTERS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<NewItemsCounters>('/new-items/check', undefined, signal),
    refetchInterval: COUNTERS_POLL_MS,
    staleTime: COUNTERS_POLL_MS,
  }).data;
}
