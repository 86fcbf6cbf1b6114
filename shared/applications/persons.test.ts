import { describe, expect, it } from 'vitest';
import { formStartDate, neededCounts, productRowErrors, stayPersons } from './persons.js';

const stay = (adult_count: number, child_count = 0, more: Partial<Record<'adv_adult_count' | 'adv_child_count' | 'child_without_count', number>> = {}) => ({
  adult_count,
  child_count,
  adv_adult_count: 0,
  adv_child_count: 0,
  child_without_count: 0,
  start_at: '2027-06-10',
  ...more,
});

describe('the counts the tourists and stays need', () => {
  it('a tourist beyond the persons raises the adults, a child (younger than 14 on the start) the children; no birth date is an adult', () => {
    const form = { adult_count: 1, child_count: 0, accommodations: [], tourists: [{ birthday_date: null }, { birthday_date: null }] };
    expect(neededCounts(form, '2026-01-01')).toEqual({ adults: 2, children: 0 });
    // 13 on the stay's first day: a child; 14 on it: an adult.
    const kids = { ...form, accommodations: [stay(1)], tourists: [{ birthday_date: null }, { birthday_date: '2013-06-11' }, { birthday_date: '2013-06-10' }] };
    expect(neededCounts(kids, '2026-01-01')).toEqual({ adults: 2, children: 1 });
    // Without any date of the application, today decides.
    expect(neededCounts({ ...form, tourists: [{ birthday_date: null }, { birthday_date: '2020-01-01' }] }, '2026-01-01')).toEqual({ adults: 1, children: 1 });
  });

  it('a stay raises each category to its own (adults main + extra, children main + extra + without a place); never lowers', () => {
    expect(stayPersons(stay(2, 1, { adv_adult_count: 1, adv_child_count: 1, child_without_count: 1 }))).toEqual({ adults: 3, children: 3 });
    expect(neededCounts({ adult_count: 1, child_count: 0, tourists: [], accommodations: [stay(2, 1)] })).toEqual({ adults: 2, children: 1 });
    expect(neededCounts({ adult_count: '4', child_count: 2, tourists: [], accommodations: [stay(2, 1)] })).toEqual({ adults: 4, children: 2 });
  });

  it('the start as the form knows it: the earliest of stays, legs, transfers and tour date', () => {
    expect(formStartDate({ tour_date: '2027-06-12', accommodations: [{ start_at: '2027-06-11' }], transport_forth: { departure_date: '2027-06-09' } })).toBe('2027-06-09');
    expect(formStartDate({ accommodations: [{ start_at: null }] })).toBeNull();
  });
});

describe('the product’s row', () => {
  it('an office save needs it; an outside source’s creation, a cancelled application and other types do not', () => {
    const office = { office: true, creating: true };
    expect(productRowErrors({ application_type: 1, status: 1, accommodations: [] }, office)).toHaveProperty('accommodations');
    expect(productRowErrors({ application_type: 3, status: 1, transport_forth: null }, office)).toHaveProperty('transport_forth');
    expect(productRowErrors({ application_type: 1, status: 1, source: 'web_site', accommodations: [] }, office)).toEqual({});
    expect(productRowErrors({ application_type: 1, status: 1, source: 'web_site', accommodations: [] }, { office: true, creating: false })).toHaveProperty('accommodations');
    expect(productRowErrors({ application_type: 1, status: 7, accommodations: [] }, office)).toEqual({});
    expect(productRowErrors({ application_type: 1, status: 1, accommodations: [] }, { office: false, creating: true })).toEqual({});
    expect(productRowErrors({ application_type: 5, status: 1, accommodations: [] }, office)).toEqual({});
  });
});
