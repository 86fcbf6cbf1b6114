import { MESSAGES } from '../../shared/messages.js';
import { ACCESS } from '../../shared/roles.js';
import { MAPPING_KINDS, supplierMappingsResource, type SupplierMappingRow } from '../../shared/resources/supplier-mappings.js';
import { ValidationFailed } from '../common/http/errors.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { SupplierMappingEntity } from './supplier-mapping.entity.js';
import { MAPPING_TARGETS, unmappedSql } from './supplier-mappings.js';

function mappingRow(entity: SupplierMappingEntity): SupplierMappingRow {
  const target = MAPPING_TARGETS[entity.kind];
  const our = entity[target.relation];
  return {
    id: entity.id,
    vendor_id: entity.vendor_id,
    vendor: { id: entity.vendor.id, name: entity.vendor.name },
    kind: entity.kind,
    kind_name: MAPPING_KINDS[entity.kind],
    value: entity.value,
    target_id: entity[target.column],
    target: our ? { id: our.id, name: our.name } : null,
    created_at: entity.created_at.toISOString(),
    updated_at: entity.updated_at.toISOString(),
    version: entity.version,
  };
}

/**
 * The mapping list (issue 31): the administrator's only. Its rows are the import job's
 * (supplier-mappings.ts); a save sets our row of the mapping's kind (its own column, the others stay
 * null), or none.
 */
export const supplierMappingsServerResource = defineServerResource({
  definition: supplierMappingsResource,
  entity: SupplierMappingEntity,
  roles: ACCESS.administratorOnly,
  relations: ['vendor', ...Object.values(MAPPING_TARGETS).map(({ relation }) => relation)],
  searchExpression: `${ALIAS}.value`,
  nameColumn: 'value',
  filterExpressions: { unmapped: unmappedSql(ALIAS) },
  toRow: mappingRow,
  toEntity: async ({ target_id }, { manager, id }) => {
    const [stored] = await manager.query<Pick<SupplierMappingEntity, 'kind'>[]>(`SELECT kind FROM supplier_mappings WHERE id = $1`, [id]);
    const target = MAPPING_TARGETS[stored!.kind];
    if (target_id !== null) {
      const [found] = await manager.query<unknown[]>(`SELECT 1 FROM ${target.table} WHERE id = $1`, [target_id]);
      if (!found) throw new ValidationFailed({ target_id: [MESSAGES.validation.oneOf] });
    }
    return Object.fromEntries(Object.values(MAPPING_TARGETS).map(({ column }) => [column, column === target.column ? target_id : null]));
  },
});
