/** The lists the bus-transport editor's selects need: GET /api/transports/data (spec 02 §7). */
import { TRANSPORT_PATHS } from '@shared/transport/paths';
import { type TransportData } from '@shared/transport/types';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/http';

export function useTransportData() {
  const data = useQuery({ queryKey: [TRANSPORT_PATHS.data], queryFn: ({ signal }) => api.get<TransportData>(TRANSPORT_PATHS.data, undefined, signal), staleTime: 60_000 });
  const cityNames = useMemo(() => new Map((data.data?.cities ?? []).map((city) => [city.id, city.name])), [data.data]);
  return { data: data.data, failed: data.isError, cityName: (id: unknown) => cityNames.get(Number(id)) ?? '' };
}
