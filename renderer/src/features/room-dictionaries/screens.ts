/** Room dictionaries (spec 02 "Room dictionaries"): titled cards with a searchable table and an add/edit dialog. */
import {
  roomBathroomResource,
  roomDescriptionsResource,
  roomEquipmentResource,
  roomFurnitureResource,
  ROOM_PLACES_MAX,
  roomPlacesResource,
  roomServicesResource,
  roomTypesResource,
} from '@shared/resources/room-dictionaries';
import { defineResourceScreen, namedHandbookScreen, type RowBase } from '../../common/resource/definition';

const named = (resource: Parameters<typeof namedHandbookScreen>[0], title: string, what: string) =>
  namedHandbookScreen(resource, { title, create: `Добавление: ${what}`, edit: `Редактирование: ${what}` });

export const roomTypesScreen = named(roomTypesResource, 'Типы номеров', 'тип номера');
export const roomDescriptionsScreen = named(roomDescriptionsResource, 'Описания номеров', 'описание номера');
export const roomServicesScreen = named(roomServicesResource, 'Услуги номеров', 'услуга номера');
export const roomEquipmentScreen = named(roomEquipmentResource, 'Оснащение номеров', 'оснащение номера');
export const roomFurnitureScreen = named(roomFurnitureResource, 'Мебель номеров', 'мебель');
export const roomBathroomScreen = named(roomBathroomResource, 'Ванная комната', 'ванная комната');

export const roomPlacesScreen = defineResourceScreen<RowBase & { name: string; places_count: number; adv_places_count: number }>({
  resource: roomPlacesResource,
  title: 'Размещение в номерах',
  subtitle: 'Схемы размещения: основные и дополнительные места',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
    { key: 'places_count', title: 'Основных мест', width: 160 },
    { key: 'adv_places_count', title: 'Дополнительных мест', width: 190 },
  ],
  form: {
    titles: { create: 'Добавление размещения', edit: 'Редактирование размещения' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'number', name: 'places_count', label: 'Количество основных мест', min: 0, max: ROOM_PLACES_MAX, required: true },
      { kind: 'number', name: 'adv_places_count', label: 'Количество дополнительных мест', min: 0, max: ROOM_PLACES_MAX, required: true },
    ],
    initial: { name: '', places_count: 0, adv_places_count: 0 },
  },
});
