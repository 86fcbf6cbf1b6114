/** The bus-transport editor's form: which tab shows an error, and the tariff matrix following the route. */
import { describe, expect, it } from 'vitest';
import { blankStop, blankTransport, routePoints, transportTabOf as tabOf, withRoutes, type RouteValues } from './form';

/** A route through the cities of these ids: start, stops, finish. */
const route = (...cities: number[]): RouteValues => ({
  start: { point_city_id: cities[0], info: '', start_time: '08:00' },
  intermediates: cities.slice(1, -1).map((point_city_id) => ({ ...blankStop(), point_city_id })),
  finish: { point_city_id: cities.at(-1), info: '', finish_time: '20:00' },
});

describe('the bus-transport editor', () => {
  it('routes each error path to its tab: the general tab has the transport\'s own fields and anything unknown', () => {
    expect(['name', 'duration', 'category_id', 'transport_forth_id', 'transportation_id', 'start_date'].map(tabOf)).toEqual(Array(6).fill('general'));
    expect(tabOf('routes')).toBe('routes');
    expect(tabOf('routes.intermediates.2.arrival_day')).toBe('routes');
    expect(tabOf('days.0.number')).toBe('departures');
    expect(tabOf('dates')).toBe('departures');
    expect(tabOf('tariffs.1.to_city_id')).toBe('tariffs');
    expect(tabOf('catalog.seo_settings.faq.0.answer')).toBe('catalog');
    // A prefix is a whole key: `datesX` or `routesheet` would not belong to those tabs.
    expect(tabOf('routesheet')).toBe('general');
  });

  it('rebuilds the tariff matrix for the route, keeping the price of a pair whose cities stay at their places', () => {
    const form = blankTransport();
    expect(form.tariffs).toEqual([{ from_position: 0, to_position: 1, from_city_id: null, to_city_id: null, tariff: 0 }]);
    const priced = withRoutes(form, route(1, 3));
    priced.tariffs[0]!.tariff = 1500;
    const withStop = withRoutes(priced, route(1, 2, 3));
    expect(withStop.tariffs.map((row) => [row.from_city_id, row.to_city_id, row.tariff])).toEqual([
      [1, 2, 0],
      [1, 3, 0],
      [2, 3, 0],
    ]);
    const finishChanged = withRoutes(priced, route(1, 3));
    expect(finishChanged.tariffs[0]!.tariff).toBe(1500);
  });

  it('names the tariff matrix\'s points by number, city and info, so two points in one city read apart', () => {
    const cities: Record<number, string> = { 1: 'Москва', 2: 'Тула' };
    const routes: RouteValues = {
      start: { point_city_id: 1, info: null, start_time: '08:00' },
      intermediates: [{ ...blankStop(), point_city_id: 2, info: 'Автовокзал\nплатформа 3' }],
      finish: { point_city_id: 2, info: 'Набережная у речного вокзала, напротив памятника', finish_time: '20:00' },
    };
    expect(routePoints(routes, (id) => cities[id as number] ?? '').map((point) => point.name)).toEqual([
      '1. Москва',
      '2. Тула (Автовокзал)',
      '3. Тула (Набережная у речного вокзала,…)',
    ]);
  });
});
