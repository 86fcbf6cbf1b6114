import { describe, expect, it } from 'vitest';
import { seatGrid, seatLayout, seatNumbers, seatSchemeSvg, type SeatSchemeParams } from './seat-scheme.js';

/** The grid as text: one line per seat line (door-side window first), '..' for no seat, column 0 the cab. */
const picture = (params: SeatSchemeParams) =>
  seatGrid(params)
    .map((line) => line.map((cell) => (cell === null ? '..' : String(cell).padStart(2, ' '))).join(' '))
    .join('\n');

/** Seat numbers in the SVG, in document order. */
const svgNumbers = (svg: string) => [...svg.matchAll(/data-seat="(\d+)"/g)].map((match) => Number(match[1]));

/** A 2+2 coach of 6 rows; each test says how many seats it numbers. */
const coach = { rows: 6, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null };

describe('seat scheme', () => {
  it('numbers a 2+2 coach with one door and a rear bench of 4', () => {
    expect('\n' + picture({ ...coach, seats: 28, rear_seats: 4 })).toBe(`
..  4  8 12 16 20 24 28
..  3  7 11 15 19 23 27
.. .. .. .. .. .. .. ..
..  2  6 10 14 18 22 26
..  1  5  9 13 17 21 25`);
  });

  it('fills the aisle seat of a rear bench of 5', () => {
    expect('\n' + picture({ ...coach, seats: 29, rear_seats: 5 })).toBe(`
..  4  8 12 16 20 24 29
..  3  7 11 15 19 23 28
.. .. .. .. .. .. .. 27
..  2  6 10 14 18 22 26
..  1  5  9 13 17 21 25`);
  });

  it('leaves the door side empty at a second door and numbers on after it', () => {
    const twoDoors = { ...coach, seats: 24, rear_seats: 4, second_door: true, second_door_rows: 3, second_door_length: 2 };
    expect('\n' + picture(twoDoors)).toBe(`
..  4  8 12 .. .. 20 24
..  3  7 11 .. .. 19 23
.. .. .. .. .. .. .. ..
..  2  6 10 14 16 18 22
..  1  5  9 13 15 17 21`);
    expect('\n' + picture({ ...twoDoors, seats: 25, rear_seats: 5 })).toBe(`
..  4  8 12 .. .. 20 25
..  3  7 11 .. .. 19 24
.. .. .. .. .. .. .. 23
..  2  6 10 14 16 18 22
..  1  5  9 13 15 17 21`);
  });

  it('has one door-side seat per row in a 2+1 coach, and no second door there', () => {
    expect('\n' + picture({ ...coach, seats: 13, rows: 3, rear_seats: 4, columns_at_door: 1, second_door: true, second_door_rows: 1, second_door_length: 1 })).toBe(`
..  3  6  9 13
.. .. .. .. 12
.. .. .. .. ..
..  2  5  8 11
..  1  4  7 10`);
  });

  it('numbers only `seats` places of a layout that has more, and reports the capacity', () => {
    const layout = seatLayout({ ...coach, rows: 2, rear_seats: 5, seats: 10 });
    expect(layout).toMatchObject({ capacity: 13, addedRows: 0, columns: 3 });
    expect(layout.places.map((place) => place.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect('\n' + picture({ ...coach, rows: 2, rear_seats: 5, seats: 10 })).toBe(`
..  4  8 ..
..  3  7 ..
.. .. .. ..
..  2  6 10
..  1  5  9`);
  });

  it("places every seat of the outside client's type: full rows added after the declared ones, before the rear bench, never at a door (issue 25)", () => {
    // 4 declared rows, the second door after row 3 clipped to one row long, a rear bench of 4: 18 places for 35 seats.
    const client = { seats: 35, rows: 4, rear_seats: 4, columns_at_door: 2, second_door: true, second_door_rows: 3, second_door_length: 12 };
    const layout = seatLayout(client);
    expect(layout).toMatchObject({ columns: 10, addedRows: 5, capacity: 38, secondDoor: { column: 3, length: 1 } });
    expect(seatNumbers(client)).toEqual(Array.from({ length: 35 }, (_, index) => index + 1));
    const rear = layout.columns - 1;
    expect(layout.places.filter((place) => place.column < rear).map((place) => place.number)).toEqual(Array.from({ length: 34 }, (_, index) => index + 1));
    expect(layout.places.filter((place) => place.column === rear)).toEqual([{ number: 35, column: rear, line: 4 }]);
    expect('\n' + picture(client)).toBe(`
..  4  8 12 .. 18 22 26 30 34 ..
..  3  7 11 .. 17 21 25 29 33 ..
.. .. .. .. .. .. .. .. .. .. ..
..  2  6 10 14 16 20 24 28 32 ..
..  1  5  9 13 15 19 23 27 31 35`);
    expect(svgNumbers(seatSchemeSvg(client))).toEqual(seatNumbers(client));
    // One door, whatever its length was declared as: the added rows never hold it.
    expect(seatSchemeSvg(client).match(/data-door="second"/g)).toHaveLength(1);
  });

  it('adds rows of 2+1 to a 2+1 coach, and none while the declared rows suffice', () => {
    const narrow = { seats: 15, rows: 2, rear_seats: 4, columns_at_door: 1, second_door: false };
    expect(seatLayout(narrow)).toMatchObject({ addedRows: 2, capacity: 16 });
    expect('\n' + picture(narrow)).toBe(`
..  3  6  9 12 ..
.. .. .. .. .. 15
.. .. .. .. .. ..
..  2  5  8 11 14
..  1  4  7 10 13`);
    expect(seatLayout({ ...narrow, seats: 10 })).toMatchObject({ addedRows: 0, capacity: 10 });
    expect(seatLayout({ ...narrow, seats: 0 }).places).toEqual([]);
  });

  it('draws every numbered seat once, with its state and an escaped label', () => {
    const params = { ...coach, rows: 2, rear_seats: 4, seats: 12, second_door: true, second_door_rows: 1, second_door_length: 1 };
    const svg = seatSchemeSvg(params, { 3: { state: 'occupied', label: 'Иванов <Иван>' }, 5: { state: 'booked' } });
    expect(svgNumbers(svg)).toEqual(seatNumbers(params));
    expect(svg).toContain('data-seat="3" data-state="occupied"');
    expect(svg).toContain('<title>3: Иванов &lt;Иван&gt;</title>');
    expect(svg).toContain('data-seat="5" data-state="booked"');
    expect(svg).toContain('data-seat="1" data-state="free"');
    expect(svg).toContain('data-door="second"');
    expect(seatSchemeSvg({ ...params, second_door: false })).not.toContain('data-door="second"');
  });

  it('draws a half-filled form without failing', () => {
    const svg = seatSchemeSvg({ seats: Number.NaN, rows: -3, rear_seats: 0, columns_at_door: 0, second_door: true, second_door_rows: null, second_door_length: 99 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svgNumbers(svg)).toEqual([]);
  });
});
