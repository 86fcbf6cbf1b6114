/** The tour services list (spec 03 §2.9): the shared part of its declaration, its row and what `/data` and GET answer. */
import { z } from 'zod';
import { listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { tourServiceSchema, type Period } from './schema.js';

export const tourServicesResource = defineResource({
  path: '/tours/services',
  createSchema: tourServiceSchema,
  updateSchema: tourServiceSchema,
  sortable: ['id', 'name'],
  filters: z.object({ service_class: listFilter.integer(1, 3) }),
  picker: 'search',
  messages: { saved: MESSAGES.tourServices.saved, deleted: MESSAGES.success.deleted, saveFailed: { title: MESSAGES.errors.saveFailedTitle, text: MESSAGES.errors.saveFailedText } },
});

export interface TourServiceListRow {
  id: number;
  name: string;
  class: number;
  class_name: string | null;
  vendor: { id: number; name: string } | null;
  can_delete: boolean;
}

/** GET /api/tours/services/list (`query`, `limit`, `service_class`): a service for pickers (the tour editor). */
export interface TourServicePickerRow {
  id: number;
  name: string;
  class: number;
  vendor_id: number | null;
}

/** GET /api/tours/services/data. */
export interface TourServiceData {
  vendors: { id: number; name: string }[];
  classes: { id: number; name: string }[];
  commissions: { id: number; name: string }[];
}

/** GET /api/tours/services/{id}: the payload's fields plus read-only extras. */
export interface TourServiceRecord {
  id: number;
  version: number;
  name: string;
  class: number;
  class_name: string | null;
  vendor_id: number | null;
  vendor: { id: number; name: string } | null;
  description: string | null;
  dates: (Period & { id: number })[];
  can_delete: boolean;
}
