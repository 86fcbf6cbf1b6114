import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTO_CONFIRM_STATUSES, COMMISSION_TYPES } from '../../shared/commission.js';
import { HOTEL_CATEGORY_TYPES, HOTEL_LIMITS, HOTEL_STARS, HOTEL_TEXTS, SEA_DISTANCES } from '../../shared/hotels/constants.js';
import { hotelsResource, type HotelListRow, type HotelPickerRow } from '../../shared/hotels/resource.js';
import { placeCapErrors, type PlaceLayout } from '../../shared/hotels/rules.js';
import type { Hotel } from '../../shared/hotels/schema.js';
import { MESSAGES } from '../../shared/messages.js';
import { ACCESS } from '../../shared/roles.js';
import { joinPath } from '../common/aggregate/declaration.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { saveAggregate } from '../common/aggregate/save-aggregate.js';
import type { Actor, AuthUser } from '../common/auth/decorators.js';
import { derivedSlug } from '../common/database/derived-slug.js';
import { foreignKeysInto, referencedValues } from '../common/database/foreign-keys.js';
import { readAll } from '../common/database/reads.js';
import { forbidden, notFound, parseInput, PG, pgErrorOf, ValidationFailed } from '../common/http/errors.js';
import { ResourceService } from '../common/resource/resource.service.js';
import { ALIAS, defineServerResource, type ServerResource } from '../common/resource/server-resource.js';
import type { Request } from 'express';
import type { UploadedFile } from '../../shared/files.js';
import { HOTEL_FILE_TYPES } from '../../shared/hotels/files.js';
import { toFieldErrors } from '../../shared/validation.js';
import { FilesService, removeUnreferencedUpload } from '../files/files.service.js';
import { streamedUpload } from '../files/stream-upload.interceptor.js';
import { hotelUploadOf } from './hotel-uploads.js';
import { HotelEntity } from './hotel.entity.js';
import { HOTEL_AGGREGATE, hotelNode, hotelRecord } from './hotel.aggregate.js';
import { z } from 'zod';
import { listFilter, pickerQuerySchema } from '../../shared/list.js';
import { escapeLike } from '../common/list/list-query.js';

const categoryName = (type: number | null) => HOTEL_CATEGORY_TYPES.find((category) => category.id === type)?.name ?? null;

/**
 * The hotels list on the generic list engine. Not registered in server/resources.ts: the hotel's own
 * controller serves the whole path (its POST and PUT take `{payload}`).
 */
export const hotelsListResource = defineServerResource({
  definition: hotelsResource,
  entity: HotelEntity,
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  relations: ['city'],
  canDeleteFlag: true,
  toRow: (hotel): Omit<HotelListRow, 'can_delete'> => ({
    id: hotel.id,
    name: hotel.name,
    city: hotel.city ? { id: hotel.city.id, name: hotel.city.name } : null,
    category_type: hotel.category_type,
    category_name: categoryName(hotel.category_type),
    address: hotel.address,
    commission_general_sum: hotel.commission_general_sum,
    external_link: hotel.external_link,
  }),
});

/** GET /api/hotels/list: bounded like every picker (`query`, `limit` default 50, at most 200), plus its two filters. */
const pickerQuery = pickerQuerySchema.extend({ city_id: listFilter.integer(), is_excursion: listFilter.flag() });

const uploadFields = z.object({
  type: z.coerce.number({ error: MESSAGES.validation.required }).refine((type) => HOTEL_FILE_TYPES.includes(type as never), MESSAGES.validation.oneOf),
  entity: z.string().max(50, MESSAGES.validation.maxLength(50)).optional(),
});

const typeQuery = z.object({ type: z.coerce.number({ error: MESSAGES.validation.integer }).int(MESSAGES.validation.integer).positive(MESSAGES.validation.integer).optional() });

/** Upload paths a hotel holds (its files, photos, video and room photos). */
const UPLOAD_PATHS = `SELECT path FROM hotel_uploads WHERE hotel_id = $1
  UNION SELECT p.path FROM hotel_room_photos p JOIN hotel_rooms r ON r.id = p.room_id WHERE r.hotel_id = $1`;

