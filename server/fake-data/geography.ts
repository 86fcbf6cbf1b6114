/** Countries and cities of the tour operator's catalogue: Russia and its neighbours, cities from the locale. */
import type { FakeDataKind } from './kind.js';
import { slugOf } from '../../shared/slug.js';

const COUNTRIES = ['Россия', 'Абхазия', 'Беларусь', 'Казахстан', 'Армения', 'Грузия', 'Турция', 'Египет', 'ОАЭ', 'Таиланд'];

export const geographyKind: FakeDataKind = {
  name: 'cities',
  table: 'cities',
  async fill({ sql, faker }, count) {
    await sql.query(
      `INSERT INTO countries (name) SELECT name FROM unnest($1::text[]) AS name ON CONFLICT DO NOTHING`,
      [COUNTRIES],
    );
    const [{ id: russia }] = (await sql.query<{ id: number }>(`SELECT id FROM countries WHERE lower(name) = 'россия'`)).rows as [{ id: number }];
    // The locale's cities, without its region marks ("Азов (Рост.)"), each once.
    const cities = faker.helpers
      .shuffle([...new Set((faker.rawDefinitions.location!.city_name as string[]).map((name) => name.replace(/\s*\(.*\)$/, '')))])
      .slice(0, count);
    await sql.query(
      `INSERT INTO cities (name, country_id, slug, catalog_price)
       SELECT name, $2, slug || '-' || n, CASE WHEN n % 3 = 0 THEN (5000 + n * 37 % 20000)::numeric(12, 2) END
         FROM unnest($1::text[], $3::text[]) WITH ORDINALITY AS c(name, slug, n)
        WHERE NOT EXISTS (SELECT 1 FROM cities WHERE lower(cities.slug) = lower(c.slug || '-' || c.n))`,
      [cities, russia, cities.map((name) => slugOf(name))],
    );
  },
};
