/**
 * One supplier hotel written as ours (issue 31 "The import job"), for the import job (import-job.ts).
 *
 * Hotels are matched by `(vendor_id, external_id)`, rooms by their external id within the hotel (a room
 * whose id the administrator cleared is not matched: the supplier's room comes in as a new one). The
 * supplier's city, room type, placement and accommodation are our rows through the administrator's
 * mapping list (supplier-mappings.ts); an item naming a value not mapped is logged and skipped, every
 * such value of it added to the list — an import creates no city.
 *
 * Writing one hotel (writeSupplierHotel) is the hotel editor's save, as the system (no user): the
 * stored hotel read whole, the supplier's fields merged in, validated by the hotel's schema (but a
 * room's meal, which the protocol does not carry: importedHotelSchema) and built as the editor builds
 * it (place caps, unique slug: buildHotel), then written by the aggregate store — the version moves, so
 * an open editor gets the 409 dialog rather than a silent overwrite (an import of unchanged data writes
 * nothing and moves nothing). A refusal (schema, build, overlapping periods) fails the item with the
 * field and its message; the rest of the import goes on. The aggregate's read-only columns — the
 * supplier's id and raw data (`external_id`, `payload`) and what the import wrote (`imported`) — are
 * written after it by short statements; rooms the supplier no longer offers get
 * `removed_by_supplier_at` and stay. A hotel of the same name in the city that is not this item is
 * saved as «Название (Поставщик)».
 *
 * A person's edits are never overwritten: `imported` (hotels, rooms) keeps what the import last wrote
 * into each field it writes — the hotel's city, name, address, description and photo list; a room's
 * type, placement, accommodation, adults, photo list and price periods (each list as a whole). A field
 * whose current value differs from it was edited since and stays (its last imported value stays too);
 * any other takes the supplier's new value. A field with no last value (imported before these were
 * kept) is the supplier's.
 *
 * Photos (the supplier's links) are downloaded before the item's transaction, with no connection held
 * (downloadSupplierPhotos), into the files store as the editor's uploads of their kind (JPEG or PNG
 * within the size, shared/hotels/files.ts); a link imported before is not downloaded again (`imported`
 * keeps link and upload). A photo that fails is logged and the item imported without it; uploads the
 * item does not keep are let go in its transaction. Prices are the rooms' price periods in total-price
 * mode (`total_price` = the supplier's price, whole roubles as the schema requires), a period of the
 * same days keeping its row.
 */
import { isDeepStrictEqual } from 'node:util';
import { DataSource, type EntityManager } from 'typeorm';
import { HOTEL_LIMITS, HotelFileType } from '../../shared/hotels/constants.js';
import { HOTEL_UPLOADS } from '../../shared/hotels/files.js';
import { importedHotelSchema, periodSchema } from '../../shared/hotels/schema.js';
import { MESSAGES } from '../../shared/messages.js';
import type { ImportLogStatus } from '../../shared/resources/imports.js';
import { toFieldErrors } from '../../shared/validation.js';
import { aggregateRefusal, readAggregates } from '../common/aggregate/aggregate-store.js';
import { writeReleasingUploads } from '../common/aggregate/save-aggregate.js';
import { ValidationFailed } from '../common/http/errors.js';
import { FilesService, removeUnreferencedUploads } from '../files/files.service.js';
import { HOTEL_AGGREGATE, hotelRecord } from '../hotels/hotel.aggregate.js';
import { HOTEL_TYPED_UPLOADS } from '../hotels/hotel-uploads.js';
import { buildHotel } from '../hotels/hotels.service.js';
import { SupplierItemRefused, SupplierRefused, SupplierRejected, SupplierUnavailable, type SupplierConnector, type SupplierHotel, type SupplierRoom } from './connectors/connector.js';
import type { MappingKind } from '../../shared/resources/supplier-mappings.js';
import { mappedId } from './supplier-mappings.js';

const M = MESSAGES.imports.job;

export interface LogLine {
  status: ImportLogStatus;
  message: string;
}

/** What one item came to: written ('success'), skipped for a value we do not have, or failed. */
export interface ItemOutcome {
  status: 'success' | 'skipped' | 'error';
  lines: LogLine[];
}

