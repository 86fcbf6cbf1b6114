/** The routes list (spec 03 §2.4): the shared part of its declaration. */
import { z } from 'zod';
import { listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { TOUR_ROUTE_PATHS } from './paths.js';
import { tourRouteSchema } from './schema.js';

const R = MESSAGES.tourRoutes;

/** /routes: search by the transport's name, sort by id and the dates, filter by kind and transport. */
export const tourRoutesResource = defineResource({
  path: TOUR_ROUTE_PATHS.list,
  createSchema: tourRouteSchema,
  updateSchema: tourRouteSchema,
  sortable: ['id', 'forth_date', 'back_date'],
  filters: z.object({ kind: listFilter.integer(), transport_id: listFilter.integer() }),
  messages: { saved: R.saved, deleted: R.deleted, saveFailed: { title: R.saveFailedTitle, text: R.saveFailedText }, loadFailed: R.loadFailed },
});
