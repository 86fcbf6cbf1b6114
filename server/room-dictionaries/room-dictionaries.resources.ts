import {
  roomBathroomResource,
  roomDescriptionsResource,
  roomEquipmentResource,
  roomFurnitureResource,
  roomPlacesResource,
  roomServicesResource,
  roomTypesResource,
} from '../../shared/resources/room-dictionaries.js';
import { ALIAS, defineServerResource, namedHandbookResource } from '../common/resource/server-resource.js';
import {
  RoomBathroomEntity,
  RoomDescriptionEntity,
  RoomEquipmentEntity,
  RoomFurnitureEntity,
  RoomPlaceEntity,
  RoomServiceEntity,
  RoomTypeEntity,
} from './room-dictionary.entities.js';

export const roomPlacesServerResource = defineServerResource({
  definition: roomPlacesResource,
  entity: RoomPlaceEntity,
  searchExpression: `${ALIAS}.name`,
  toRow: ({ id, name, places_count, adv_places_count }) => ({ id, name, places_count, adv_places_count }),
});

/** Each dictionary with the key it has in GET /api/hotels/rooms/data. */
export const ROOM_DICTIONARIES = {
  types: namedHandbookResource(roomTypesResource, RoomTypeEntity),
  places: roomPlacesServerResource,
  descriptions: namedHandbookResource(roomDescriptionsResource, RoomDescriptionEntity),
  services: namedHandbookResource(roomServicesResource, RoomServiceEntity),
  equipments: namedHandbookResource(roomEquipmentResource, RoomEquipmentEntity),
  furniture: namedHandbookResource(roomFurnitureResource, RoomFurnitureEntity),
  bathrooms: namedHandbookResource(roomBathroomResource, RoomBathroomEntity),
};