/**
 * A failure's words for the log a manager reads: Russian, ours (issue 37 — never an echo of what
 * answered, nor the technical detail, which goes to the server's log). A refused request's own words
 * are the supplier's `{message}` to our item request only, as the protocol has them in Russian.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof SupplierUnavailable) return error.userMessage;
  if (error instanceof SupplierItemRefused) return error.userMessage;
  if (error instanceof SupplierRefused) return error.supplierMessage ?? MESSAGES.imports.refused;
  if (error instanceof SupplierRejected) return error.supplierMessage ?? MESSAGES.imports.rejected;
  return MESSAGES.imports.failed;
}

/** A photo's failure, told without anything of what answered (a photo link may point anywhere). */
function photoReasonOf(error: unknown): string {
  if (error instanceof SupplierUnavailable) return error.userMessage;
  if (error instanceof SupplierRefused) return MESSAGES.imports.refused;
  if (error instanceof SupplierRejected) return MESSAGES.imports.rejected;
  // The files store's own refusal of the file (not a picture, too large): our Russian message.
  if (error instanceof ValidationFailed) return Object.values(error.errors)[0]?.[0] ?? MESSAGES.imports.failed;
  return MESSAGES.imports.failed;
}

/** The rows an UPDATE changed (TypeORM answers an UPDATE's query as [rows, count]). */
export async function updated(manager: Pick<EntityManager, 'query'>, sql: string, parameters: unknown[]): Promise<number> {
  const [, count] = await manager.query<[unknown[], number]>(sql, parameters);
  return count;
}

/** Our handbooks a supplier's room names by their values (issue 31: room type, placement, accommodation). */
const ROOM_HANDBOOKS = { room_types: 'room_type', room_places: 'placement', accommodations: 'accommodation' } as const satisfies Record<string, keyof SupplierRoom>;
type RoomHandbook = keyof typeof ROOM_HANDBOOKS;

/** The kind of the administrator's mapping list (supplier-mappings.ts) each of our tables is: a room's are named as the room's fields. */
const MAPPING_KIND_OF = { cities: 'city', ...ROOM_HANDBOOKS } as const satisfies Record<'cities' | RoomHandbook, MappingKind>;

/**
 * Our row the vendor's `value` stands for in `table`, through the administrator's mapping list (a
 * value first met is added to it: mapped to our row of that name, case aside, or unmapped); null
 * while unmapped.
 */
async function idByName(manager: EntityManager, vendorId: number, table: 'cities' | RoomHandbook, value: string | null): Promise<{ id: number; places_count?: number } | null> {
  if (value === null) return null;
  const id = await mappedId(manager, vendorId, MAPPING_KIND_OF[table], value);
  if (id === null || table !== 'room_places') return id === null ? null : { id };
  const [row] = await manager.query<{ id: number; places_count: number }[]>(`SELECT id, places_count FROM room_places WHERE id = $1`, [id]);
  return row ?? null;
}

/** What an import last wrote into each field it writes (`hotels.imported`, `hotel_rooms.imported`). */
type Imported = Record<string, unknown>;
/** A photo the import stored: the supplier's link (not downloaded again) and our upload. */
interface ImportedPhoto {
  url: string;
  path: string;
}

/** The supplier's photos of one item stored in our files, by link (a hotel's and a room's are uploads of two kinds). */
export interface SupplierPhotos {
  hotel: Map<string, string>;
  room: Map<string, string>;
  /** Stored by this item's download: those the item does not keep are let go in its transaction. */
  fresh: string[];
  /** A photo that did not download: the item is imported without it (and tries it again next time). */
  lines: LogLine[];
}

/** Photos of one item downloaded at once. */
const PHOTO_DOWNLOADS = 4;

const NO_PHOTOS: SupplierPhotos = { hotel: new Map(), room: new Map(), fresh: [], lines: [] };

/** `idByName` for one item: each of its values looked up once, however many of its rooms name it. */
function itemLookup(manager: EntityManager, vendorId: number) {
  const known = new Map<string, ReturnType<typeof idByName>>();
  return (table: 'cities' | RoomHandbook, value: string | null) => {
    const key = `${table}\n${value?.trim().toLowerCase() ?? ''}`;
    if (!known.has(key)) known.set(key, idByName(manager, vendorId, table, value));
    return known.get(key)!;
  };
}

/**
 * Downloads the photos of a supplier hotel not imported before (by link, as `imported` keeps them) into
 * the files store, before the item's transaction: no connection is held while the supplier sends them
 * (the store writes each chunk in a statement of its own). Each is checked as the editor's upload of
 * its kind is (shared/hotels/files.ts: JPEG or PNG, by content, within the size).
 */
