/**
 * The catalogue-section list (spec 03 §2.13) on the list engine, and its active switch
 * (`PUT /api/catalog-sections/{id}/active`, the aggregate editors' switch). Not
 * registered in server/resources.ts: the section's own controller serves the whole path.
 */
import { catalogSectionsResource } from '../../shared/catalog-sections/resource.js';
import type { CatalogSectionListRow } from '../../shared/catalog-sections/types.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { CatalogSectionEntity } from './catalog-section.entity.js';

export const CATALOG_SECTIONS_LIST = defineServerResource({
  definition: catalogSectionsResource,
  entity: CatalogSectionEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  relations: ['parent'],
  canDeleteFlag: true,
  toRow: (section): Omit<CatalogSectionListRow, 'can_delete'> => ({
    id: section.id,
    name: section.name,
    description: section.description,
    parent: section.parent ? { id: section.parent.id, name: section.parent.name } : null,
    is_active: section.is_active,
    sort: section.sort,
  }),
});
