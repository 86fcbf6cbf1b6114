/** Directions of the catalogue (spec 03 §2.14) and of hotels (spec 01 §2.11). */
import { DIRECTION_SORT, directionsResource, hotelDirectionsResource } from '@shared/resources/directions';
import { CITY_LIMITS } from '@shared/resources/cities';
import { defineResourceScreen, type RowBase } from '../../common/resource/definition';

type CityRef = { id: number; name: string };

export const directionsScreen = defineResourceScreen<RowBase & { name: string; sort: number; cities: CityRef[] }>({
  resource: directionsResource,
  title: 'Направления',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
    { key: 'cities', title: 'Города', render: (row) => row.cities.map((city) => city.name).join(', ') },
    { key: 'sort', title: 'Сортировка', width: 140 },
  ],
  form: {
    titles: { create: 'Добавление направления', edit: 'Редактирование направления' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'multiselect', name: 'cities', label: 'Города', options: { path: '/directions/data', key: 'cities' } },
      { kind: 'number', name: 'sort', label: 'Сортировка', min: DIRECTION_SORT.min, max: DIRECTION_SORT.max, required: true, hint: 'От 1 до 100: чем меньше, тем выше' },
    ],
    initial: { name: '', cities: [], sort: DIRECTION_SORT.default },
    toValues: (record) => ({ name: record.name, sort: record.sort, cities: (record.cities as CityRef[]).map((city) => city.id) }),
  },
});

export const hotelDirectionsScreen = defineResourceScreen<RowBase & { name: string; city: CityRef | null; info: string | null }>({
  resource: hotelDirectionsResource,
  title: 'Направления отелей',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
    { key: 'city', title: 'Город', render: (row) => row.city?.name ?? '' },
    { key: 'info', title: 'Информация' },
  ],
  form: {
    titles: { create: 'Добавление направления', edit: 'Редактирование направления' },
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'select', name: 'city_id', label: 'Город', required: true, options: { search: '/cities', limit: CITY_LIMITS.searchLimit, delayMs: CITY_LIMITS.searchDelayMs } },
      { kind: 'text', name: 'info', label: 'Информация' },
    ],
    initial: { name: '', city_id: null, info: '' },
  },
});
