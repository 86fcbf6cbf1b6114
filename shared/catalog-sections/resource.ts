/** The catalogue-section list (spec 03 §2.13): the shared part of its declaration. */
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { catalogSectionSchema } from './schema.js';

export const catalogSectionsResource = defineResource({
  path: '/catalog-sections',
  createSchema: catalogSectionSchema,
  updateSchema: catalogSectionSchema,
  sortable: ['id', 'name', 'sort'],
  switches: { active: 'is_active' },
  picker: 'search',
  messages: { saved: MESSAGES.applications.catalogSectionSaved, deleted: MESSAGES.success.deleted },
});
