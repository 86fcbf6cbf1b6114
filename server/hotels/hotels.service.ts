import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { UploadedFile } from '../../shared/files.js';
import { AUTO_CONFIRM_STATUSES, COMMISSION_TYPES } from '../../shared/commission.js';
import { HOTEL_CATEGORY_TYPES, HOTEL_LIMITS, HOTEL_STARS, SEA_DISTANCES } from '../../shared/hotels/constants.js';
import type { HotelPickerRow } from '../../shared/hotels/resource.js';
import { placeCapErrors, type PlaceLayout } from '../../shared/hotels/rules.js';
import type { Hotel } from '../../shared/hotels/schema.js';
import { MESSAGES } from '../../shared/messages.js';
import { readLookups } from '../common/aggregate/lookups.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { joinPath, type AggregateNode } from '../common/aggregate/declaration.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { slugOfSave } from '../common/database/derived-slug.js';
import { idsInUse } from '../common/database/foreign-keys.js';
import { notFound, parseInput, ValidationFailed } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { FilesService } from '../files/files.service.js';
import { HOTEL_AGGREGATE, hotelNode, hotelRecord, type HotelRecord } from './hotel.aggregate.js';
import { HOTEL_TYPED_UPLOADS } from './hotel-uploads.js';
import { acceptTypedUpload } from '../files/typed-uploads.js';
import { HOTELS_LIST } from './hotels.list.js';


/**
 * The rows of a validated hotel, in the save's transaction: room counts within their layouts
 * (spec 02 §4 "Room places", read there), a missing slug derived from the name. The editor's save
 * and the import's write (server/imports/import-job.ts) both build a hotel with it.
 */
export async function buildHotel(manager: EntityManager, hotel: Hotel, id: number | undefined): Promise<AggregateNode> {
  await checkPlaces(manager, hotel);
  return hotelNode({ ...hotel, slug: hotel.slug ?? (await slugOfSave(manager, 'hotels', hotel.name, id, { max: HOTEL_LIMITS.slug, fallback: 'hotel' })) });
}

/** Room counts capped by each room's place layout: 422 on `rooms.N.<field>` otherwise. */
async function checkPlaces(manager: EntityManager, hotel: Hotel): Promise<void> {
  const placeIds = [...new Set(hotel.rooms.map((room) => room.place_id).filter((placeId): placeId is number => placeId !== null))];
  if (placeIds.length === 0) return;
  const rows = await manager.query<(PlaceLayout & { id: number })[]>('SELECT id, places_count, adv_places_count FROM room_places WHERE id = ANY($1::int[])', [placeIds]);
  const places = new Map(rows.map((row) => [row.id, row]));
  const errors: Record<string, string[]> = {};
  hotel.rooms.forEach((room, index) => {
    if (room.place_id === null) return;
    const place = places.get(room.place_id);
    if (!place) errors[joinPath('rooms', index, 'place_id')] = [MESSAGES.validation.oneOf];
    for (const [field, messages] of Object.entries(placeCapErrors(room, place))) errors[joinPath('rooms', index, field)] = messages;
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

const typeQuery = z.object({ type: z.coerce.number({ error: MESSAGES.validation.integer }).int(MESSAGES.validation.integer).positive(MESSAGES.validation.integer).optional() });

/**
 * The hotel editor on the aggregate machinery (AggregateEditor: the list and its picker, show,
 * create and copy, update with the version check, delete — 403 while applications or tours use
 * it), plus its `/data`, the infrastructure picker and uploads. The uploads a save drops, or a
 * deleted hotel held, go unless something else still uses them.
 */
@Injectable()
export class HotelsService extends AggregateEditor<Hotel, HotelRecord, HotelPickerRow> {
  constructor(
    @Inject(DataSource) db: DataSource,
    @Inject(ListService) lists: ListService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {
    super(db, lists, { aggregate: HOTEL_AGGREGATE, list: HOTELS_LIST });
  }

  protected build(manager: EntityManager, hotel: Hotel, id: number | undefined) {
    return buildHotel(manager, hotel, id);
  }

  /** The hotel as the editor reads it, or 404. */
  async read(manager: EntityManager, id: number): Promise<HotelRecord> {
    const [stored] = await readAggregates(manager, HOTEL_AGGREGATE, [id]);
    if (!stored) throw notFound();
    const roomIds = stored.collections.rooms.map((room) => room.row.id);
    const roomsInUse = await idsInUse(manager, 'hotel_rooms', roomIds);
    return hotelRecord(stored, { roomsInUse, canDelete: await this.isDeletable(manager, id) });
  }

  /** GET /api/hotels/data: every list the editor's selects need (spec 02 §7). */
  async data(raw: Record<string, unknown>) {
    const { type } = parseInput(typeQuery, raw);
    const { cities, promotions, services, infrastructures, types, meals, accommodations, vendors, catalog_sections } = await readLookups(this.db, {
      cities: 'cities',
      promotions: 'promotions',
      services: { table: 'hotel_services', columns: ['icon'] },
      infrastructures: { table: 'infrastructures', columns: ['infrastructure_type_id AS type'] },
      types: 'infrastructure_types',
      meals: { table: 'meals', columns: ['category_type'] },
      accommodations: 'accommodations',
      vendors: 'vendors',
      catalog_sections: 'catalog_sections',
    });
    return {
      cities,
      sea_distances: SEA_DISTANCES,
      promotions,
      services,
      infrastructures,
      infrastructures_by_type: type === undefined ? [] : infrastructures.filter((item) => (item as { type?: number }).type === type),
      infrastructures_types: types,
      meals,
      accommodations,
      category_types: HOTEL_CATEGORY_TYPES,
      stars: HOTEL_STARS,
      vendors,
      // The Каталог tab's sections (spec 03 §2.13): a tree of dozens, offered whole.
      catalog_sections,
      commissions: COMMISSION_TYPES,
      auto_confirm_statuses: AUTO_CONFIRM_STATUSES,
    };
  }

  /**
   * GET /api/hotels/infrastructures/list (optional `type`): the short list of the infrastructure
   * handbook, as its generic `/list` answers it ({id, name} by name), narrowed to one type when asked.
   */
  async infrastructures(raw: Record<string, unknown>) {
    const { type } = parseInput(typeQuery, raw);
    const data = await this.db.query<{ id: number; name: string }[]>(
      `SELECT id, name FROM infrastructures WHERE $1::int IS NULL OR infrastructure_type_id = $1 ORDER BY name, id`,
      [type ?? null],
    );
    return { data };
  }

  /** POST /api/hotels/files: the streamed upload checked against its type (422 and removed when it does not fit). */
  upload(request: Request, body: unknown): Promise<UploadedFile> {
    return acceptTypedUpload(this.files, HOTEL_TYPED_UPLOADS, request, body);
  }

  /** PUT /api/hotels/rooms/{id}/external-id/clean (administrator): the room's external id becomes null. */
  async cleanExternalId(roomId: number) {
    const rows = await this.db.query<{ id: number }[]>('WITH cleaned AS (UPDATE hotel_rooms SET external_id = NULL WHERE id = $1 RETURNING id) SELECT id FROM cleaned', [roomId]);
    if (rows.length === 0) throw notFound();
    return { message: MESSAGES.hotels.externalIdCleared, external_id: null };
  }
}
