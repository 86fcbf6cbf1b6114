/** The bus-transport form's rules (spec 02 §4, §5), checked once in shared/ for the editor and the server. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { copyTransport, departureDates, positionSegment, rebuildTariffs, routePositions, segmentOf, tariffPlaces } from './rules.js';
import { todayIso } from './constants.js';
import { dateRowErrors, dayRowErrors, intermediateStopErrors, transportSchema } from './schema.js';

/** A form as the editor or an outside client sends it: any shape, the schema judges. */
type Input = Record<string, any>;

const T = MESSAGES.transport;
const V = MESSAGES.validation;
const future = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return todayIso(date);
};

const stop = (city: number, extra: Record<string, unknown> = {}) => ({
  point_city_id: city,
  info: 'У вокзала',
  finish_time: '10:00',
  start_time: '10:15',
  arrival_day: 1,
  departure_day: 1,
  ...extra,
});

const form = (overrides: Input = {}): Input => ({
  transportation_id: 1,
  vendor_id: null,
  name: 'Москва — Курск',
  duration: 2,
  adult_price: '2500.50',
  child_price: 1800,
  start_date: future(1),
  finish_date: future(60),
  departure_type: 1,
  is_excursion: false,
  application_auto_confirm: false,
  auto_confirm_status: null,
  days: [],
  dates: [],
  routes: { start: { point_city_id: 1, info: null, start_time: '08:00' }, intermediates: [stop(2)], finish: { point_city_id: 3, info: null, finish_time: '20:00' } },
  tariffs: [],
  catalog: {},
  ...overrides,
});
const errorsOf = (input: Input) => {
  const result = transportSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
};

describe('bus transport form', () => {
  it('accepts a complete form and reads money and numbers typed as text', () => {
    const parsed = transportSchema.parse(form());
    expect(parsed).toMatchObject({ adult_price: 2500.5, child_price: 1800, duration: 2, departure_type: 1 });
  });

  it('requires all six fields of an intermediate stop and caps its days at the duration', () => {
    const errors = errorsOf(form({ routes: { start: { point_city_id: 1, start_time: '08:00' }, intermediates: [{ point_city_id: '' }], finish: { point_city_id: 3 } } }));
    expect(Object.keys(errors).sort()).toEqual([
      'routes.intermediates.0.arrival_day',
      'routes.intermediates.0.departure_day',
      'routes.intermediates.0.finish_time',
      'routes.intermediates.0.info',
      'routes.intermediates.0.point_city_id',
      'routes.intermediates.0.start_time',
    ]);
    for (const messages of Object.values(errors)) expect(messages[0]).toBe(V.required);

    const late = errorsOf(form({ duration: 2, routes: { ...form().routes, intermediates: [stop(2, { arrival_day: 3, departure_day: 2 })] } }));
    expect(late['routes.intermediates.0.arrival_day']).toEqual([T.dayAfterDuration(2)]);
    expect(late['routes.intermediates.0.departure_day']).toEqual([T.departureBeforeArrival]);
    const outOfOrder = errorsOf(form({ routes: { ...form().routes, intermediates: [stop(2, { arrival_day: 2, departure_day: 2 }), stop(4, { arrival_day: 1, departure_day: 2 })] } }));
    expect(outOfOrder['routes.intermediates.1.arrival_day']).toEqual([T.stopBeforePrevious]);
    expect(errorsOf(form({ duration: 101 })).duration).toEqual([V.max(100)]);
  });

  it('keeps one departure mode at a time: days only in the days mode, dates only in the dates mode', () => {
    const days = [{ number: 1 }, { number: 5 }];
    const dates = [{ start_date: future(3) }];
    expect(errorsOf(form({ departure_type: 1, days, dates })).dates).toEqual([T.modeLocked]);
    expect(errorsOf(form({ departure_type: 2, days, dates })).days).toEqual([T.modeLocked]);
    expect(errorsOf(form({ departure_type: 1, days }))).toEqual({});
    expect(errorsOf(form({ departure_type: 2, dates }))).toEqual({});
  });

  it('takes each weekday once (at most 7) and no past or repeated new date', () => {
    expect(errorsOf(form({ days: [{ number: 1 }, { number: 1 }] }))['days.1.number']).toEqual([T.dayTaken]);
    expect(errorsOf(form({ days: [{ number: 8 }] }))['days.0.number']).toEqual([V.max(7)]);
    const dates = errorsOf(form({ departure_type: 2, dates: [{ start_date: future(-1) }, { start_date: future(5) }, { start_date: future(5) }] }));
    expect(dates['dates.0.start_date']).toEqual([T.datePast]);
    expect(dates['dates.2.start_date']).toEqual([T.dateTaken]);
    // A saved date (with its id) may lie in the past: it is history, and the server keeps it unchanged.
    expect(errorsOf(form({ departure_type: 2, dates: [{ id: 7, start_date: future(-10) }] }))).toEqual({});
  });

  it('limits the commission by its type, prices, tariffs and the auto-confirm status', () => {
    const errors = errorsOf(
      form({
        days: [{ number: 2, commission_type: 2, commission_sum: 150 }],
        adult_price: 1_000_000,
        application_auto_confirm: true,
        tariffs: [{ from_position: 0, to_position: 1, tariff: -1_000_000 }],
      }),
    );
    expect(errors['days.0.commission_sum']).toEqual([V.max(100)]);
    expect(errors.adult_price).toEqual([V.max(999_999.99)]);
    expect(errors.auto_confirm_status).toEqual([MESSAGES.fields.autoConfirmStatus]);
    expect(errors['tariffs.0.tariff']).toEqual([V.min(-999_999)]);
    expect(errorsOf(form({ adult_price: 10.005 })).adult_price).toEqual([MESSAGES.fields.decimals(2)]);
  });
});