export async function downloadSupplierPhotos(
  db: DataSource,
  files: FilesService,
  vendor: { id: number; connector: SupplierConnector },
  hotel: SupplierHotel,
  /** Where a failed photo's technical detail goes (the server's log), the import's log getting the Russian line only. */
  onTechnical?: (url: string, error: unknown) => void,
): Promise<SupplierPhotos> {
  // What the last import stored, and the lists as they are now: a list a person edited stays, so nothing of it is downloaded.
  type Known = { imported: ImportedPhoto[] | null; paths: string[] };
  const [known] = await db.query<(Known & { rooms: (Known & { external_id: string | null })[] | null })[]>(
    `SELECT h.imported->'photos' AS imported,
            (SELECT coalesce(jsonb_agg(u.path ORDER BY u.position), '[]') FROM hotel_uploads u WHERE u.hotel_id = h.id AND u.list = 'photo') AS paths,
            (SELECT jsonb_agg(jsonb_build_object('external_id', r.external_id, 'imported', r.imported->'photos',
                      'paths', (SELECT coalesce(jsonb_agg(p.path ORDER BY p.position), '[]') FROM hotel_room_photos p WHERE p.room_id = r.id)))
               FROM hotel_rooms r WHERE r.hotel_id = h.id) AS rooms
       FROM hotels h WHERE h.vendor_id = $1 AND h.external_id = $2`,
    [vendor.id, hotel.id],
  );
  const edited = (list: Known | undefined) => list !== undefined && editedSince(list.paths, pathsOf(list.imported ?? undefined));
  const roomLists = new Map((known?.rooms ?? []).map((room) => [room.external_id, room]));
  const importedPhotos = (lists: (Known | undefined)[]) => lists.flatMap((list) => list?.imported ?? []);
  const stillStored = new Set(
    (await db.query<{ path: string }[]>(`SELECT path FROM files WHERE path = ANY($1::varchar[])`, [importedPhotos([known, ...(known?.rooms ?? [])]).map((photo) => photo.path)])).map((row) => row.path),
  );
  const photos: SupplierPhotos = { hotel: new Map(), room: new Map(), fresh: [], lines: [] };
  const wanted: { into: Map<string, string>; url: string; type: HotelFileType }[] = [];
  const plan = (into: Map<string, string>, kept: ImportedPhoto[], urls: string[], type: HotelFileType) => {
    for (const photo of kept) if (stillStored.has(photo.path)) into.set(photo.url, photo.path);
    for (const url of new Set(urls)) if (!into.has(url)) wanted.push({ into, url, type });
  };
  plan(photos.hotel, importedPhotos([known]), edited(known) ? [] : hotel.photos.map((photo) => photo.url), HotelFileType.Photo);
  const roomUrls = hotel.rooms.filter((room) => !edited(roomLists.get(room.id))).flatMap((room) => room.photos.map((photo) => photo.url));
  plan(photos.room, importedPhotos(known?.rooms ?? []), roomUrls, HotelFileType.RoomPhoto);
  // A few at a time: a hotel of ten rooms is eleven downloads.
  const next = wanted.entries();
  const worker = async () => {
    for (const [, { into, url, type }] of next) {
      try {
        const { policy, area } = HOTEL_UPLOADS[type];
        const download = await vendor.connector.photo(url, policy.maxBytes);
        const stored = await files.storeStream(download.body, download.name, { policy, area, field: 'photo', entity: HOTEL_TYPED_UPLOADS.entity, type: String(type) });
        into.set(url, stored.path);
        photos.fresh.push(stored.path);
      } catch (error) {
        const internal = error instanceof SupplierUnavailable && error.userMessage === MESSAGES.imports.door.internal;
        photos.lines.push({ status: 'error', message: internal ? M.photoInternal(hotel.name, url) : M.photoFailed(hotel.name, url, photoReasonOf(error)) });
        onTechnical?.(url, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_DOWNLOADS, wanted.length) }, worker));
  return photos;
}

/**
 * Values compared as JSON (what a jsonb column keeps and gives back, whatever its keys' order): the
 * project's deep equality (node:util, as the application's commands compare) on their JSON forms, so an
 * absent key and an undefined one are the same.
 */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const same = (a: unknown, b: unknown) => isDeepStrictEqual(asJson(a), asJson(b));

/** A price-period list as the import compares it: each period as the schema gives it, without its row id. */
const periodsOf = (dates: unknown[]) =>
  dates.map((date) => {
    const parsed = periodSchema.safeParse(date);
    if (!parsed.success) return date;
    const { id: _id, ...period } = parsed.data;
    return period;
  });
