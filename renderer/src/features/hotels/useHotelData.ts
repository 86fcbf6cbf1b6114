/** The lists the hotel editor's selects need: GET /api/hotels/data and GET /api/hotels/rooms/data. */
import { HOTEL_PATHS } from '@shared/hotels/paths';
import { useEditorData } from '../../common/editor/useEditorData';
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

export const useHotelData = () => useEditorData<{ hotel: HotelData; rooms: RoomData }>({ hotel: HOTEL_PATHS.data, rooms: HOTEL_PATHS.roomsData });
