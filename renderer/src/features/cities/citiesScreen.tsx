/** /cities (spec 01 §2.9): the list, and the dialog 'Форма добавления города' with catalog and SEO parts. */
import { MESSAGES } from '@shared/messages';
import { slugOf } from '@shared/slug';
import { citiesResource, CITY_LIMITS, citySeoSchema, type CityRef, type CityRow } from '@shared/resources/cities';
import { defineResourceScreen } from '../../common/resource/definition';
import { CityCatalogField } from './CityCatalogField';
import { CitySeoEditor } from './CitySeoEditor';

const CITY_LISTS = ['near_cities', 'railway_transfer_cities', 'aviation_transfer_cities'] as const;
/** City search of spec 01 §7: GET /api/cities?query=&limit=1000, 200 ms after typing. */
const cityOptions = { search: '/cities', limit: CITY_LIMITS.searchLimit, delayMs: CITY_LIMITS.searchDelayMs };
const DIALOG_TITLE = 'Форма добавления города';

export const citiesScreen = defineResourceScreen<CityRow, CityRow>({
  resource: citiesResource,
  title: 'Города',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
  ],
  canDelete: (row) => row.can_delete,
  confirmDelete: MESSAGES.cities.confirmDelete,
  form: {
    titles: { create: DIALOG_TITLE, edit: DIALOG_TITLE },
    width: '70vw',
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'select', name: 'country_id', label: 'Страна', required: true, options: { path: '/countries/list' } },
      {
        kind: 'text',
        name: 'slug',
        label: 'Адрес страницы',
        hint: 'Часть адреса страницы города на сайте: строчные латинские буквы, цифры и дефис. Составляется из названия; пустое поле — составит сервер',
        derive: { from: 'name', value: (name) => slugOf(name, CITY_LIMITS.slug) },
      },
      { kind: 'multiselect', name: 'near_cities', label: 'Ближайшие города', options: cityOptions },
      { kind: 'multiselect', name: 'railway_transfer_cities', label: 'Города трансфера ж/д', options: cityOptions },
      { kind: 'multiselect', name: 'aviation_transfer_cities', label: 'Города трансфера авиа', options: cityOptions },
      { kind: 'custom', name: 'catalog', label: 'Каталог', render: (props) => <CityCatalogField {...props} /> },
      { kind: 'custom', name: 'seo_settings', label: 'SEO', render: (props) => <CitySeoEditor {...props} /> },
    ],
    initial: {
      name: '',
      country_id: null,
      slug: '',
      near_cities: [],
      railway_transfer_cities: [],
      aviation_transfer_cities: [],
      catalog: { image: null, image_url: null, price: null },
      seo_settings: citySeoSchema.parse({}),
    },
    // The read carries city objects where the form keeps ids.
    toValues: (city) => {
      const ids = (list: CityRef[] | undefined) => (list ?? []).map((item) => item.id);
      return {
        name: city.name,
        country_id: city.country_id,
        slug: city.slug,
        ...Object.fromEntries(CITY_LISTS.map((list) => [list, ids(city[list])])),
        catalog: city.catalog,
        seo_settings: city.seo_settings,
      };
    },
  },
});
