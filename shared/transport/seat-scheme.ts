/**
 * The seat scheme of a vehicle type (spec 02 §3 "Transportation", §4 "Transportation"): where each
 * numbered seat stands, and its drawing as SVG. One pure function serves every place that shows a
 * scheme: the vehicle-type form (redrawn as the fields change), the server's `schema_svg`, the
 * schedule (seat states), the application's seat dialog and the seating-plan document (which lays
 * out the same grid as a table).
 *
 * The bus is seen from above, front on the left. Across the bus there are five lines, top to bottom:
 *
 *   line 0  door-side window   ┐ the door side (doors are cut into this wall)
 *   line 1  door-side aisle    ┘
 *   line 2  aisle (a seat only on a rear bench of 5)
 *   line 3  driver-side aisle  ┐ the driver's side (the driver sits in front of line 4)
 *   line 4  driver-side window ┘
 *
 * - `rows`: rows of seats from the front to the back, not counting the rear bench.
 * - `columns_at_door`: seats per row on the door side: 2 (a 2+2 coach) or 1 (a 2+1 coach, the one
 *   seat at the window). A second door needs the 2+2 layout (spec 02 §4: disabled when it is 1).
 * - `second_door`: a middle door after `second_door_rows` rows, `second_door_length` rows long, clipped
 *   to the declared `rows`; those rows have no door-side seats.
 * - `rear_seats`: the rear bench across the whole width, 4 seats or 5 (the fifth in the aisle).
 * - `seats`: how many seats are numbered — what the office counts and sells, so every one of them is
 *   placed: when the declared rows and the rear bench hold fewer places, full rows (2+2 or 2+1) are
 *   added after the declared ones, before the rear bench, never at a door (`addedRows`; the original
 *   system takes such types from its outside clients, issue 25). Places beyond `seats` stay empty.
 *
 * Numbering is row by row from the front, in each row from the driver's window to the door's window:
 * row 1 of a 2+2 coach is 1 (driver window), 2, 3, 4 (door window). The numbered seats are always
 * exactly 1..`seats` (as clamped to the limits below).
 */

export type SeatState = 'free' | 'occupied' | 'booked' | 'selected';

export interface SeatSchemeParams {
  seats: number;
  rear_seats: number;
  rows: number;
  columns_at_door: number;
  second_door: boolean;
  second_door_rows?: number | null;
  second_door_length?: number | null;
}

/** The fields of a vehicle type that shape its seat layout, in the form's order (the columns a server reads to draw or check it). */
export const SEAT_SCHEME_FIELDS = ['seats', 'rear_seats', 'rows', 'columns_at_door', 'second_door', 'second_door_rows', 'second_door_length'] as const satisfies readonly (keyof SeatSchemeParams)[];

export interface SeatPlace {
  number: number;
  /** 0-based row from the front; the rear bench is the last column. */
  column: number;
  /** 0..4 as above. */
  line: number;
}

export interface SeatLayout {
  /** Rows of the body (declared and added) plus the rear bench. */
  columns: number;
  places: SeatPlace[];
  /** Places the layout has (numbered or not), added rows included. */
  capacity: number;
  /** Full rows added after the declared ones so that every seat has a place (0 when they suffice). */
  addedRows: number;
  /** The middle door on the door side: first column and length, or null. */
  secondDoor: { column: number; length: number } | null;
}

/** How each state is drawn, and named in the legend (spec 02 "Schedule screen": free, occupied, booked). */
export const SEAT_STATES: Record<SeatState, { label: string; fill: string; stroke: string; text: string }> = {
  free: { label: 'Свободно', fill: '#ffffff', stroke: '#238551', text: '#1c2127' },
  occupied: { label: 'Занято', fill: '#cd4246', stroke: '#ac2f33', text: '#ffffff' },
  booked: { label: 'Забронировано', fill: '#fbb360', stroke: '#c87619', text: '#1c2127' },
  selected: { label: 'Выбрано', fill: '#2d72d2', stroke: '#215db0', text: '#ffffff' },
};

/** Upper bounds of the numeric fields (the spec says only "integers, minimum 0"; these keep a drawing finite). */
export const SEAT_SCHEME_LIMITS = { seats: 999, rows: 100, doorRows: 100 } as const;

const DRIVER_SIDE = [4, 3] as const;
const clampInt = (value: number | null | undefined, min: number, max: number) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? Math.trunc(value as number) : min));

