/**
 * The administrator's mapping list of the suppliers' values (issue 31 "The import job"): per vendor,
 * a city, room type, placement or accommodation as the supplier names it, and our row it stands for
 * (none yet: the import skips the items that name it). The import job adds the rows; the
 * administrator maps, re-maps and deletes them (GET, PUT /{id} {target_id}, DELETE).
 */
import { z } from 'zod';
import { listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';
import { optionalId } from '../validation.js';
import { citiesResource } from './cities.js';
import { defineResource } from './define.js';
import { accommodationsResource } from './hotel-handbooks.js';
import { roomPlacesResource, roomTypesResource } from './room-dictionaries.js';

/** What a mapping maps, named as the hotel and room forms name these fields. */
export const MAPPING_KINDS = {
  city: 'Город',
  room_type: 'Тип номера',
  placement: 'Размещение',
  accommodation: 'Условия размещения',
} as const;
export type MappingKind = keyof typeof MAPPING_KINDS;
export const MAPPING_KIND_IDS = Object.keys(MAPPING_KINDS) as [MappingKind, ...MappingKind[]];
export const MAPPING_KIND_OPTIONS = MAPPING_KIND_IDS.map((id) => ({ id, name: MAPPING_KINDS[id] }));

/** The list of our rows of each kind (its `/list` is what the edit dialog's select offers). */
export const MAPPING_TARGET_PATHS: Record<MappingKind, string> = {
  city: citiesResource.path,
  room_type: roomTypesResource.path,
  placement: roomPlacesResource.path,
  accommodation: accommodationsResource.path,
};

/** The longest supplier value kept (the protocol's names, docs/supplier-protocol-v1.md). */
export const MAPPING_LIMITS = { value: 255 } as const;

export interface SupplierMappingRow {
  id: number;
  vendor_id: number;
  vendor: { id: number; name: string };
  kind: MappingKind;
  kind_name: string;
  value: string;
  /** Our row, or null while the value is not mapped. */
  target_id: number | null;
  target: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** PUT /api/imports/mappings/{id}: our row of the mapping's kind, or null to unmap. */
const mappingSchema = z.object({ target_id: optionalId() });

export const supplierMappingsResource = defineResource({
  path: '/imports/mappings',
  // Rows come from the import job only: POST answers 405; the screen edits and deletes them.
  createdByServer: true,
  createSchema: mappingSchema,
  updateSchema: mappingSchema,
  sortable: ['id', 'value'],
  defaultAscending: false,
  filters: z.object({
    vendor_id: listFilter.integer(),
    kind: listFilter.oneOf(MAPPING_KIND_IDS),
    unmapped: listFilter.flag(),
  }),
  messages: { saved: MESSAGES.imports.mappings.saved, deleted: MESSAGES.success.deleted },
});
