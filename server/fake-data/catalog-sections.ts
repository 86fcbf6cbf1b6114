/**
 * Catalogue sections for the demo: a two-level tree (the site's main sections, then a section per
 * resort under each), hotels of the demo placed in a few sections each (the hotel editor's Каталог
 * tab), and slider tours when tours are already there. `count` is the number of sections.
 */
import { slugOf } from '../../shared/slug.js';
import type { FakeDataKind } from './kind.js';

const TOP = ['Морской отдых', 'Экскурсионные туры', 'Горы и термальные источники', 'Отдых с детьми', 'Выходные в городе'];
const PLACES = ['Анапа', 'Геленджик', 'Сочи', 'Ялта', 'Кисловодск', 'Алушта', 'Евпатория', 'Казань', 'Калининград', 'Архыз'];

export const catalogSectionsKind: FakeDataKind = {
  name: 'catalog_sections',
  table: 'catalog_sections',
  async fill({ sql, faker }, count) {
    const start = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_sections')).rows[0]!.n;
    const tops = Math.min(TOP.length, Math.max(1, Math.ceil(count / 4)));
    const names = Array.from({ length: count }, (_, index) =>
      index < tops ? TOP[index]! : `${PLACES[(index - tops) % PLACES.length]}: ${TOP[(index - tops) % tops]!.toLowerCase()}`,
    ).map((name, index) => (start > 0 ? `${name} (${start + index + 1})` : name));
    const ids: number[] = [];
    for (const [index, name] of names.entries()) {
      const parent = index < tops ? null : ids[(index - tops) % tops]!;
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO catalog_sections (name, slug, description, catalog_section_id, is_active, exclusive, sort, price, seo_h1, seo_title, seo_content)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $1, $1, $9) RETURNING id`,
        [
          name,
          // Numbered after the sections there are, so ids stay in a row (no sequence value spent on the slug).
          `${slugOf(name, 200)}-${start + index + 1}`,
          faker.lorem.sentence({ min: 6, max: 14 }),
          parent,
          faker.datatype.boolean({ probability: 0.85 }),
          faker.datatype.boolean({ probability: 0.15 }),
          faker.number.int({ min: 1, max: 100 }),
          `от ${faker.number.int({ min: 5, max: 90 })} 000 ₽`,
          JSON.stringify({
            top_block: { title: name, text: `<p>${faker.lorem.paragraph()}</p>` },
            bottom_block: { title: 'Почему с нами', text: `<p>${faker.lorem.paragraph()}</p>` },
            advantages: [{ id: 1, title: 'Проверенные отели', text: `<p>${faker.lorem.sentence()}</p>` }],
          }),
        ],
      );
      ids.push(rows[0]!.id);
    }
    // Hotels shown in one to three of the new sections.
    await sql.query(
      `INSERT INTO hotel_catalog_sections (hotel_id, item_id, position)
       SELECT h.id, s.id, row_number() OVER (PARTITION BY h.id ORDER BY s.id) - 1
         FROM hotels h CROSS JOIN LATERAL (SELECT id FROM unnest($1::int[]) AS id WHERE (id + h.id) % 4 = 0 LIMIT 3) s
       ON CONFLICT DO NOTHING`,
      [ids],
    );
    // Slider tours, when tours exist already: up to four per section.
    await sql.query(
      `INSERT INTO catalog_section_tours (section_id, tour_id, title, price, position)
       SELECT s.id, t.id, t.name, 'от ' || (10 + t.id % 40) || ' 000 ₽', row_number() OVER (PARTITION BY s.id ORDER BY t.id) - 1
         FROM unnest($1::int[]) AS s(id) CROSS JOIN LATERAL (SELECT id, name FROM tours WHERE (id + s.id) % 3 = 0 ORDER BY id LIMIT 4) t`,
      [ids],
    );
  },
};
