/** The bus-transport editor's form: which tab shows an error, and the tariff matrix following the route. */
import { describe, expect, it } from 'vitest';
import { blankTransport, transportTabOf as tabOf, withRoutes } from './form';

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
    const priced = withRoutes(form, { start: { point_city_id: 1 }, intermediates: [], finish: { point_city_id: 3 } });
    priced.tariffs[0].tariff = 1500;
    const withStop = withRoutes(priced, { start: { point_city_id: 1 }, intermediates: [{ point_city_id: 2 }], finish: { point_city_id: 3 } });
    expect(withStop.tariffs.map((row: { from_city_id: number; to_city_id: number; tariff: number }) => [row.from_city_id, row.to_city_id, row.tariff])).toEqual([
      [1, 2, 0],
      [1, 3, 0],
      [2, 3, 0],
    ]);
    const finishChanged = withRoutes(priced, { start: { point_city_id: 1 }, intermediates: [], finish: { point_city_id: 3 } });
    expect(finishChanged.tariffs[0].tariff).toBe(1500);
  });
});
