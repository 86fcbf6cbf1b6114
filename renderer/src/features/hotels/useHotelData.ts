/** The lists the hotel editor's selects need: GET /api/hotels/data and GET /api/hotels/rooms/data. */
import { HOTEL_PATHS } from '@shared/hotels/paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import type { Option } from '../../common/form/fields';

export interface HotelData {
  cities: Option[];
  sea_distances: Option[];
  promotions: Option[];
  services: Option[];
  infrastructures: (Option & { type: number })[];
  infrastructures_types: Option[];
  meals: Option[];
  accommodations: Option[];
  category_types: Option[];
  stars: Option[];
  vendors: Option[];
  commissions: Option[];
  auto_confirm_statuses: Option[];
}

export interface RoomData {
  types: Option[];
  places: (Option & { places_count: number; adv_places_count: number })[];
  descriptions: Option[];
  services: Option[];
  equipments: Option[];
  furniture: Option[];
  bathrooms: Option[];
  children_ages: Option[];
}

export function useHotelData() {
  const hotel = useQuery({ queryKey: [HOTEL_PATHS.data], queryFn: ({ signal }) => api.get<HotelData>(HOTEL_PATHS.data, undefined, signal), staleTime: 60_000 });
  const rooms = useQuery({ queryKey: [HOTEL_PATHS.roomsData], queryFn: ({ signal }) => api.get<RoomData>(HOTEL_PATHS.roomsData, undefined, signal), staleTime: 60_000 });
  return {
    hotel: hotel.data,
    rooms: rooms.data,
    ready: Boolean(hotel.data && rooms.data),
    failed: hotel.isError || rooms.isError,
    failure: hotel.error ?? rooms.error,
    retry: () => void Promise.all([hotel.isError && hotel.refetch(), rooms.isError && rooms.refetch()]),
  };
}
