/** The lists the bus-transport editor's selects need: GET /api/transports/data (spec 02 §7). */
import { TRANSPORT_PATHS } from '@shared/transport/paths';
import { type TransportData } from '@shared/transport/types';
import { useMemo } from 'react';
import { useEditorData } from '../../common/editor/useEditorData';

export function useTransportData() {
  const read = useEditorData<{ lists: TransportData }>({ lists: TRANSPORT_PATHS.data });
  const cities = read.data?.lists.cities;
  const cityNames = useMemo(() => new Map((cities ?? []).map((city) => [city.id, city.name])), [cities]);
  return { ...read, cityName: (id: unknown) => cityNames.get(Number(id)) ?? '' };
}
