import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { toFieldErrors } from '../validation.js';
import { keptPoints, tourRouteSchema } from './schema.js';

const errors = (body: unknown) => {
  const result = tourRouteSchema.safeParse(body);
  return result.success ? {} : toFieldErrors(result.error);
};

describe('the route schema', () => {
  it('reads what outside clients send and stores one form: dates YYYY-MM-DD, flags and ids as values, hotel_id as id', () => {
    const route = tourRouteSchema.parse({
      transport_type: '1',
      transport_id: '7',
      kind: '1',
      forth_date: '5.6.2026',
      back_date: '2026-06-12',
      routes: [{ is_forth: '0', transport_route_id: '3', hotels: [{ hotel_id: '9', arrival_date: '12.06.2026', arrival_time: '21:00:00' }] }],
    });
    expect(route).toEqual({
      transport_type: 1,
      transport_id: 7,
      kind: 1,
      forth_date: '2026-06-05',
      back_date: '2026-06-12',
      routes: [{ is_forth: false, transport_route_id: 3, hotels: [{ id: 9, arrival_date: '2026-06-12', arrival_time: '21:00' }] }],
    });
  });

  it('keeps only the dates and points of the directions the kind uses', () => {
    const route = tourRouteSchema.parse({
      transport_type: 1,
      transport_id: 7,
      kind: 3,
      forth_date: '01.06.2026',
      back_date: '12.06.2026',
      routes: [{ is_forth: 1, transport_route_id: 3 }, { is_forth: 0, transport_route_id: 3 }],
    });
    expect(route).toMatchObject({ forth_date: null, back_date: '2026-06-12' });
    expect(keptPoints(route).map(({ index }) => index)).toEqual([1]);
  });

  it('says what is wrong on the field, with indexed paths', () => {
    expect(errors({ transport_type: 1, transport_id: 7, kind: 1, forth_date: '12.06.2026', back_date: '2026-06-01' })).toEqual({
      forth_date: [MESSAGES.tourRoutes.forthAfterBack],
      back_date: [MESSAGES.tourRoutes.backBeforeForth],
    });
    expect(errors({ transport_type: 1, transport_id: 7, kind: 2, forth_date: 'завтра', routes: [{ is_forth: 1, transport_route_id: 3, hotels: [{ id: 9, arrival_date: '01.06.2026', arrival_time: '' }] }] })).toEqual({
      forth_date: [MESSAGES.dates.format],
      'routes.0.hotels.0.arrival_time': [MESSAGES.validation.required],
    });
  });
});