describe('the row dialogs (checked before the row joins the form)', () => {
  it('an intermediate stop: six fields required, then its days against the duration and the stop before it', () => {
    expect(Object.values(intermediateStopErrors({ point_city_id: null, arrival_day: 1, departure_day: 1 }, 2, 1)).flat()).toEqual(Array(4).fill(V.required));
    expect(intermediateStopErrors(stop(2, { arrival_day: 3, departure_day: 3 }), 2, 1)).toEqual({ arrival_day: [T.dayAfterDuration(2)], departure_day: [T.dayAfterDuration(2)] });
    expect(intermediateStopErrors(stop(2, { arrival_day: 1, departure_day: 1 }), 2, 2)).toEqual({ arrival_day: [T.stopBeforePrevious] });
    expect(intermediateStopErrors(stop(2, { arrival_day: '2', departure_day: '2' }), 2, 1)).toEqual({});
  });

  it('a weekday the other rows have is refused; a date in the past or already there too', () => {
    expect(dayRowErrors({ number: 3 }, [{ number: 1 }, { number: 3 }])).toEqual({ number: [T.dayTaken] });
    expect(dayRowErrors({ number: null }, [])).toEqual({ number: [V.required] });
    expect(dayRowErrors({ number: 4, commission_type: 2, commission_sum: 120 }, [])).toEqual({ commission_sum: [V.max(100)] });
    expect(dateRowErrors({ start_date: future(-1) }, [])).toEqual({ start_date: [T.datePast] });
    expect(dateRowErrors({ start_date: future(4) }, [{ start_date: future(4) }])).toEqual({ start_date: [T.dateTaken] });
    expect(dateRowErrors({ id: 9, start_date: future(-30) }, [])).toEqual({});
  });
});

