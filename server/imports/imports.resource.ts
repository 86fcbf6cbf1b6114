import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { IMPORT_STATUSES, importsResource, type ImportRow } from '../../shared/resources/imports.js';
import { ACCESS } from '../../shared/roles.js';
import { ValidationFailed } from '../common/http/errors.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { connectedVendor } from './connectors/registry.js';
import { ImportEntity } from './import.entity.js';
import { queueImportRun } from './import-job.js';

export function importRow(entity: ImportEntity): ImportRow {
  return {
    id: entity.id,
    vendor_id: entity.vendor_id,
    vendor: { id: entity.vendor.id, name: entity.vendor.name },
    type: entity.type,
    type_name: entity.type_name,
    items: entity.items,
    items_count: entity.items.length,
    is_active: entity.is_active,
    status: entity.status,
    status_name: IMPORT_STATUSES[entity.status],
    progress: entity.progress,
    last_log: entity.last_log_at ? { created_at: entity.last_log_at.toISOString() } : null,
    version: entity.version,
  };
}

/** The name of `type` among the vendor's cached types (GET /imports/data offers no other); 422 on `field` when it has none such. */
export async function vendorTypeName(manager: Pick<EntityManager, 'query'>, vendorId: number, type: string, field = 'type'): Promise<string> {
  const [found] = await manager.query<{ name: string }[]>('SELECT name FROM vendor_types WHERE vendor_id = $1 AND id = $2', [vendorId, type]);
  if (!found) throw new ValidationFailed({ [field]: [MESSAGES.imports.unknownType] });
  return found.name;
}

/**
 * Imports: the administrator and the manager (spec 01 §6). A save names a connected vendor and one of
 * the types it offers; a saved import keeps both (spec 01 §4: locked when editing).
 */
export const importsServerResource = defineServerResource({
  definition: importsResource,
  entity: ImportEntity,
  roles: ACCESS.administratorAndManager,
  relations: ['vendor'],
  nameColumn: 'type_name',
  // The list's search box: the vendor's name, the type's and the chosen items' names (a few hundred imports at most; no index needed).
  searchExpression: `(${ALIAS}.type_name || ' ' || coalesce((SELECT v.name FROM vendors v WHERE v.id = ${ALIAS}.vendor_id), '') || ' ' || ${ALIAS}.items::text)`,
  toRow: importRow,
  toEntity: async ({ vendor_id, type, items, is_active }, { manager, id }) => {
    if (id !== undefined) {
      const [stored] = await manager.query<{ vendor_id: number; type: string }[]>('SELECT vendor_id, type FROM imports WHERE id = $1', [id]);
      const moved = Object.entries({ vendor_id, type }).filter(([key, value]) => stored && stored[key as 'type'] !== value);
      if (moved.length) throw new ValidationFailed(Object.fromEntries(moved.map(([key]) => [key, [MESSAGES.imports.locked]])));
    }
    await connectedVendor(manager, vendor_id);
    return { vendor_id, type, type_name: await vendorTypeName(manager, vendor_id, type), items, is_active };
  },
  // Saved (or switched) active: a fresh run is queued with the save (issue 31 "The import job").
  afterSave: async (entity, _values, { manager }) => {
    if (entity.is_active) await queueImportRun(manager, entity.id);
  },
});