const pathsOf = (photos: { path: string }[] | undefined) => photos?.map((photo) => photo.path);
/** A media item of the payload for a stored upload (its name is the file's, as the upload route answers). */
const mediaOf = (path: string) => ({ name: path.slice(path.lastIndexOf('/') + 1), path, alt: null });
/** The stored uploads of a photo list the supplier gives, each once, in its order (those that did not download left out). */
const storedPhotos = (urls: string[], stored: Map<string, string>): ImportedPhoto[] => {
  const seen = new Set<string>();
  return urls.flatMap((url) => {
    const path = stored.get(url);
    if (!path || seen.has(path)) return [];
    seen.add(path);
    return [{ url, path }];
  });
};

/**
 * Whether a field a person may have edited since the last import stays as it is: its value differs
 * from what the import last wrote into it. A field the import has no last value of (a hotel imported
 * before these were kept) is the supplier's.
 */
const editedSince = (current: unknown, last: unknown) => last !== undefined && !same(current, last);

/**
 * Writes one supplier hotel with its rooms (in the caller's transaction, which also moves the import's
 * cursor): the item's outcome and log lines. `vendor` is the import's vendor (whose name tells a
 * clashing hotel's name apart); `photos` what downloadSupplierPhotos stored.
 *
 * The hotel is written through its aggregate as the editor's save writes it (schema, place caps, slug:
 * buildHotel; the version moves, so an editor open on it gets the 409 dialog), under a savepoint: what
 * the schema, the build or PostgreSQL (overlapping periods, judged here rather than at the commit)
 * refuses is the item failing with the field and its message, and nothing of it written.
 */
export async function writeSupplierHotel(manager: EntityManager, vendor: { id: number; name: string }, hotel: SupplierHotel, photos: SupplierPhotos = NO_PHOTOS): Promise<ItemOutcome> {
  await manager.query('SAVEPOINT supplier_hotel');
  let outcome: ItemOutcome;
  try {
    outcome = await writeHotel(manager, vendor, hotel, photos);
    await manager.query('RELEASE SAVEPOINT supplier_hotel');
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    await manager.query('ROLLBACK TO SAVEPOINT supplier_hotel');
    const [[field, messages] = ['_', [MESSAGES.validation.summary]]] = Object.entries(error.errors);
    outcome = { status: 'error', lines: [...photos.lines, { status: 'error', message: M.refused(hotel.name, field, messages[0] ?? MESSAGES.validation.summary) }] };
  }
  // The photos this item stored and does not keep (a refused item, a list a person edited) go now.
  await removeUnreferencedUploads(manager, photos.fresh);
  return outcome;
}

