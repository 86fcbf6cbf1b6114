import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { blankChildPrice, ServiceClass } from './constants.js';
import { periodErrors, tourServiceSchema } from './schema.js';

const period = (extra: Record<string, unknown> = {}) => ({ from: '2027-06-01', to: '2027-06-10', adult_price: 1000, ...extra });

describe('a price period on its own (the period dialog)', () => {
  it('names each missing field with the spec\'s text; a full one has no errors', () => {
    expect(periodErrors({ from: '', to: null, adult_price: '' })).toEqual({
      from: [MESSAGES.tours.mealDateFrom],
      to: [MESSAGES.tours.mealDateTo],
      adult_price: [MESSAGES.tourServices.adultPriceRequired],
    });
    expect(periodErrors(period({ child_prices: [blankChildPrice()] }))).toEqual({});
  });

  it('a bracket whose to does not exceed its from is \'Невалидные данные\' on from; missing ages are \'Заполните поле\'', () => {
    expect(periodErrors(period({ child_prices: [{ age_from: 5, age_to: 5, price: 0 }, { age_from: '', age_to: '', price: 0 }] }))).toEqual({
      'child_prices.0.age_from': ['Невалидные данные'],
      'child_prices.1.age_from': ['Заполните поле'],
      'child_prices.1.age_to': ['Заполните поле'],
    });
  });

  it('a new bracket is 0–14 with price 0', () => {
    expect(blankChildPrice()).toEqual({ age_from: 0, age_to: 14, price: 0 });
  });
});

describe('the service', () => {
  it('reads an outside client\'s text numbers and drops the vendor price outside the group class', () => {
    const input = { name: ' Гид ', class: '2', vendor_id: '', dates: [period({ vendor_price: '500', adult_price: '1000', commission_adult_type: '2', commission_adult_sum: '7' })] };
    const parsed = tourServiceSchema.parse(input);
    expect(parsed).toMatchObject({ name: 'Гид', class: ServiceClass.Individual, vendor_id: null, description: null });
    expect(parsed.dates[0]).toMatchObject({ vendor_price: null, adult_price: 1000, commission_adult_type: 2, commission_adult_sum: 7, commission_child_type: 1, commission_child_sum: 0, child_prices: [] });
    expect(tourServiceSchema.parse({ ...input, class: 3 }).dates[0]!.vendor_price).toBe(500);
  });
});