/** Where every seat stands. Tolerates any numbers (a half-filled form): it draws what they describe. */
export function seatLayout(params: SeatSchemeParams): SeatLayout {
  const rows = clampInt(params.rows, 0, SEAT_SCHEME_LIMITS.rows);
  const seats = clampInt(params.seats, 0, SEAT_SCHEME_LIMITS.seats);
  const doorSide = params.columns_at_door === 1 ? [0] : [1, 0];
  const rearLines = params.rear_seats === 5 ? [4, 3, 2, 1, 0] : [4, 3, 1, 0];
  let secondDoor: SeatLayout['secondDoor'] = null;
  if (params.second_door && params.columns_at_door !== 1) {
    const column = clampInt(params.second_door_rows, 0, rows);
    const length = clampInt(params.second_door_length, 0, rows - column);
    if (length > 0) secondDoor = { column, length };
  }
  const atDoor = (column: number) => secondDoor !== null && column >= secondDoor.column && column < secondDoor.column + secondDoor.length;
  const rowLines = (column: number) => [...DRIVER_SIDE, ...(atDoor(column) ? [] : doorSide)];

  let declared = rearLines.length;
  for (let column = 0; column < rows; column++) declared += rowLines(column).length;
  const fullRow = DRIVER_SIDE.length + doorSide.length;
  const addedRows = Math.max(0, Math.ceil((seats - declared) / fullRow));
  const bodyRows = rows + addedRows;

  const slots: Omit<SeatPlace, 'number'>[] = [];
  for (let column = 0; column < bodyRows; column++) for (const line of rowLines(column)) slots.push({ column, line });
  for (const line of rearLines) slots.push({ column: bodyRows, line });

  return {
    columns: bodyRows + 1,
    capacity: slots.length,
    addedRows,
    places: slots.slice(0, seats).map((slot, index) => ({ ...slot, number: index + 1 })),
    secondDoor,
  };
}

/** The seat numbers a layout has: 1..`seats`. */
export const seatNumbers = (params: SeatSchemeParams): number[] => seatLayout(params).places.map((place) => place.number);

export interface SeatDrawing {
  state?: SeatState;
  /** A passenger's name or any note: the seat's tooltip. */
  label?: string;
}

const CELL = 40;
const GAP = 6;
const PITCH = CELL + GAP;
const WALL = 10;
const CAB = 64;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * The scheme as an SVG document: body, driver, front and second door, the aisle and every numbered
 * seat. `seats` gives a seat's state and label by number (free and unlabelled when absent). Each seat
 * is `<g data-seat="N" data-state="…">` so a screen can react to clicks on it.
 */
export function seatSchemeSvg(params: SeatSchemeParams, seats: Readonly<Record<number, SeatDrawing>> = {}): string {
  const layout = seatLayout(params);
  const width = WALL + CAB + layout.columns * PITCH + WALL;
  const height = WALL + 5 * PITCH - GAP + WALL;
  const x = (column: number) => WALL + CAB + column * PITCH;
  const y = (line: number) => WALL + line * PITCH;
  const parts: string[] = [];

  parts.push(`<rect class="body" x="1" y="1" width="${width - 2}" height="${height - 2}" rx="18" fill="#f6f7f9" stroke="#5f6b7c" stroke-width="2"/>`);
  // Doors are gaps in the top (door-side) wall: the front one beside the driver, the second one mid-body.
  const door = (from: number, to: number, name: string) =>
    `<g class="door" data-door="${name}"><line x1="${from}" y1="1" x2="${to}" y2="1" stroke="#f6f7f9" stroke-width="4"/>` +
    `<rect x="${from}" y="4" width="${to - from}" height="6" fill="#8f99a8"/></g>`;
  parts.push(door(WALL + 8, WALL + CAB - 8, 'front'));
  if (layout.secondDoor) parts.push(door(x(layout.secondDoor.column), x(layout.secondDoor.column + layout.secondDoor.length) - GAP, 'second'));
  // The driver: a wheel in front of the driver-side seats.
  const wheelX = WALL + CAB / 2;
  const wheelY = y(3) + CELL / 2 + PITCH / 2;
  parts.push(`<g class="driver"><circle cx="${wheelX}" cy="${wheelY}" r="15" fill="none" stroke="#5f6b7c" stroke-width="3"/><circle cx="${wheelX}" cy="${wheelY}" r="3" fill="#5f6b7c"/><title>Водитель</title></g>`);

  for (const place of layout.places) {
    const drawing = seats[place.number] ?? {};
    const state = drawing.state ?? 'free';
    const style = SEAT_STATES[state];
    const label = drawing.label ? `${place.number}: ${drawing.label}` : `Место ${place.number}`;
    parts.push(
      `<g class="seat seat-${state}" data-seat="${place.number}" data-state="${state}">` +
        `<title>${escapeXml(label)}</title>` +
        `<rect x="${x(place.column)}" y="${y(place.line)}" width="${CELL}" height="${CELL}" rx="7" fill="${style.fill}" stroke="${style.stroke}" stroke-width="2"/>` +
        `<text x="${x(place.column) + CELL / 2}" y="${y(place.line) + CELL / 2 + 5}" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="600" fill="${style.text}">${place.number}</text>` +
        `</g>`,
    );
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="seat-scheme" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Схема салона">` +
    parts.join('') +
    `</svg>`
  );
}

/**
 * The layout as a grid of rows of cells (line by line, top to bottom; column 0 is the cab), each the
 * seat number or null: the shape the seating-plan document and text snapshots use.
 */
export function seatGrid(params: SeatSchemeParams): (number | null)[][] {
  const layout = seatLayout(params);
  const grid = Array.from({ length: 5 }, () => Array<number | null>(layout.columns + 1).fill(null));
  for (const place of layout.places) grid[place.line]![place.column + 1] = place.number;
  return grid;
}