async function writeHotel(manager: EntityManager, vendor: { id: number; name: string }, hotel: SupplierHotel, photos: SupplierPhotos): Promise<ItemOutcome> {
  // Every value of the item is looked up, so all it lacks reach the mapping list (and the log) in one run.
  const unmapped: string[] = [];
  const idOf = itemLookup(manager, vendor.id);
  const city = await idOf('cities', hotel.city);
  if (!city) unmapped.push(M.unknownCity(hotel.name, hotel.city));
  const rooms = [];
  for (const room of hotel.rooms) {
    const ids = {} as Record<RoomHandbook, { id: number; places_count?: number }>;
    for (const [table, field] of Object.entries(ROOM_HANDBOOKS) as [RoomHandbook, keyof SupplierRoom][]) {
      const value = room[field] as string | null;
      const found = await idOf(table, value);
      const line = M.unknownValue(hotel.name, M.handbooks[table], value ?? '');
      if (found) ids[table] = found;
      else if (!unmapped.includes(line)) unmapped.push(line);
    }
    if (Object.keys(ids).length === Object.keys(ROOM_HANDBOOKS).length) rooms.push({ room, type_id: ids.room_types.id, place_id: ids.room_places.id, accommodation_id: ids.accommodations.id, adult_count: room.places ?? ids.room_places.places_count ?? 0 });
  }
  if (!city || unmapped.length) return { status: 'skipped', lines: unmapped.map((message) => ({ status: 'skipped', message })) };

  const lines: LogLine[] = [...photos.lines];
  const [existing] = await manager.query<{ id: number }[]>(`SELECT id FROM hotels WHERE vendor_id = $1 AND external_id = $2 FOR NO KEY UPDATE`, [vendor.id, hotel.id]);
  const [stored] = existing ? await readAggregates(manager, HOTEL_AGGREGATE, [existing.id]) : [];
  const record = stored ? hotelRecord(stored, { roomsInUse: new Set(), canDelete: false }) : undefined;
  const last = (stored?.row.imported ?? {}) as Imported;
  const edited: string[] = [];
  const keeps = (field: string, current: unknown, lastValue: unknown) => {
    const kept = current !== undefined && editedSince(current, lastValue);
    if (kept) edited.push(field);
    return kept;
  };

  // The hotel's own fields.
  const keepCity = keeps('city_id', record?.city_id, last.city_id);
  const cityId = keepCity ? record!.city_id : city.id;
  const keepName = keeps('name', record?.name, last.name);
  let name = keepName ? record!.name : hotel.name;
  if (!keepName) {
    const [clash] = await manager.query<unknown[]>(`SELECT 1 FROM hotels WHERE city_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3::int`, [cityId, name, existing?.id ?? null]);
    if (clash) {
      name = `${name} (${vendor.name})`.slice(0, HOTEL_LIMITS.name);
      lines.push({ status: 'info', message: M.renamed(hotel.name, name) });
    }
  }
  const keepAddress = keeps('address', record?.address, last.address);
  const keepDescription = keeps('description', record?.description, last.description);
  const lastPhotos = last.photos as ImportedPhoto[] | undefined;
  const keepPhotos = keeps('photos', pathsOf(record?.photos), pathsOf(lastPhotos));
  const hotelPhotos = keepPhotos ? lastPhotos! : storedPhotos(hotel.photos.map((photo) => photo.url), photos.hotel);

  // Rooms: matched by the supplier's id (one whose id the administrator cleared is not: its successor is new).
  const storedRooms = new Map(stored?.collections.rooms.map(({ row }) => [row.id, (row.imported ?? {}) as Imported]) ?? []);
  const payloadRooms: Record<string, unknown>[] = record ? record.rooms.map((room) => ({ ...room })) : [];
  const written: { index: number; imported: Imported; photos: ImportedPhoto[] }[] = [];
  let added = 0;
  for (const { room, ...values } of rooms) {
    const index = record ? record.rooms.findIndex((current) => current.external_id === room.id) : -1;
    const current = index >= 0 ? record!.rooms[index] : undefined;
    const lastRoom = current ? storedRooms.get(current.id) ?? {} : {};
    const roomLastPhotos = lastRoom.photos as ImportedPhoto[] | undefined;
    const keepRoomPhotos = current !== undefined && keeps(`rooms.${room.id}.photos`, pathsOf(current.photos), pathsOf(roomLastPhotos));
    const roomPhotos = keepRoomPhotos ? roomLastPhotos! : storedPhotos(room.photos.map((photo) => photo.url), photos.room);
    const next: Record<string, unknown> = {
      ...values,
      photos: roomPhotos.map(({ path }) => mediaOf(path)),
      // A period of the supplier's days keeps the row of the same days (an unchanged list rewrites nothing).
      dates: room.prices.map((price) => ({
        id: current?.dates.find((period) => period.from === price.date_from && period.to === price.date_to)?.id,
        from: price.date_from,
        to: price.date_to,
        is_total_price: true,
        total_price: price.price,
        child_without_price: 0,
        adv_adult_price: 0,
        adv_child_price: 0,
      })),
    };
    const merged: Record<string, unknown> = current ? { ...current } : { child_count: 0, adv_adult_count: 0, adv_child_count: 0 };
    const imported: Imported = {};
    for (const field of ['type_id', 'place_id', 'accommodation_id', 'adult_count'] as const) {
      const kept = current !== undefined && keeps(`rooms.${room.id}.${field}`, current[field], lastRoom[field]);
      merged[field] = kept ? current[field] : next[field];
      imported[field] = kept ? lastRoom[field] : next[field];
    }
    merged.photos = keepRoomPhotos ? current.photos : next.photos;
    const keepDates = current !== undefined && keeps(`rooms.${room.id}.dates`, periodsOf(current.dates), lastRoom.dates);
    merged.dates = keepDates ? current.dates : next.dates;
    imported.dates = keepDates ? lastRoom.dates : null; // the written list, once the schema has read it (below)
    if (index >= 0) payloadRooms[index] = merged;
    else {
      payloadRooms.push(merged);
      added += 1;
    }
    written.push({ index: index >= 0 ? index : payloadRooms.length - 1, imported, photos: roomPhotos });
  }

  const payload = {
    ...record,
    vendor_id: record?.vendor_id ?? vendor.id,
    city_id: cityId,
    name,
    slug: record?.slug ?? null,
    address: keepAddress ? record!.address : hotel.address,
    description: keepDescription ? record!.description : hotel.description,
    photos: keepPhotos ? record!.photos : hotelPhotos.map(({ path }) => mediaOf(path)),
    rooms: payloadRooms,
  };
  const parsed = importedHotelSchema.safeParse(payload);
  if (!parsed.success) throw new ValidationFailed(toFieldErrors(parsed.error));
  const form = parsed.data;
  for (const { index, imported } of written) imported.dates ??= periodsOf(form.rooms[index]!.dates);

  // Written through the aggregate only when something the import writes changed: an import of the
  // same data leaves the hotel (and its version) alone.
  const changed =
    !record ||
    added > 0 ||
    (['city_id', 'name', 'address', 'description'] as const).some((field) => !same(record[field], form[field])) ||
    !same(pathsOf(record.photos), pathsOf(form.photos)) ||
    written.some(({ index }) => {
      const before = record.rooms[index]!;
      const after = form.rooms[index]!;
      return (
        (['type_id', 'place_id', 'accommodation_id', 'adult_count'] as const).some((field) => before[field] !== after[field]) ||
        !same(pathsOf(before.photos), pathsOf(after.photos)) ||
        !same(periodsOf(before.dates), periodsOf(after.dates))
      );
    });
  let hotelId = existing?.id;
  let roomIds = record?.rooms.map((room) => room.id) ?? [];
  if (changed) {
    const node = await buildHotel(manager, form, existing?.id);
    try {
      hotelId = (await writeReleasingUploads(manager, HOTEL_AGGREGATE, node, existing?.id, removeUnreferencedUploads)).id;
      // Deferred checks (overlapping periods) judged now, under the savepoint, not at the commit that moves the cursor too.
      await manager.query('SET CONSTRAINTS ALL IMMEDIATE');
    } catch (error) {
      throw aggregateRefusal(error, HOTEL_AGGREGATE, node) ?? error;
    }
    roomIds = (node.collections?.rooms ?? []).map((room) => room.id!);
  }

  // The import's own columns (read-only to the aggregate): the supplier's id and raw data, what it wrote.
  const { rooms: _rooms, ...hotelData } = hotel;
  const hotelImported: Imported = {
    city_id: keepCity ? last.city_id : form.city_id,
    name: keepName ? last.name : form.name,
    address: keepAddress ? last.address : form.address,
    description: keepDescription ? last.description : form.description,
    photos: hotelPhotos,
  };
  await manager.query(`UPDATE hotels SET external_id = $2, payload = $3, imported = $4 WHERE id = $1`, [hotelId, hotel.id, JSON.stringify(hotelData), JSON.stringify(hotelImported)]);
  const roomRows = rooms.map(({ room }, position) => {
    const { index, imported, photos: roomPhotos } = written[position]!;
    return { id: roomIds[index], external_id: room.id, payload: room, imported: { ...imported, photos: roomPhotos } };
  });
  await manager.query(
    `UPDATE hotel_rooms r SET external_id = v.external_id, payload = v.payload, imported = v.imported, removed_by_supplier_at = NULL
       FROM jsonb_to_recordset($1::jsonb) AS v(id integer, external_id varchar, payload jsonb, imported jsonb) WHERE r.id = v.id`,
    [JSON.stringify(roomRows)],
  );
  const removed = await updated(
    manager,
    `UPDATE hotel_rooms SET removed_by_supplier_at = now() WHERE hotel_id = $1 AND external_id IS NOT NULL AND NOT (external_id = ANY($2)) AND removed_by_supplier_at IS NULL`,
    [hotelId, hotel.rooms.map((room) => room.id)],
  );
  lines.push({ status: 'success', message: (existing ? M.updated : M.created)(form.name, hotel.rooms.length) });
  // A room the administrator unlinked (its external id cleared) is no longer matched: its successor is new.
  if (existing && added) lines.push({ status: 'info', message: M.roomsAdded(form.name, added) });
  if (removed) lines.push({ status: 'info', message: M.roomsRemoved(form.name, removed) });
  if (edited.length > 0) lines.push({ status: 'info', message: M.keptEdits(form.name, edited.join(', ')) });
  return { status: 'success', lines };
}
