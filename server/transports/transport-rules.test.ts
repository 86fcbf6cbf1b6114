/** The save rules of a bus transport that need what is stored: bookings in the way of a route edit, fixed days and dates, tariffs by position. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { transportSchema } from '../../shared/transport/schema.js';
import type { StoredBooking } from '../seats/seat-store.js';
import type { LoadedTransport, StoredRoutePoint } from './transport-read.js';
import { placedPoints, storedRuleErrors, tariffRows } from './transport-rules.js';

const T = MESSAGES.transport;
const COACH = { seats: 12, rear_seats: 4, rows: 2, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null };

/** Stored: Москва(1, id 11) → Тула(2, id 12) → Орёл(3, id 13), weekly on Mondays in June 2030. */
const point = (id: number, position: number, kind: StoredRoutePoint['kind'], city: number): StoredRoutePoint => ({
  id,
  position,
  kind,
  point_city_id: city,
  city_name: `Город ${city}`,
  info: null,
  start_time: null,
  finish_time: null,
  arrival_day: null,
  departure_day: null,
});
const stored: LoadedTransport = {
  row: {
    id: 1,
    name: 'Рейс',
    transportation_id: 1,
    vendor_id: null,
    duration: 1,
    adult_price: 0,
    child_price: 0,
    start_date: '2030-06-01',
    finish_date: '2030-06-30',
    departure_type: 1,
    is_excursion: false,
    application_auto_confirm: false,
    auto_confirm_status: null,
    catalog_title: null,
    catalog_price: null,
    catalog_image: null,
    catalog_sort: null,
    seo_settings: { meta: { h1: null, title: null, description: null }, advantages: [], faq: [], top_block: { title: null, text: null }, bottom_block: { title: null, text: null } },
    version: 1,
  },
  points: [point(11, 0, 'start', 1), point(12, 1, 'intermediate', 2), point(13, 2, 'finish', 3)],
  days: [{ id: 21, number: 1, commission_type: 1, commission_sum: 0, freight: 0 }],
  dates: [],
  tariffs: [],
  transportation: { id: 1, name: 'Автобус', schema_svg: '', ...COACH },
};

const stop = (id: number | null, city: number) => ({ id, point_city_id: city, info: 'Остановка', finish_time: '10:00', start_time: '10:10', arrival_day: 1, departure_day: 1 });
const form = (intermediates: ReturnType<typeof stop>[], extra: Record<string, unknown> = {}) =>
  transportSchema.parse({
    transportation_id: 1,
    name: 'Рейс',
    duration: 1,
    start_date: '2030-06-01',
    finish_date: '2030-06-30',
    departure_type: 1,
    days: [{ id: 21, number: 1 }],
    routes: { start: { id: 11, point_city_id: 1, start_time: '08:00' }, intermediates, finish: { id: 13, point_city_id: 3, finish_time: '20:00' } },
    ...extra,
  });
const booking = (number: number, from: number, to: number, date = '2030-06-03'): StoredBooking => ({ id: number, transport_id: 1, departure_date: date, number, from_position: from, to_position: to, application_id: null, tourist_id: null, leg: null });

describe('bus transport save rules', () => {
  it('allows a stop after the booked part of the route and refuses one that shifts a booking, naming it', () => {
    const moscowTula = [booking(5, 0, 1)];
    // A stop between Тула and Орёл leaves positions 0 and 1 as they were.
    expect(storedRuleErrors(form([stop(12, 2), stop(null, 4)]), stored, moscowTula, COACH)).toEqual({});
    // A stop between Москва and Тула moves Тула to position 2 under the booking.
    expect(storedRuleErrors(form([stop(null, 4), stop(12, 2)]), stored, moscowTula, COACH)).toEqual({ routes: [T.bookingsInTheWay('место 5, 03.06.2030')] });
    // Another city at a booked position, and a removed stop, are refused too.
    expect(storedRuleErrors(form([stop(12, 4)]), stored, moscowTula, COACH).routes).toHaveLength(1);
    expect(storedRuleErrors(form([]), stored, [booking(6, 1, 2)], COACH).routes).toEqual([T.bookingsInTheWay('место 6, 03.06.2030')]);
    // Without bookings the route is free to change.
    expect(storedRuleErrors(form([stop(null, 4), stop(12, 2)]), stored, [], COACH)).toEqual({});
  });

  it('keeps saved weekdays and dates, and every booked date a departure with its seat in the scheme', () => {
    expect(storedRuleErrors(form([stop(12, 2)], { days: [{ id: 21, number: 2 }] }), stored, [], COACH)).toEqual({ 'days.0.number': [T.dayFixed] });
    const bookings = [booking(5, 0, 1, '2030-06-03'), booking(9, 0, 1, '2030-06-10')];
    expect(storedRuleErrors(form([stop(12, 2)], { days: [{ id: 21, number: 1 }], finish_date: '2030-06-05' }), stored, bookings, COACH)).toEqual({
      finish_date: [T.bookingsInTheWay('место 9, 10.06.2030')],
    });
    expect(storedRuleErrors(form([stop(12, 2)], { days: [{ number: 3 }] }), stored, bookings, COACH).days).toEqual([T.bookingsInTheWay('место 5, 03.06.2030; место 9, 10.06.2030')]);
    expect(storedRuleErrors(form([stop(12, 2)]), stored, [booking(13, 0, 1)], COACH)).toEqual({ transportation_id: [T.bookingsInTheWay('место 13, 03.06.2030')] });
  });

  it('prices every pair of points by position, maps cities like a booking, ignores zero rows it cannot place', () => {
    const route = form([stop(12, 2)], {
      tariffs: [
        { from_position: 0, to_position: 2, tariff: 1500 },
        { from_city_id: 2, to_city_id: 3, tariff: 700 },
        { from_city_id: 3, to_city_id: 1, tariff: 0 },
      ],
    });
    const errors = {};
    expect(tariffRows(route, errors)).toEqual([
      { from_position: 0, to_position: 1, tariff: 0 },
      { from_position: 0, to_position: 2, tariff: 1500 },
      { from_position: 1, to_position: 2, tariff: 700 },
    ]);
    expect(errors).toEqual({});
    const refused: Record<string, string[]> = {};
    tariffRows(form([stop(12, 2)], { tariffs: [{ from_city_id: 3, to_city_id: 1, tariff: 100 }, { from_position: 0, to_position: 1, tariff: 1 }, { from_city_id: 1, to_city_id: 2, tariff: 2 }] }), refused);
    expect(refused).toEqual({ 'tariffs.0.to_city_id': [T.tariffPair], 'tariffs.2.to_city_id': [T.tariffTwice] });
    expect(placedPoints(route).map((point) => [point.path, point.position])).toEqual([
      ['routes.start', 0],
      ['routes.intermediates.0', 1],
      ['routes.finish', 2],
    ]);
  });
});
