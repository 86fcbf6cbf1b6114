/** The seat dashboard's grid laid out from the compact reply (spec 01 §2.15). */
import { describe, expect, it } from 'vitest';
import { dashboardGrid } from './schedules.js';

describe('dashboard grid', () => {
  it('takes the dates that have bookings as columns (leap days too), sums cells and the Sum row, keeps the cities in route order', () => {
    const grid = dashboardGrid({
      year: 2032,
      cities: { 1: 'Москва', 2: 'Тула' },
      transports: [
        { id: 7, name: 'Рейс', series: [[1, [0, 59], [3, 2]], [2, [59, 365], [1, 4]]] },
        { id: 8, name: 'Экскурсия', series: [[2, [31], [5]]] },
      ],
    });
    expect(grid.dates).toEqual(['2032-01-01', '2032-02-01', '2032-02-29', '2032-12-31']);
    expect(grid.totals).toEqual([3, 5, 3, 4]);
    expect([...grid.rows[0]!.cells.entries()]).toEqual([
      [0, { count: 3, cities: [[1, 3]] }],
      [2, { count: 3, cities: [[1, 2], [2, 1]] }],
      [3, { count: 4, cities: [[2, 4]] }],
    ]);
    expect([...grid.rows[1]!.cells.keys()]).toEqual([1]);
    expect(dashboardGrid({ year: 2030, cities: {}, transports: [] })).toEqual({ dates: [], totals: [], rows: [] });
  });
});
