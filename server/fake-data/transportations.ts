/**
 * Vehicle types: the coaches a Russian bus-tour operator hires — 2+2 tourist coaches of 49 and 53
 * seats, a 2+1 coach of 35, a long coach with a middle door, a minibus — each with the layout
 * parameters whose seat scheme (shared/transport/seat-scheme.ts) numbers exactly its seats, and the
 * `schema_svg` the vehicle-type form stores on save.
 */
import { seatLayout, seatSchemeSvg, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { BulkRows } from './bulk.js';
import type { FakeDataKind } from './kind.js';

export const COACHES: (SeatSchemeParams & { name: string })[] = [
  { name: 'Ютонг, 49 мест', seats: 49, rear_seats: 5, rows: 11, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null },
  { name: 'Сетра, 53 места', seats: 53, rear_seats: 5, rows: 12, columns_at_door: 2, second_door: false, second_door_rows: null, second_door_length: null },
  { name: 'Хайгер, 35 мест (2+1)', seats: 35, rear_seats: 5, rows: 10, columns_at_door: 1, second_door: false, second_door_rows: null, second_door_length: null },
  { name: 'МАН, 59 мест, две двери', seats: 59, rear_seats: 5, rows: 14, columns_at_door: 2, second_door: true, second_door_rows: 7, second_door_length: 1 },
  { name: 'Кинг Лонг, 51 место, две двери', seats: 51, rear_seats: 5, rows: 12, columns_at_door: 2, second_door: true, second_door_rows: 6, second_door_length: 1 },
  { name: 'Мерседес-Бенц Спринтер, 19 мест', seats: 19, rear_seats: 4, rows: 5, columns_at_door: 1, second_door: false, second_door_rows: null, second_door_length: null },
];

// Every coach's layout has exactly as many places as it numbers: no empty places drawn.
for (const coach of COACHES) {
  if (seatLayout(coach).capacity !== coach.seats) throw new Error(`${coach.name}: ${seatLayout(coach).capacity} places for ${coach.seats} seats`);
}

/** `count` bus types: the coaches above in order, then again as a second vehicle of the fleet (`№ 2`). */
export function coachesFor(count: number, offset = 0): (SeatSchemeParams & { name: string })[] {
  return Array.from({ length: count }, (_, index) => {
    const number = offset + index;
    const coach = COACHES[number % COACHES.length]!;
    const round = Math.floor(number / COACHES.length);
    return round === 0 ? coach : { ...coach, name: `${coach.name} № ${round + 1}` };
  });
}

export const transportationsKind: FakeDataKind = {
  name: 'transportations',
  table: 'transportations',
  async fill({ sql }, count) {
    const [{ existing }] = (await sql.query<{ existing: number }>('SELECT count(*)::int AS existing FROM transportations WHERE kind = 1')).rows as [{ existing: number }];
    const rows = new BulkRows('transportations', {
      name: 'varchar', kind: 'smallint', seats: 'smallint', rear_seats: 'smallint', rows: 'smallint', columns_at_door: 'smallint',
      second_door: 'boolean', second_door_rows: 'smallint', second_door_length: 'smallint', schema_svg: 'text',
    });
    for (const coach of coachesFor(count, existing)) {
      const { name, ...params } = coach;
      rows.push({ name, kind: 1, ...params, second_door_rows: params.second_door_rows ?? null, second_door_length: params.second_door_length ?? null, schema_svg: seatSchemeSvg(params) });
    }
    await rows.insert(sql);
  },
};
