/** The hotels list (spec 02 "Hotels list"): the shared part of its declaration and its row. */
import { z } from 'zod';
import { listFilter } from '../list.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from '../resources/define.js';
import { hotelSchema } from './schema.js';

export const hotelsResource = defineResource({
  path: '/hotels',
  createSchema: hotelSchema,
  updateSchema: hotelSchema,
  sortable: ['id', 'name', 'address'],
  filters: z.object({ city_id: listFilter.integer(), is_excursion: listFilter.flag() }),
  picker: 'search',
  messages: { saved: MESSAGES.hotels.saved, deleted: MESSAGES.success.deleted, saveFailed: { title: MESSAGES.hotels.saveFailed, text: MESSAGES.hotels.checkFields }, loadFailed: MESSAGES.hotels.loadFailed },
});

export interface HotelListRow {
  id: number;
  name: string;
  city: { id: number; name: string } | null;
  category_type: number | null;
  category_name: string | null;
  address: string | null;
  commission_general_sum: number;
  external_link: string | null;
  can_delete: boolean;
}

/** GET /api/hotels/list (`query`, `limit`, `city_id`, `is_excursion`): a hotel for pickers. */
export interface HotelPickerRow {
  id: number;
  name: string;
  city_id: number;
  is_excursion: boolean;
  /** The city's name: what tells namesakes apart (IdName `detail`). */
  detail: string | null;
}
