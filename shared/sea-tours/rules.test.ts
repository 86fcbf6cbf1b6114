import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { cityLocked, copySeaTour, duplicatePairErrors, groupOverlapErrors, hotelCityErrors, pairCityErrors, pairsAllowed } from './rules.js';
import { seaTourSchema } from './schema.js';

const T = MESSAGES.seaTours;

describe('sea-tour rules', () => {
  it('pairs only with the bus transfer type', () => {
    expect(pairsAllowed([1, 3])).toBe(true);
    expect(pairsAllowed(['1'])).toBe(true);
    expect(pairsAllowed([2, 3])).toBe(false);
    expect(pairsAllowed(undefined)).toBe(false);
  });

  it('the city is locked once hotels or transports are chosen', () => {
    expect(cityLocked({ hotels: [], transports: [] })).toBe(false);
    expect(cityLocked({ hotels: [{}], transports: [] })).toBe(true);
    expect(cityLocked({ hotels: [], transports: [{}] })).toBe(true);
  });

  it('a hotel in at most one group; the later group hears of it', () => {
    expect(groupOverlapErrors([{ hotels_ids: [1, 2] }, { hotels_ids: [3] }, { hotels_ids: [3, 1] }])).toEqual({ 'hotels.2.hotels_ids': [T.hotelInOtherGroup] });
  });

  it('hotels outside the city, pairs not reaching or leaving it, repeated pairs', () => {
    expect(hotelCityErrors([{ hotels_ids: [1] }, { hotels_ids: [2, 9] }], new Set([1, 2]))).toEqual({ 'hotels.1.hotels_ids': [T.hotelNotInCity] });
    const pairs = [{ transport_forth_id: 1, transport_back_id: 2 }, { transport_forth_id: 2, transport_back_id: 1 }];
    expect(pairCityErrors(pairs, new Set([1]), new Set([2]))).toEqual({ 'transports.1.transport_forth_id': [T.forthNotToCity], 'transports.1.transport_back_id': [T.backNotFromCity] });
    expect(duplicatePairErrors([pairs[0]!, pairs[1]!, pairs[0]!])).toEqual({ 'transports.2.transport_back_id': [T.samePair] });
  });

  it('a copy is a new tour with a name and slug of its own and groups without ids', () => {
    const copy = copySeaTour({ id: 5, version: 3, name: 'Лето', slug: 'leto', hotels: [{ id: 7, hotels_ids: [1] }] });
    expect(copy).toEqual({ name: 'Лето (копия)', slug: 'leto-kopiia', hotels: [{ hotels_ids: [1] }] });
  });
});

describe('the sea-tour schema', () => {
  it('reads an outside client: flags 0/1, numbers as text, absent keys; repeats dropped; pairs cleared without the bus', () => {
    const parsed = seaTourSchema.parse({ name: ' Лето ', city_id: '4', is_active: '0', commission_sum: '7', transfer_types_ids: ['2', 2], hotels: [{ hotels_ids: ['5', 5] }], transports: [{ transport_forth_id: '1', transport_back_id: '2' }] });
    expect(parsed).toMatchObject({ name: 'Лето', slug: null, city_id: 4, is_active: false, info: null, commission_sum: 7, commission_railway_sum: 0, transfer_types_ids: [2], transports: [] });
    expect(parsed.hotels).toEqual([{ hotels_ids: [5], commission_sum: 0, commission_railway_sum: 0, commission_avia_sum: 0 }]);
    expect(seaTourSchema.parse({ name: 'Лето', city_id: 4 }).is_active).toBe(true);
  });
});
