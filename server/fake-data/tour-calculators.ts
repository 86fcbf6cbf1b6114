/**
 * Tour calculators (issue 30): a group tour costed day by day — a tour's days when there are tours
 * (its name and duration), else a city's weekend —, a priced day with a meal and a museum or a
 * group service, a hotel of the ground with a room line, sometimes an additionally paid service. The
 * body goes through the calculator's schema and its results through the formula (shared/), so every
 * calculator is what the editor would save: opened and saved unchanged, it stays as it is. Runs
 * after hotels and tours.
 */
import { calculatorResults } from '../../shared/tour-calculators/rules.js';
import { tourCalculatorSchema } from '../../shared/tour-calculators/schema.js';
import { TOUR_CALCULATOR_AGGREGATE } from '../tour-calculators/tour-calculator.aggregate.js';
import { declaredRows, reserveIds } from './bulk.js';
import type { FakeDataKind } from './kind.js';

const GROUPS = ['школьники', 'ветераны', 'корпоратив', 'семьи с детьми', 'студенты'];
const MUSEUMS = ['Краеведческий музей', 'Картинная галерея', 'Усадьба', 'Кремль', 'Монастырь'];
const EXTRAS = ['Катание на теплоходе', 'Мастер-класс', 'Баня', 'Дегустация'];

export const tourCalculatorsKind: FakeDataKind = {
  name: 'tour_calculators',
  table: 'tour_calculators',
  async fill({ sql, faker }, count) {
    const { rows: hotels } = await sql.query<{ id: number; city: string }>('SELECT h.id, c.name AS city FROM hotels h JOIN cities c ON c.id = h.city_id ORDER BY h.id');
    if (hotels.length === 0) return;
    const { rows: tours } = await sql.query<{ id: number; name: string; duration: number; days: string[] }>(
      `SELECT t.id, t.name, least(t.duration, 60) AS duration, coalesce(array_agg(d.name ORDER BY d.position) FILTER (WHERE d.id IS NOT NULL), '{}') AS days
         FROM tours t LEFT JOIN tour_days d ON d.tour_id = t.id GROUP BY t.id ORDER BY t.id`,
    );
    const calculators = declaredRows(TOUR_CALCULATOR_AGGREGATE, { id: 'integer' });
    const days = declaredRows(TOUR_CALCULATOR_AGGREGATE.collections.days, { calculator_id: 'integer' });
    const hotelRows = declaredRows(TOUR_CALCULATOR_AGGREGATE.collections.hotels, { id: 'integer', calculator_id: 'integer' });
    const rooms = declaredRows(TOUR_CALCULATOR_AGGREGATE.collections.hotels.collections.rooms, { hotel_row_id: 'integer' });
    const ids = await reserveIds(sql, 'tour_calculators', count);
    const hotelIds = await reserveIds(sql, 'tour_calculator_hotels', count);

    ids.forEach((id, index) => {
      const hotel = faker.helpers.arrayElement(hotels);
      const tour = tours.length > 0 && index % 2 === 0 ? faker.helpers.arrayElement(tours) : null;
      const duration = tour?.duration ?? faker.number.int({ min: 2, max: 4 });
      const dayNames = Array.from({ length: duration }, (_, day) => tour?.days[day] ?? `${hotel.city}: день ${day + 1}`);
      const form = tourCalculatorSchema.parse({
        tour_id: tour?.id ?? null,
        name: `${tour?.name ?? `Выходные: ${hotel.city}`} — ${faker.helpers.arrayElement(GROUPS)} ${index + 1}`.slice(0, 255),
        duration,
        adult_count: faker.number.int({ min: 5, max: 40 }),
        child_count: faker.number.int({ min: 0, max: 20 }),
        retiree_count: faker.number.int({ min: 0, max: 5 }),
        free_count: faker.number.int({ min: 0, max: 2 }),
        commission_sum: faker.helpers.arrayElement([0, 5, 10, 12.5, 15]),
        days: dayNames.map((name, day) => ({
          name,
          tour_guide_price: faker.number.int({ min: 20, max: 80 }) * 100,
          auto_price: faker.number.int({ min: 100, max: 300 }) * 100,
          meals: [{ name: 'Обед', sum: faker.number.int({ min: 40, max: 120 }) * 10 }],
          services:
            day % 2 === 0
              ? [{ name: faker.helpers.arrayElement(MUSEUMS), type: 1, adult_price: 500, child_price: 250, retiree_price: 350 }]
              : [{ name: 'Экскурсия с местным гидом', type: 2, total_price: faker.number.int({ min: 20, max: 60 }) * 100 }],
          additional_services: faker.number.int(3) === 0 ? [{ name: faker.helpers.arrayElement(EXTRAS), sum: faker.number.int({ min: 50, max: 200 }) * 10 }] : [],
        })),
        hotels: [{ hotel_id: hotel.id, arrival_day: 1, departure_day: duration, rooms: [{ name: 'Двухместный', count: faker.number.int({ min: 3, max: 20 }), duration: duration - 1, sum: faker.number.int({ min: 25, max: 80 }) * 100, extra_sum: 0 }] }],
      });
      const { days: formDays, hotels: formHotels, version: _version, ...root } = form;
      // jsonb travels as its JSON text (an array would be taken for a PostgreSQL array), as hotels.ts sends `info`.
      const json = JSON.stringify;
      calculators.push({ id, ...root, services: json(root.services), additional_services: json(root.additional_services), results: json(calculatorResults(form) ?? []) });
      formDays.forEach(({ id: _day, ...day }, position) =>
        days.push({ calculator_id: id, position, ...day, meals: json(day.meals), services: json(day.services), additional_services: json(day.additional_services) }),
      );
      formHotels.forEach(({ id: _hotel, rooms: hotelRooms, ...row }, position) => {
        hotelRows.push({ id: hotelIds[index]!, calculator_id: id, position, ...row });
        hotelRooms.forEach(({ id: _room, ...room }, at) => rooms.push({ hotel_row_id: hotelIds[index]!, position: at, ...room }));
      });
    });
    await calculators.insert(sql);
    await days.insert(sql);
    await hotelRows.insert(sql);
    await rooms.insert(sql);
  },
};
