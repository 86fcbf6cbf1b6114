/**
 * Excursion tours of the demo: multi-day tours on the coach lines of transports.ts (there, and for
 * two tours in three back on the line's return), named after the region of the finish city, a hotel or two of that city, a meal with dated prices, a day per
 * day of the tour, start dates every two weeks from a month ago, services of every class, and — for
 * two tours in three — a checklist whose past dates and next date are ticked and the one after half done, so
 * the list shows green, red and past dates. Every row is what the tour editor would save.
 */
import { addDays } from './bulk.js';
import { ensureNamed } from './catalogue.js';
import type { FakeDataKind } from './kind.js';
import { slugOf } from '../../shared/slug.js';
import { syncChecklist } from '../tours/checklist.js';

/** Themes by the cities a tour goes to: a tour is named after where its bus takes it. */
const THEMES: { theme: string; summary: string; cities: string[] }[] = [
  { theme: 'Золотое кольцо', summary: 'Старинные города, монастыри и ярмарки', cities: ['Ярославль', 'Владимир', 'Сергиев Посад', 'Ростов Великий'] },
  { theme: 'Черноморское побережье', summary: 'Море, горы и набережные', cities: ['Анапа', 'Геленджик', 'Сочи', 'Туапсе', 'Новороссийск', 'Кабардинка', 'Красная Поляна', 'Абрау-Дюрсо'] },
  { theme: 'Кавказские Минеральные Воды', summary: 'Источники, курортные парки и канатные дороги', cities: ['Кисловодск', 'Пятигорск', 'Ессентуки', 'Минеральные Воды', 'Домбай'] },
  { theme: 'Волжские просторы', summary: 'Кремли, набережные и речные прогулки', cities: ['Нижний Новгород', 'Казань', 'Самара', 'Саратов', 'Волгоград'] },
  { theme: 'Северная столица', summary: 'Дворцы, мосты и белые ночи', cities: ['Санкт-Петербург', 'Великий Новгород'] },
  { theme: 'Карелия', summary: 'Озёра, водопады и деревянное зодчество', cities: ['Петрозаводск'] },
  { theme: 'Столичные выходные', summary: 'Кремль, музеи и бульвары', cities: ['Москва'] },
];
/** Any other city: a tour of its sights. */
export const tourThemeOf = (city: string) => THEMES.find((theme) => theme.cities.includes(city)) ?? { theme: `Выходные: ${city}`, summary: 'Музеи, набережные и старые улицы' };

const SERVICES = [
  { name: 'Обзорная экскурсия', class: 1 },
  { name: 'Услуги гида', class: 2 },
  { name: 'Входные билеты в музеи', class: 3 },
  { name: 'Трансфер до отеля', class: 3 },
] as const;

const MEALS = ['Ужин в ресторане', 'Обед в кафе', 'Завтрак на маршруте'];

