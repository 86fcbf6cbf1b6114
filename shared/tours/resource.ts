/** The excursion tour list (spec 03 §2.5) and its picker, for the list engine. */
import { z } from 'zod';
import { listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { TOUR_PATHS } from './paths.js';
import { tourSchema } from './schema.js';

export const toursResource = defineResource({
  path: TOUR_PATHS.list,
  createSchema: tourSchema,
  updateSchema: tourSchema,
  sortable: ['id', 'name'],
  filters: z.object({ is_active: listFilter.flag(), checklist_is_incomplete: listFilter.flag() }),
  picker: 'search',
  messages: { saved: MESSAGES.tours.saved, deleted: MESSAGES.tours.deleted, loadFailed: MESSAGES.errors.unexpected },
});
