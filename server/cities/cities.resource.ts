import { citiesResource, CITY_LIMITS, citySeoSchema, type CityRef, type CityRow } from '../../shared/resources/cities.js';
import { storageUrl } from '../../shared/files.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { derivedSlug } from '../common/database/derived-slug.js';
import { CityEntity } from './city.entity.js';

const CITY_LISTS = ['near_cities', 'railway_transfer_cities', 'aviation_transfer_cities'] as const;

const ref = (city: { id: number; name: string }): CityRef => ({ id: city.id, name: city.name });

/** Cities: the read carries city objects where the payload carried ids (spec 01 §3 City). */
export const citiesServerResource = defineServerResource({
  definition: citiesResource,
  entity: CityEntity,
  searchExpression: `${ALIAS}.name`,
  relations: ['country', ...CITY_LISTS],
  listRelations: [],
  canDeleteFlag: true,
  toRow: (city): Partial<CityRow> => {
    const row: Partial<CityRow> = { id: city.id, name: city.name, country_id: city.country_id, slug: city.slug };
    if (city.country) row.country = ref(city.country);
    for (const list of CITY_LISTS) if (city[list]) row[list] = city[list].map(ref).sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    row.catalog = {
      image: city.catalog_image,
      image_url: city.catalog_image ? storageUrl(city.catalog_image) : null,
      price: city.catalog_price,
    };
    // Stored blocks read back in the full shape, whatever an older client left out.
    row.seo_settings = citySeoSchema.parse(city.seo_settings ?? {});
    return row;
  },
  toEntity: async ({ catalog, near_cities, railway_transfer_cities, aviation_transfer_cities, ...city }, { manager, id }) => ({
    ...city,
    // A slug left empty is derived from the name (transliterated, a suffix when taken), as for hotels.
    slug: city.slug ?? (await derivedSlug(manager, 'cities', city.name, { max: CITY_LIMITS.slug, fallback: 'city', exceptId: id })),
    catalog_image: catalog.image,
    catalog_price: catalog.price,
    near_cities: near_cities.map((id) => ({ id }) as CityEntity),
    railway_transfer_cities: railway_transfer_cities.map((id) => ({ id }) as CityEntity),
    aviation_transfer_cities: aviation_transfer_cities.map((id) => ({ id }) as CityEntity),
  }),
});
