/**
 * Excursion tours (spec 03 §2.5, §7 "Excursion tours"): the list and the pickers' `/tours/list`,
 * the editor's lists (`/data`), one record, the editor's save (`{payload}` on the aggregate
 * machinery, the checklist's points kept in line in the same transaction), delete, uploads and the
 * checklist.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTO_CONFIRM_STATUSES, COMMISSION_TYPES } from '../../shared/commission.js';
import type { UploadedFile } from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { serviceClassName } from '../../shared/tour-services/constants.js';
import { TOUR_LIMITS } from '../../shared/tours/constants.js';
import { checklistPatchSchema, type Tour } from '../../shared/tours/schema.js';
import type { Checklist, TourData, TourRecord } from '../../shared/tours/types.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readLookups } from '../common/aggregate/lookups.js';
import type { Actor } from '../common/auth/decorators.js';
import { slugOfSave } from '../common/database/derived-slug.js';
import { idsInUse } from '../common/database/foreign-keys.js';
import { notFound, parseInput } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { FilesService } from '../files/files.service.js';
import { acceptTypedUpload } from '../files/typed-uploads.js';
import { createChecklist, patchChecklist, readChecklist, syncChecklist } from './checklist.js';
import { TOUR_AGGREGATE, tourNode, tourRecord } from './tour.aggregate.js';
import { TOUR_TYPED_UPLOADS } from './tour-uploads.js';
import { TOURS_LIST } from './tours.list.js';

type Named = { id: number; name: string };

@Injectable()
export class ToursService extends AggregateEditor<Tour, TourRecord> {
  constructor(
    @Inject(DataSource) db: DataSource,
    @Inject(ListService) lists: ListService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {
    super(db, lists, { aggregate: TOUR_AGGREGATE, list: TOURS_LIST });
  }

  /** GET /tours/data (spec 03 §7), in one statement; hotels and transports through their pickers. */
  async data(): Promise<TourData> {
    const lists = await readLookups<{
      types: Named[];
      cities: Named[];
      categories: Named[];
      trade_offers: (Named & { icon: string | null })[];
      services: (Named & { class: number; vendor_id: number | null })[];
      catalog_sections: Named[];
      vendors: Named[];
      meals: Named[];
    }>(this.db, {
      types: 'tour_types',
      cities: 'cities',
      categories: 'tour_categories',
      trade_offers: { table: 'tour_trade_offers', columns: ['icon'] },
      services: { table: 'tour_services', columns: ['class', 'vendor_id'] },
      catalog_sections: 'catalog_sections',
      vendors: 'vendors',
      meals: 'meals',
    });
    const vendorNames = new Map(lists.vendors.map((vendor) => [vendor.id, vendor.name]));
    return {
      ...lists,
      services: lists.services.map(({ vendor_id, ...service }) => ({
        ...service,
        class_name: serviceClassName(service.class) ?? '',
        vendor_name: vendor_id === null ? null : (vendorNames.get(vendor_id) ?? null),
      })),
      commissions: COMMISSION_TYPES.map(({ id, name }) => ({ id, name })),
      auto_confirm_statuses: AUTO_CONFIRM_STATUSES.map(({ id, name }) => ({ id, name })),
      hotels: [],
      transports: [],
    };
  }

  /** The tour as the editor reads it, or 404; one query at a time on the caller's connection. */
  async read(manager: EntityManager, id: number): Promise<TourRecord> {
    const [stored] = await readAggregates(manager, TOUR_AGGREGATE, [id]);
    if (!stored) throw notFound();
    const mealIds = stored.collections.meals.map((meal) => meal.row.id);
    const mealsInUse = await idsInUse(manager, 'tour_meals', mealIds);
    const canDelete = await this.isDeletable(manager, id);
    const cityIds = [...new Set(stored.links.hotels.map((item) => item.hotel.city_id))];
    const cities = cityIds.length === 0 ? [] : await manager.query<Named[]>(`SELECT id, name FROM cities WHERE id = ANY($1::int[])`, [cityIds]);
    return tourRecord(stored, {
      mealsInUse,
      canDelete,
      hasChecklist: stored.row.has_checklist,
      cityNames: new Map(cities.map((city) => [city.id, city.name])),
    });
  }

  /**
   * The rows of a tour: a missing slug derived from the name; a date sent without its id keeps the
   * stored date of that day (and with it that date's checklist points).
   */
  protected async build(manager: EntityManager, tour: Tour, id: number | undefined) {
    const stored = id === undefined ? [] : await manager.query<{ id: number; start_date: string }[]>(`SELECT id, start_date::text AS start_date FROM tour_dates WHERE tour_id = $1`, [id]);
    const dateIds = new Map(stored.map((date) => [date.start_date, date.id]));
    return tourNode({ ...tour, slug: tour.slug ?? (await slugOfSave(manager, 'tours', tour.name, id, { max: TOUR_LIMITS.slug, fallback: 'tour' })) }, dateIds);
  }

  /** Points added for new dates and items, removed for those gone (when the tour has a checklist). */
  protected override afterWrite(manager: EntityManager, id: number): Promise<void> {
    return syncChecklist(manager, id);
  }

  /** POST /api/tours/files: photos, Word files and videos (types 1, 3, 4). */
  upload(request: Request, body: unknown): Promise<UploadedFile> {
    return acceptTypedUpload(this.files, TOUR_TYPED_UPLOADS, request, body);
  }

  async checklist(id: number): Promise<{ data: Checklist }> {
    return { data: await readChecklist(this.db.manager, id) };
  }

  async createChecklist(id: number, actor: Actor): Promise<{ data: Checklist }> {
    return { data: await createChecklist(this.db, id, actor) };
  }

  /** PATCH /tours/{id}/checklist: 422 on `points.N.comment` (N the point's place in what was sent) before anything is read. */
  async patchChecklist(id: number, body: unknown, actor: Actor): Promise<{ data: Checklist; message: string }> {
    const patch = parseInput(checklistPatchSchema, body);
    return { data: await patchChecklist(this.db, id, patch, actor), message: MESSAGES.tours.checklistSaved };
  }
}
