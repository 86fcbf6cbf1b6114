/**
 * Sea tours of the resorts that have hotels: a tour per resort and season, its markups by transfer,
 * one to three hotel groups of the resort's hotels (each hotel in one group) with their own markups,
 * and — for tours with the bus transfer — there/back pairs of the bus transports that reach the resort
 * and leave it. Every row is what the sea-tour editor would save (shared/sea-tours/schema.ts and the
 * server's city checks): opened and saved unchanged, a tour stays as it is. Runs after hotels and
 * transports.
 */
import { TransferType } from '../../shared/transfers.js';
import { slugOf } from '../../shared/slug.js';
import { servesCitySql } from '../transports/transports.list.js';
import type { FakeDataContext, FakeDataKind } from './kind.js';

type Faker = FakeDataContext['faker'];

const SEASONS = ['Море и солнце', 'Бархатный сезон', 'Лето у моря', 'Майские на море', 'Семейный отдых', 'Морской бриз'];
const TRANSFERS = [[TransferType.Bus], [TransferType.Bus, TransferType.Railway], [TransferType.Railway, TransferType.Avia], [TransferType.Bus, TransferType.Railway, TransferType.Avia], [TransferType.Avia]];
const INFO = ['Пляж в 5 минутах', 'Завтраки включены', 'Трансфер от вокзала', 'Детская анимация', 'Экскурсия по городу в подарок'];

const percent = (faker: Faker) => faker.helpers.arrayElement([0, 0, 5, 7, 10, 12, 15]);

export const seaToursKind: FakeDataKind = {
  name: 'sea_tours',
  table: 'sea_tours',
  async fill({ sql, faker }, count) {
    const resorts = (
      await sql.query<{ id: number; name: string; hotels: number[] }>(
        `SELECT c.id, c.name, array_agg(h.id ORDER BY h.id) AS hotels FROM cities c JOIN hotels h ON h.city_id = c.id GROUP BY c.id, c.name ORDER BY count(*) DESC, c.id`,
      )
    ).rows;
    if (resorts.length === 0) return;
    const taken = new Set((await sql.query<{ name: string; slug: string }>('SELECT lower(name) AS name, lower(slug) AS slug FROM sea_tours')).rows.flatMap((row) => [`n:${row.name}`, `s:${row.slug}`]));
    let made = 0;
    for (let round = 0; made < count; round++) {
      const resort = resorts[round % resorts.length]!;
      const season = SEASONS[Math.floor(round / resorts.length) % SEASONS.length]!;
      const cycle = Math.floor(round / (resorts.length * SEASONS.length));
      const name = `${season}: ${resort.name}${cycle > 0 ? ` ${cycle + 1}` : ''}`.slice(0, 50);
      const slug = slugOf(name, 255);
      if (taken.has(`n:${name.toLowerCase()}`) || taken.has(`s:${slug}`)) continue;
      taken.add(`n:${name.toLowerCase()}`).add(`s:${slug}`);
      const transfers = faker.helpers.arrayElement(TRANSFERS);
      const [tour] = (
        await sql.query<{ id: number }>(
          `INSERT INTO sea_tours (name, slug, city_id, is_active, info, commission_sum, commission_railway_sum, commission_avia_sum)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [name, slug, resort.id, faker.number.int(9) > 0, JSON.stringify(faker.helpers.arrayElements(INFO, { min: 1, max: 3 })), percent(faker), percent(faker), percent(faker)],
        )
      ).rows;
      for (const [position, type] of transfers.entries()) await sql.query('INSERT INTO sea_tour_transfer_types (sea_tour_id, transfer_type, position) VALUES ($1, $2, $3)', [tour!.id, type, position]);
      // The resort's hotels shuffled into up to three groups, each hotel in one.
      const hotels = faker.helpers.shuffle([...resort.hotels]).slice(0, 9);
      const groups = Math.min(hotels.length, faker.number.int({ min: 1, max: 3 }));
      for (let group = 0; group < groups; group++) {
        const members = hotels.filter((_, index) => index % groups === group);
        const [row] = (
          await sql.query<{ id: number }>(
            'INSERT INTO sea_tour_hotel_groups (sea_tour_id, position, commission_sum, commission_railway_sum, commission_avia_sum) VALUES ($1, $2, $3, $4, $5) RETURNING id',
            [tour!.id, group, percent(faker), percent(faker), percent(faker)],
          )
        ).rows;
        for (const [position, hotel] of members.entries()) await sql.query('INSERT INTO sea_tour_group_hotels (group_id, hotel_id, position) VALUES ($1, $2, $3)', [row!.id, hotel, position]);
      }
      // Pairs only with the bus transfer: transports reaching the resort, and leaving it.
      if ((transfers as readonly number[]).includes(TransferType.Bus)) {
        const reaching = (await sql.query<{ id: number }>(`SELECT t.id FROM transports t WHERE ${servesCitySql('t.id', '$1', 'forth')} ORDER BY t.id LIMIT 3`, [resort.id])).rows;
        const leaving = (await sql.query<{ id: number }>(`SELECT t.id FROM transports t WHERE ${servesCitySql('t.id', '$1', 'back')} ORDER BY t.id LIMIT 3`, [resort.id])).rows;
        const pairs = Math.min(reaching.length, leaving.length, 2);
        for (let position = 0; position < pairs; position++) {
          await sql.query('INSERT INTO sea_tour_transports (sea_tour_id, transport_forth_id, transport_back_id, position) VALUES ($1, $2, $3, $4)', [tour!.id, reaching[position]!.id, leaving[position]!.id, position]);
        }
      }
      made++;
    }
  },
};