describe('route positions, segments and tariffs', () => {
  const routes = { start: { point_city_id: 10 }, intermediates: [{ point_city_id: 20 }, { point_city_id: 10 }], finish: { point_city_id: 30 } };
  const points = routePositions(routes);

  it('numbers the route start 0, stops 1..k, finish k+1 and maps cities to the first fitting positions', () => {
    expect(points).toEqual([
      { position: 0, point_city_id: 10 },
      { position: 1, point_city_id: 20 },
      { position: 2, point_city_id: 10 },
      { position: 3, point_city_id: 30 },
    ]);
    expect(segmentOf(points, 10, 30)).toEqual({ from: 0, to: 3 });
    expect(segmentOf(points, 20, 10)).toEqual({ from: 1, to: 2 });
    expect(segmentOf(points, 30, 10)).toBeNull();
    expect(segmentOf(points, 99, 10)).toBeNull();
  });

  it('rebuilds the tariff matrix when the points change, keeping the prices of pairs still in place', () => {
    const before = rebuildTariffs(routePositions({ start: { point_city_id: 10 }, intermediates: [], finish: { point_city_id: 30 } }), []);
    expect(before).toEqual([{ from_position: 0, to_position: 1, from_city_id: 10, to_city_id: 30, tariff: 0 }]);
    const priced = before.map((row) => ({ ...row, tariff: 1500 }));
    // A stop is added in the middle: the old pair (0 → 1) now ends in the stop, so it starts at zero.
    const after = rebuildTariffs(points, priced);
    expect(after.map((row) => [row.from_position, row.to_position])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(after.every((row) => row.tariff === 0)).toBe(true);
    const kept = rebuildTariffs(points, after.map((row) => ({ ...row, tariff: row.from_position * 100 + row.to_position })));
    expect(kept.find((row) => row.from_position === 1 && row.to_position === 3)?.tariff).toBe(103);
  });

  it('resets tariffs and ids on copy, and leaves out dates already past', () => {
    const original = form({
      routes: { start: { id: 1, point_city_id: 1, start_time: '08:00' }, intermediates: [{ id: 2, ...stop(2) }], finish: { id: 3, point_city_id: 3 } },
      departure_type: 2,
      dates: [{ id: 5, start_date: future(-3) }, { id: 6, start_date: future(3) }],
      tariffs: [{ from_position: 0, to_position: 1, tariff: 900 }],
    });
    const copy = copyTransport(original);
    expect(copy.name).toBe('Москва — Курск (копия)');
    expect(copy.tariffs).toEqual([{ from_position: 0, to_position: 1, tariff: 0 }]);
    expect(copy.dates).toEqual([{ id: null, start_date: future(3) }]);
    expect([copy.routes.start.id, copy.routes.intermediates![0]!.id, copy.routes.finish.id]).toEqual([null, null, null]);
    expect(errorsOf(copy)).toEqual({});
  });

  it('lists the departures of a weekly schedule and of specific dates within the period', () => {
    const weekly = { departure_type: 1, start_date: '2030-06-01', finish_date: '2030-06-14', days: [{ number: 1 }, { number: 5 }], dates: [] };
    expect(departureDates(weekly)).toEqual(['2030-06-03', '2030-06-07', '2030-06-10', '2030-06-14']);
    expect(departureDates(weekly, { from: '2030-06-08' })).toEqual(['2030-06-10', '2030-06-14']);
    expect(departureDates({ ...weekly, departure_type: 2, dates: [{ start_date: '2030-07-01' }, { start_date: '2030-06-05' }] })).toEqual(['2030-06-05']);
  });
});

describe('tariffs and bookings on a route visiting one city twice', () => {
  // Start in A (1), a stop at B's bus station (2), finish at B's embankment (2).
  const points = routePositions({ start: { point_city_id: 1 }, intermediates: [{ point_city_id: 2 }], finish: { point_city_id: 2 } });

  it('places a list of every pair in route order by its place: A→B, A→B, B→B', () => {
    const rows = [{ from_city_id: 1, to_city_id: 2 }, { from_city_id: 1, to_city_id: 2 }, { from_city_id: 2, to_city_id: 2 }];
    expect(tariffPlaces(points, rows)).toEqual([
      { from_position: 0, to_position: 1 },
      { from_position: 0, to_position: 2 },
      { from_position: 1, to_position: 2 },
    ]);
  });

  it('takes positions first, city pairs the route has once in any order, and says why a row stands nowhere', () => {
    expect(tariffPlaces(points, [{ from_city_id: 2, to_city_id: 2 }, { from_position: 0, to_position: 2, from_city_id: 1, to_city_id: 2 }])).toEqual([
      { from_position: 1, to_position: 2 },
      { from_position: 0, to_position: 2 },
    ]);
    expect(tariffPlaces(points, [{ from_city_id: 1, to_city_id: 2 }])).toEqual([{ refused: 'ambiguous' }]);
    expect(tariffPlaces(points, [{ from_city_id: 2, to_city_id: 1 }, { from_city_id: 1 }])).toEqual([{ refused: 'pair' }, { refused: 'pair' }]);
    expect(tariffPlaces(points, [{ from_position: 1, to_position: 2 }, { from_city_id: 2, to_city_id: 2 }])).toEqual([{ from_position: 1, to_position: 2 }, { refused: 'twice' }]);
    // A row read back before the route changed (its cities no longer at its positions) goes by its cities.
    expect(tariffPlaces(points, [{ from_position: 0, to_position: 1, from_city_id: 2, to_city_id: 2 }])).toEqual([{ from_position: 1, to_position: 2 }]);
    const simple = routePositions({ start: { point_city_id: 1 }, intermediates: [{ point_city_id: 3 }], finish: { point_city_id: 2 } });
    expect(tariffPlaces(simple, [{ from_city_id: 3, to_city_id: 2 }, { from_city_id: 1, to_city_id: 2 }, { from_city_id: 1, to_city_id: 3 }])).toEqual([
      { from_position: 1, to_position: 2 },
      { from_position: 0, to_position: 2 },
      { from_position: 0, to_position: 1 },
    ]);
  });

  it('books by positions what cities alone cannot name (A to B\'s embankment)', () => {
    expect(segmentOf(points, 1, 2)).toEqual({ from: 0, to: 1 });
    expect(positionSegment(points, { from_position: 0, to_position: 2 })).toEqual({ from: 0, to: 2 });
    expect(positionSegment(points, { from_position: 0, to_position: 2, from_city_id: 1, to_city_id: 2 })).toEqual({ from: 0, to: 2 });
    expect(positionSegment(points, { from_position: 0, to_position: 2, to_city_id: 1 })).toBeNull();
    expect(positionSegment(points, { from_position: 2, to_position: 1 })).toBeNull();
    expect(positionSegment(points, { from_position: 0, to_position: 3 })).toBeNull();
    expect(positionSegment(points, { from_position: 0, to_position: null })).toBeNull();
  });
});