export const toursKind: FakeDataKind = {
  name: 'tours',
  table: 'tours',
  async fill({ sql, faker, today }, count) {
    // Coach lines (an excursion is a day out, not a tour's way there), their start and finish cities.
    const { rows: transports } = await sql.query<{ id: number; start_city: number; finish_city: number; finish_name: string }>(
      `SELECT t.id, s.point_city_id AS start_city, f.point_city_id AS finish_city, c.name AS finish_name
         FROM transports t JOIN transport_route_points s ON s.transport_id = t.id AND s.kind = 'start'
         JOIN transport_route_points f ON f.transport_id = t.id AND f.kind = 'finish' JOIN cities c ON c.id = f.point_city_id
        WHERE NOT t.is_excursion ORDER BY t.id LIMIT 200`,
    );
    if (transports.length === 0) return;
    const vendor = (await sql.query<{ id: number }>(`SELECT id FROM vendors ORDER BY id LIMIT 1`)).rows[0]?.id ?? null;
    const services = await ensureNamed(sql, 'tour_services', { name: 'varchar', class: 'smallint', vendor_id: 'integer' }, SERVICES.map((service) => ({ ...service, vendor_id: vendor })));
    const serviceIds = [...services.values()];
    const [{ id: tourType }] = (await sql.query<{ id: number }>(`SELECT id FROM tour_types ORDER BY id LIMIT 1`)).rows as [{ id: number }];
    const manager = { query: async (text: string, params?: unknown[]) => (await sql.query(text, params as unknown[])).rows };
    const { rows: [{ n: existing }] } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM tours`);
    for (let index = 0; index < count; index++) {
      const number = existing + index + 1;
      // The tour goes where its bus goes (a tour by transport has no city of its own, spec 03 §4): named after that city's region, its hotels there, back on the line's return.
      const forth = transports[index % transports.length]!;
      const { theme, summary } = tourThemeOf(forth.finish_name);
      const name = `${theme}: тур № ${number}`;
      const back = transports.find((candidate) => candidate.start_city === forth.finish_city && candidate.finish_city === forth.start_city);
      const duration = faker.number.int({ min: 2, max: 6 });
      const [{ id }] = (
        await sql.query<{ id: number }>(
          `INSERT INTO tours (name, slug, tour_type_id, transport_forth_id, transport_back_id, duration, is_active, short_description, adult_price, child_price,
                              commission_agency_type, commission_agency_sum)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 2, 10) RETURNING id`,
          [name, `${slugOf(name)}-${number}`, tourType, forth.id, index % 3 === 0 ? null : (back?.id ?? null), duration, index % 7 !== 6, summary, faker.number.int({ min: 80, max: 400 }) * 100, faker.number.int({ min: 50, max: 300 }) * 100],
        )
      ).rows as [{ id: number }];
      const { rows: hotels } = await sql.query<{ id: number }>(`SELECT id FROM hotels WHERE city_id = $1 ORDER BY id LIMIT 2`, [forth.finish_city]);
      for (const [position, hotel] of hotels.entries()) {
        await sql.query(`INSERT INTO tour_hotels (tour_id, hotel_id, arrival_day, departure_day, position) VALUES ($1, $2, 1, $3, $4)`, [id, hotel.id, duration, position]);
      }
      for (const [position, service] of [serviceIds[index % serviceIds.length]!, serviceIds[(index + 2) % serviceIds.length]!].entries()) {
        await sql.query(`INSERT INTO tour_service_items (tour_id, list, item_id, position) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [id, position === 0 ? 'services' : 'required_services', service, position]);
      }
      const [{ id: meal }] = (await sql.query<{ id: number }>(`INSERT INTO tour_meals (tour_id, position, name, vendor_id, days) VALUES ($1, 0, $2, $3, $4) RETURNING id`, [id, MEALS[index % MEALS.length], vendor, [1, duration]])).rows as [{ id: number }];
      await sql.query(
        `INSERT INTO tour_meal_dates (meal_id, date_from, date_to, price) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)`,
        [meal, addDays(today, -60), addDays(today, 30), faker.number.int({ min: 5, max: 12 }) * 100, addDays(today, 31), addDays(today, 180), faker.number.int({ min: 6, max: 14 }) * 100],
      );
      for (let day = 1; day <= duration; day++) {
        await sql.query(`INSERT INTO tour_days (tour_id, position, name, description) VALUES ($1, $2, $3, $4)`, [id, day - 1, `День ${day}`, `<p>${faker.lorem.sentence()}</p>`]);
      }
      const first = addDays(today, -28 + (index % 7));
      for (let date = 0; date < 8; date++) await sql.query(`INSERT INTO tour_dates (tour_id, start_date) VALUES ($1, $2)`, [id, addDays(first, date * 14)]);
      if (index % 3 === 2) continue;
      await sql.query(`UPDATE tours SET has_checklist = true WHERE id = $1`, [id]);
      await syncChecklist(manager, id);
      // Past dates done, the next one ready (green in the list), the one after half done; the rest to do.
      await sql.query(
        `WITH upcoming AS (SELECT id, row_number() OVER (ORDER BY start_date) AS n FROM tour_dates WHERE tour_id = $1 AND start_date >= $2)
         UPDATE tour_checklist_points p SET checked = true FROM tour_dates d LEFT JOIN upcoming u ON u.id = d.id
          WHERE d.id = p.tour_date_id AND d.tour_id = $1 AND (d.start_date < $2 OR u.n = 1 OR (u.n = 2 AND p.checkable_alias IN ('hotel', 'transport')))`,
        [id, today],
      );
    }
  },
};
