import { describe, expect, it } from 'vitest';
import { HOTEL_AGGREGATE } from '../hotels/hotel.aggregate.js';
import { BulkRows, declaredRows } from './bulk.js';

describe('BulkRows', () => {
  it('refuses a row without a column or with a key the table has not', () => {
    const rows = new BulkRows('hotel_room_ages', { room_id: 'integer', type: 'smallint', age: 'smallint', position: 'smallint' });
    rows.push({ room_id: 1, type: 1, age: null, position: 0 });
    expect(() => rows.push({ room_id: 1, type: 1, position: 1 } as never)).toThrow('hotel_room_ages: a row without age');
    expect(() => rows.push({ room_id: 1, type: 1, age: 5, position: 1, agee: 5 } as never)).toThrow('hotel_room_ages has no column agee');
    expect(rows.length).toBe(1);
  });
});

describe('declaredRows', () => {
  it('takes a table and its column types from the aggregate declaration, with the keys the store writes', () => {
    const periods = HOTEL_AGGREGATE.collections.rooms.collections!.dates;
    const rows = declaredRows(periods, { room_id: 'integer' });
    expect(rows.table).toBe('hotel_room_prices');
    expect(rows.types).toEqual({ room_id: 'integer', ...periods.columns });
    expect(rows.types).toMatchObject({ date_from: 'date', commission_adult_type: 'smallint', is_differentiate: 'boolean' });
  });

  it("refuses keys without the child table's parent column", () => {
    expect(() => declaredRows(HOTEL_AGGREGATE.collections.rooms, { id: 'integer' })).toThrow('hotel_rooms: the keys lack its parent column hotel_id');
  });
});
