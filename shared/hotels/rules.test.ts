/** The hotel editor's shared rules (spec 02 §4), as both the server and the renderer use them. */
import { describe, expect, it } from 'vitest';
import { errorsUnder, hasErrorsUnder } from '../editor.js';
import { MESSAGES } from '../messages.js';
import { copyHotel, copyRoom, placeCapErrors, placeLocked, roomCaps } from './rules.js';
import { periodSchema, resetCommission } from './schema.js';
import { overlappingPeriods } from '../periods.js';

describe('place caps (spec 02 §4 "Room places")', () => {
  const place = { places_count: 3, adv_places_count: 1 };
  it('caps adults by the layout and children by what the adults leave; likewise the extra places', () => {
    expect(roomCaps({ adult_count: 2, adv_adult_count: 0 }, place)).toEqual({ adult_count: 3, child_count: 1, adv_adult_count: 1, adv_child_count: 1 });
    expect(placeCapErrors({ adult_count: 2, child_count: 2, adv_adult_count: 1, adv_child_count: 1 }, place)).toEqual({
      child_count: [MESSAGES.validation.max(1)],
      adv_child_count: [MESSAGES.validation.max(0)],
    });
    expect(placeCapErrors({ adult_count: 3, child_count: 0 }, place)).toEqual({});
    expect(placeCapErrors({ adult_count: 9 }, undefined)).toEqual({});
  });
  it('locks the layout once any count is above zero', () => {
    expect(placeLocked({ adult_count: 0, child_count: 0, adv_adult_count: 0, adv_child_count: 0 })).toBe(false);
    expect(placeLocked({ adv_child_count: 1 })).toBe(true);
  });
});

describe('price periods', () => {
  it('are whole days with both ends included: touching is fine, sharing a day is not', () => {
    expect(overlappingPeriods([{ from: '2027-06-01', to: '2027-06-10' }, { from: '2027-06-11', to: '2027-06-20' }])).toEqual([]);
    expect(overlappingPeriods([{ from: '2027-06-01', to: '2027-06-10' }, { from: '2027-06-10', to: '2027-06-20' }])).toEqual([{ index: 1, other: 0 }]);
    expect(overlappingPeriods([{ from: '2027-06-05', to: '2027-06-06' }, { from: '2027-06-01', to: '2027-06-30' }])).toEqual([{ index: 1, other: 0 }]);
  });
  it('keep the total or the adult/child prices by mode, and refuse a start after the end', () => {
    const base = { from: '2027-06-01', to: '2027-06-02', child_without_price: 1, adv_adult_price: 1, adv_child_price: 1 };
    expect(periodSchema.parse({ ...base, is_total_price: true, total_price: 9000, adult_price: 5 })).toMatchObject({ total_price: 9000, adult_price: null, child_price: null });
    expect(periodSchema.parse({ ...base, adult_price: '', child_price: 700, total_price: 5 })).toMatchObject({ total_price: null, adult_price: null, child_price: 700 });
    const reversed = periodSchema.safeParse({ ...base, from: '2027-06-03' });
    expect(reversed.success ? null : reversed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['to', MESSAGES.editor.periodOrder]]);
  });
});

describe('commission resets (spec 02 §4)', () => {
  const values = { commission_general_sum: 10, is_differentiate: false, commission_adult_type: 2, commission_adult_sum: 15 };
  it('resets the categories to type 1, sum 0 without differentiation, and the general sum with it', () => {
    expect(resetCommission(values, ['adult'])).toMatchObject({ commission_general_sum: 10, commission_adult_type: 1, commission_adult_sum: 0 });
    expect(resetCommission({ ...values, is_differentiate: true }, ['adult'])).toMatchObject({ commission_general_sum: 0, commission_adult_type: 2, commission_adult_sum: 15 });
  });
});

describe('copies (spec 02 §4)', () => {
  it("a hotel copy is named '… (копия)' with a slug of its own, drops ids at every depth and empties files, photos, videos and room photos; item ids stay", () => {
    const hotel = {
      id: 7,
      version: 3,
      name: 'Отель',
      slug: 'otel',
      services: [{ id: 4, sum: 100 }],
      memo_files: [{ name: 'a.doc', path: 'p' }],
      photos: [{ path: 'x' }],
      videos: [{ path: 'v' }],
      desc_files: [{ path: 'd' }],
      rooms: [{ id: 1, type_id: 2, photos: [{ path: 'r' }], dates: [{ id: 5, from: '2027-01-01' }], premises: [{ id: 9, name: 'Спальня' }], meals: [3] }],
    };
    expect(copyHotel(hotel)).toEqual({
      name: 'Отель (копия)',
      slug: 'otel-kopiia',
      services: [{ id: 4, sum: 100 }],
      memo_files: [],
      photos: [],
      videos: [],
      desc_files: [],
      rooms: [{ type_id: 2, photos: [], dates: [{ from: '2027-01-01' }], premises: [{ name: 'Спальня' }], meals: [3], external_id: null, payload: null, can_delete: true }],
    });
  });
  it('a room copy drops its id and photos', () => {
    expect(copyRoom({ id: 1, photos: [{ path: 'r' }], dates: [], premises: [] })).toMatchObject({ photos: [], dates: [], premises: [] });
    expect('id' in copyRoom({ id: 1 })).toBe(false);
  });
});

describe('error routing by path', () => {
  const errors = { 'rooms.1.dates.0.to': ['a'], 'rooms.1': ['b'], name: ['c'], 'rooms.10.type_id': ['d'] };
  it('a prefix owns the paths under it, with the prefix taken off', () => {
    expect(errorsUnder(errors, 'rooms.1')).toEqual({ 'dates.0.to': ['a'], '': ['b'] });
    expect(errorsUnder(errorsUnder(errors, 'rooms.1'), 'dates.0')).toEqual({ to: ['a'] });
    expect(errorsUnder(errors, 'rooms')).toEqual({ '1.dates.0.to': ['a'], '1': ['b'], '10.type_id': ['d'] });
    expect(hasErrorsUnder(errors, ['rooms'])).toBe(true);
    expect(hasErrorsUnder(errors, ['room'])).toBe(false);
    expect(hasErrorsUnder({ 'rooms.10.x': [] }, ['rooms.1'])).toBe(false);
  });
});