@Injectable()
export class HotelsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ResourceService) private readonly resources: ResourceService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {}

  list(query: Record<string, unknown>, viewer: AuthUser) {
    return this.resources.list(hotelsListResource as unknown as ServerResource, query, viewer);
  }

  async show(id: number) {
    return { data: await this.read(this.db.manager, id) };
  }

  /** POST /api/hotels (create and copy). */
  create(hotel: Hotel, actor: Actor) {
    return this.save(hotel, actor);
  }

  /** PUT /api/hotels/{id}; 409 when `version` is stale. */
  update(id: number, hotel: Hotel, actor: Actor) {
    return this.save(hotel, actor, id);
  }

  private async save(hotel: Hotel, actor: Actor, id?: number) {
    let dropped: string[] = [];
    const data = await saveAggregate(this.db, {
      declaration: HOTEL_AGGREGATE,
      actor,
      id,
      version: hotel.version,
      build: async (manager) => {
        await this.checkPlaces(manager, hotel);
        if (id !== undefined) dropped = await this.droppedUploads(manager, id, hotel);
        return hotelNode({ ...hotel, slug: hotel.slug ?? (await this.slugOfSave(manager, hotel.name, id)) });
      },
      // Uploads the hotel no longer names go too, unless something else still uses them.
      afterWrite: async (manager) => {
        for (const path of dropped) await removeUnreferencedUpload(manager, path);
      },
      read: (manager, hotelId) => this.read(manager, hotelId),
      input: hotel,
    });
    return { data };
  }

  /**
   * A save without a slug: an edit keeps the hotel's own, a new hotel gets one from its name, made
   * unique with a suffix (`otel-more`, `otel-more-2`), as a site editor would.
   */
  private async slugOfSave(manager: EntityManager, name: string, id?: number): Promise<string> {
    if (id !== undefined) {
      const [stored] = await manager.query<{ slug: string }[]>('SELECT slug FROM hotels WHERE id = $1', [id]);
      if (stored) return stored.slug;
    }
    return derivedSlug(manager, 'hotels', name, { max: HOTEL_LIMITS.slug, fallback: 'hotel', exceptId: id });
  }

  /** Spec 02 §4 "Room places": counts capped by the chosen layout (read in the save's transaction). */
  private async checkPlaces(manager: EntityManager, hotel: Hotel): Promise<void> {
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

  /** Uploads the stored hotel names that this save no longer does. */
  private async droppedUploads(manager: EntityManager, id: number, hotel: Hotel): Promise<string[]> {
    const kept = new Set([...hotel.desc_files, ...hotel.memo_files, ...hotel.photos, ...hotel.videos, ...hotel.rooms.flatMap((room) => room.photos)].map((file) => file.path));
    const held = await manager.query<{ path: string }[]>(UPLOAD_PATHS, [id]);
    return held.map((row) => row.path).filter((path) => !kept.has(path));
  }

  /** DELETE /api/hotels/{id}: 403 while applications or tours use it; its uploads go with it. */
  async remove(id: number): Promise<{ message: string }> {
    try {
      await this.db.transaction(async (manager) => {
        const paths = await manager.query<{ path: string }[]>(UPLOAD_PATHS, [id]);
        const gone = await manager.query<{ id: number }[]>('WITH gone AS (DELETE FROM hotels WHERE id = $1 RETURNING id) SELECT id FROM gone', [id]);
        if (gone.length === 0) throw notFound();
        for (const { path } of paths) await removeUnreferencedUpload(manager, path);
      });
    } catch (error) {
      if (pgErrorOf(error).code === PG.foreignKeyViolation) throw forbidden(MESSAGES.errors.inUse);
      throw error;
    }
    return { message: MESSAGES.success.deleted };
  }

  /** The hotel as the editor reads it, or 404. */
  async read(manager: EntityManager, id: number) {
    const [stored] = await readAggregates(manager, HOTEL_AGGREGATE, [id]);
    if (!stored) throw notFound();
    const infrastructureIds = stored.links.infrastructures!.map((item) => item.item_id as number);
    const roomIds = stored.collections.rooms!.map((room) => room.row.id as number);
    const [[city], infrastructures, roomsInUse] = await readAll(manager, [
      () => manager.query<{ id: number; name: string }[]>('SELECT id, name FROM cities WHERE id = $1', [stored.row.city_id]),
      async () => (infrastructureIds.length === 0 ? [] : manager.query<{ id: number; type: number }[]>('SELECT id, infrastructure_type_id AS type FROM infrastructures WHERE id = ANY($1::int[])', [infrastructureIds])),
      () => this.roomsInUse(manager, roomIds),
    ] as const);
    return hotelRecord(stored, { city: city ?? null, infrastructureTypes: new Map(infrastructures.map((row) => [row.id, row.type])), roomsInUse });
  }

  private async roomsInUse(manager: EntityManager, roomIds: number[]): Promise<Set<number>> {
    if (roomIds.length === 0) return new Set();
    const keys = (await foreignKeysInto(manager, 'hotel_rooms')).filter((key) => key.blocksDelete && key.target === 'id');
    return referencedValues(manager, roomIds, keys);
  }

  /** GET /api/hotels/data: every list the editor's selects need (spec 02 §7). */
  async data(raw: Record<string, unknown>) {
    const { type } = parseInput(typeQuery, raw);
    const named = (table: string, extra = '') => this.db.query<{ id: number; name: string }[]>(`SELECT id, name${extra} FROM ${table} ORDER BY name, id`);
    const [cities, promotions, services, infrastructures, types, meals, accommodations, vendors] = await Promise.all([
      named('cities'),
      named('promotions'),
      named('hotel_services', ', icon'),
      named('infrastructures', ', infrastructure_type_id AS type'),
      named('infrastructure_types'),
      named('meals', ', category_type'),
      named('accommodations'),
      named('vendors'),
    ]);
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
      // Catalogue sections (spec 03 §2.13) are a later issue; until they exist there are none to offer.
      catalog_sections: [],
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

  /** GET /api/hotels/list: hotels for pickers, by name (`city_id`, `is_excursion`, `query`, `limit`). */
  async picker(raw: Record<string, unknown>): Promise<{ data: HotelPickerRow[] }> {
    const query = parseInput(pickerQuery, raw);
    const data = await this.db.query<HotelPickerRow[]>(
      `SELECT id, name, city_id, is_excursion FROM hotels
        WHERE ($1::int IS NULL OR city_id = $1) AND ($2::boolean IS NULL OR is_excursion = $2)
          AND ($3::text IS NULL OR name ILIKE $3)
        ORDER BY name, id LIMIT $4`,
      [query.city_id ?? null, query.is_excursion ?? null, query.query ? `%${escapeLike(query.query)}%` : null, query.limit],
    );
    return { data };
  }

  /** POST /api/hotels/files: the streamed upload checked against its type (422 and removed when it does not fit). */
  async upload(request: Request, body: unknown): Promise<UploadedFile> {
    const upload = streamedUpload(request);
    const fields = uploadFields.safeParse(body ?? {});
    const errors: Record<string, string[]> = fields.success ? {} : toFieldErrors(fields.error);
    if (!upload) errors.file = [MESSAGES.files.required];
    const type = fields.success ? hotelUploadOf(fields.data.type) : undefined;
    if (upload && type) {
      const { stored, field } = upload;
      if (!type.policy.kinds.includes(stored.kind)) errors[field] = [type.policy.messages.badFormat];
      else if (stored.size > type.policy.maxBytes) errors[field] = [type.policy.messages.tooLarge];
    }
    if (Object.keys(errors).length > 0) {
      if (upload) await this.files.remove(upload.stored.path).catch(() => undefined);
      throw new ValidationFailed(errors);
    }
    const { name, path, url } = upload!.stored;
    return { name, path, url };
  }

  /** PUT /api/hotels/rooms/{id}/external-id/clean (administrator): the room's external id becomes null. */
  async cleanExternalId(roomId: number) {
    const rows = await this.db.query<{ id: number }[]>('WITH cleaned AS (UPDATE hotel_rooms SET external_id = NULL WHERE id = $1 RETURNING id) SELECT id FROM cleaned', [roomId]);
    if (rows.length === 0) throw notFound();
    return { message: HOTEL_TEXTS.externalIdCleared, external_id: null };
  }
}
