import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { toFieldErrors } from '../validation.js';
import { pinnedCalculator } from './pinned-example.js';
import { calculatorFromTour, calculatorResults, defaultNights, plainText } from './rules.js';
import { tourCalculatorSchema } from './schema.js';

const C = MESSAGES.tourCalculators;

const PINNED = pinnedCalculator(1);

const titled = (results: { title: string; value: string }[] | null) => Object.fromEntries((results ?? []).map((line) => [line.title, line.value]));

describe('the calculator results (issue 30)', () => {
  it('the pinned example, exact to the kopeck', () => {
    const results = calculatorResults(tourCalculatorSchema.parse(PINNED));
    expect(results).toEqual([
      { title: C.results.cost, value: '127000.00' },
      { title: C.results.commission, value: '12700.00' },
      { title: C.results.adult, value: '7034.50' },
      { title: C.results.child, value: '6814.50' },
      { title: C.results.retiree, value: '6924.50' },
      { title: C.results.total, value: '139700.00' },
    ]);
  });

  it('rounds each price half up to kopecks; the commission is what the rounded prices make', () => {
    // G = 1000 over 3 paying: s = 333.333…; × 1.1 = 366.666… → 366.67; total 3 × 366.67 = 1100.01.
    const results = titled(calculatorResults(tourCalculatorSchema.parse({ name: 'Т', duration: 1, adult_count: 3, commission_sum: 10, days: [{ name: 'Д', tour_guide_price: 1000 }] })));
    expect(results).toMatchObject({ [C.results.adult]: '366.67', [C.results.total]: '1100.01', [C.results.cost]: '1000.00', [C.results.commission]: '100.01' });
  });

  it('a room shared: count × (nights × sum + extra); the tour’s services priced like a day’s; additional services listed, outside the total', () => {
    const results = calculatorResults(
      tourCalculatorSchema.parse({
        name: 'Т',
        duration: 3,
        adult_count: 2,
        commission_sum: '0',
        days: [{ name: 'Д', additional_services: [{ name: 'Баня', sum: '1500.50' }] }],
        hotels: [{ hotel_id: 1, arrival_day: 1, departure_day: 3, rooms: [{ name: 'Дв', count: 1, duration: 2, sum: 3000, extra_sum: 500 }] }],
        services: [{ name: 'Страховка', type: 1, adult_price: 100, total_price: 999 }],
        additional_services: [{ name: 'Экскурсия', sum: 800 }],
      }),
    );
    expect(titled(results)).toEqual({
      [C.results.cost]: '6700.00',
      [C.results.commission]: '0.00',
      [C.results.adult]: '3350.00',
      [C.results.child]: '3250.00',
      [C.results.retiree]: '3250.00',
      [C.results.total]: '6700.00',
      Экскурсия: '800.00',
      'Баня (день 1)': '1500.50',
    });
  });
});

describe('the calculator schema', () => {
  it('reads an outside client: numbers as text, absent keys; a service keeps the prices of its type', () => {
    const parsed = tourCalculatorSchema.parse({ name: ' К ', duration: '2', adult_count: '3', commission_sum: '12,5', services: [{ name: 'С', type: '2', adult_price: '5', total_price: '100.10' }] });
    expect(parsed).toMatchObject({ name: 'К', duration: 2, adult_count: 3, child_count: 0, free_count: 0, commission_sum: 12.5, tour_id: null, days: [], hotels: [] });
    expect(parsed.services).toEqual([{ id: null, name: 'С', type: 2, adult_price: 0, child_price: 0, retiree_price: 0, total_price: 100.1 }]);
  });

  it('takes a hotel as spec 03 §3 gives it (no days): day 1 and the duration; days that are sent are checked as before', () => {
    const room = { name: 'Дв', count: 1, duration: 2, sum: 3000, extra_sum: 0 };
    const parsed = tourCalculatorSchema.parse({ name: 'К', duration: 3, adult_count: 2, hotels: [{ id: null, hotel_id: 4, hotel_name: 'Лазурь', rooms: [room] }, { hotel_id: 5, arrival_day: 2 }] });
    expect(parsed.hotels.map(({ hotel_id, arrival_day, departure_day }) => ({ hotel_id, arrival_day, departure_day }))).toEqual([
      { hotel_id: 4, arrival_day: 1, departure_day: 3 },
      { hotel_id: 5, arrival_day: 2, departure_day: 3 },
    ]);
    const errorsOf = (hotels: unknown[]) => {
      const result = tourCalculatorSchema.safeParse({ name: 'К', duration: 3, adult_count: 2, hotels });
      return result.success ? {} : toFieldErrors(result.error);
    };
    expect(errorsOf([{ hotel_id: 4, arrival_day: null }, { hotel_id: 4, departure_day: '' }])).toEqual({
      'hotels.0.arrival_day': [MESSAGES.validation.required],
      'hotels.1.departure_day': [MESSAGES.validation.required],
    });
    expect(errorsOf([{ hotel_id: 4, departure_day: 9 }, { hotel_id: 4, arrival_day: 3, departure_day: 2 }, { hotel_id: 4, arrival_day: 4 }])).toEqual({
      'hotels.0.departure_day': [C.dayPastDuration(3)],
      'hotels.1.departure_day': [C.departureBeforeArrival],
      'hotels.2.arrival_day': [C.dayPastDuration(3)],
      // Its departure defaults to the last day, before that arrival.
      'hotels.2.departure_day': [C.departureBeforeArrival],
    });
  });

  it('nobody paying, more days than the duration, hotel days out of order: indexed 422 paths', () => {
    const result = tourCalculatorSchema.safeParse({ name: 'К', duration: 1, free_count: 2, days: [{ name: 'a' }, { name: 'b' }], hotels: [{ hotel_id: 1, arrival_day: 1, departure_day: 2 }], commission_sum: '100.5' });
    expect(result.success ? {} : toFieldErrors(result.error)).toEqual({
      adult_count: [C.nobodyPays],
      days: [C.tooManyDays(1)],
      'hotels.0.departure_day': [C.dayPastDuration(1)],
      commission_sum: [MESSAGES.validation.max(100)],
    });
  });
});

describe('a tour picked', () => {
  it('gives its name, duration and days without ids (text of their rich descriptions); clears hotels and services', () => {
    const form = { name: 'Старое', adult_count: 5, days: [{ name: 'x' }], hotels: [{ hotel_id: 1 }], services: [{ name: 's' }] };
    const picked = calculatorFromTour(form, { id: 7, name: 'Казань', duration: 2, days: [{ name: 'Прибытие', description: '<p>Встреча &amp; обед</p><p>Отель</p>' }] });
    expect(picked).toEqual({
      name: 'Казань',
      adult_count: 5,
      tour_id: 7,
      duration: 2,
      days: [{ name: 'Прибытие', description: 'Встреча & обед\nОтель', tour_guide_price: 0, auto_price: 0, meals: [], services: [], additional_services: [] }],
      hotels: [],
      services: [],
    });
    expect(plainText(null)).toBe('');
    expect(defaultNights({ arrival_day: 2, departure_day: 5 })).toBe(3);
    expect(defaultNights({ arrival_day: 5, departure_day: 2 })).toBe(0);
  });
});
