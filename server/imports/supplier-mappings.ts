/**
 * The administrator's mapping list of the suppliers' values (issue 31 "The import job"), as the
 * import job reads it: which of our cities, room types, placements and accommodations a vendor's
 * value stands for. A value the list does not hold yet is added to it — mapped to our row of the
 * same name (case aside) when we have one, so the administrator sees the match and may change it,
 * otherwise unmapped, and the item naming it is skipped until the administrator maps it.
 */
import type { EntityManager } from 'typeorm';
import { MAPPING_LIMITS, type MappingKind } from '../../shared/resources/supplier-mappings.js';

/** Each kind's table of ours, and the column (and relation) of supplier_mappings that names its row. */
export const MAPPING_TARGETS = {
  city: { table: 'cities', column: 'city_id', relation: 'city' },
  room_type: { table: 'room_types', column: 'room_type_id', relation: 'room_type' },
  placement: { table: 'room_places', column: 'place_id', relation: 'place' },
  accommodation: { table: 'accommodations', column: 'accommodation_id', relation: 'accommodation' },
} as const satisfies Record<MappingKind, { table: string; column: string; relation: string }>;

/** SQL over supplier_mappings `alias`: the row names none of ours. */
export const unmappedSql = (alias: string) => `(coalesce(${Object.values(MAPPING_TARGETS).map(({ column }) => `${alias}.${column}`).join(', ')}) IS NULL)`;

/**
 * The id of our row the vendor's `value` of `kind` stands for, or null when it stands for none yet
 * (the item naming it is skipped). In the caller's transaction — the item's, which commits a skip as
 * well as a write — so a value first met is in the list once the item is done; a write it makes
 * that the item then undoes (a failed item) is made again by the next run.
 */
export async function mappedId(manager: Pick<EntityManager, 'query'>, vendorId: number, kind: MappingKind, value: string): Promise<number | null> {
  const text = value.trim().slice(0, MAPPING_LIMITS.value);
  if (!text) return null;
  const { table, column } = MAPPING_TARGETS[kind];
  const find = async () => {
    const [row] = await manager.query<{ id: number | null }[]>(`SELECT ${column} AS id FROM supplier_mappings WHERE vendor_id = $1 AND kind = $2 AND lower(value) = lower($3)`, [vendorId, kind, text]);
    return row;
  };
  const known = await find();
  if (known) return known.id;
  const [namesake] = await manager.query<{ id: number }[]>(`SELECT id FROM ${table} WHERE lower(name) = lower($1) ORDER BY id LIMIT 1`, [text]);
  // Another item (another import of the vendor) may add the same value meanwhile: its row stands, and decides.
  const [added] = await manager.query<{ id: number | null }[]>(
    `INSERT INTO supplier_mappings (vendor_id, kind, value, ${column}) VALUES ($1, $2, $3, $4)
     ON CONFLICT (vendor_id, kind, lower(value)) DO NOTHING RETURNING ${column} AS id`,
    [vendorId, kind, text, namesake?.id ?? null],
  );
  return added ? added.id : ((await find())?.id ?? null);
}
