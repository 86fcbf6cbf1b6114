import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdName } from '../../shared/api.js';
import { COMMISSION_TYPES } from '../../shared/commission.js';
import { SEA_TOUR_LIMITS } from '../../shared/sea-tours/constants.js';
import { TRANSFER_TYPES } from '../../shared/transfers.js';
import type { SeaTourPickerRow } from '../../shared/sea-tours/resource.js';
import { hotelCityErrors, pairCityErrors } from '../../shared/sea-tours/rules.js';
import type { SeaTour } from '../../shared/sea-tours/schema.js';
import type { SeaTourData, SeaTourRecord } from '../../shared/sea-tours/types.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readLookups } from '../common/aggregate/lookups.js';
import { slugOfSave } from '../common/database/derived-slug.js';
import { notFound, ValidationFailed } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { servesCitySql } from '../transports/transports.list.js';
import { SEA_TOUR_AGGREGATE, seaTourNode, seaTourRecord } from './sea-tour.aggregate.js';
import { SEA_TOURS_LIST } from './sea-tours.list.js';

const ids = (rows: { id: number }[]) => new Set(rows.map((row) => row.id));

/**
 * The sea-tour editor on the aggregate machinery (list and picker, show, create, update with the
 * version check, delete — 403 while something uses the tour, the list's active switch), and its `/data`.
 */
@Injectable()
export class SeaToursService extends AggregateEditor<SeaTour, SeaTourRecord, SeaTourPickerRow> {
  constructor(
    @Inject(DataSource) db: DataSource,
    @Inject(ListService) lists: ListService,
  ) {
    super(db, lists, { aggregate: SEA_TOUR_AGGREGATE, list: SEA_TOURS_LIST });
  }

  /** The rows of a tour: its hotels in its city, its pairs reaching and leaving it, a missing slug derived from the name. */
  protected async build(manager: EntityManager, tour: SeaTour, id: number | undefined) {
    const errors = { ...(await this.hotelErrors(manager, tour)), ...(await this.pairErrors(manager, tour)) };
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const slug = tour.slug ?? (await slugOfSave(manager, 'sea_tours', tour.name, id, { max: SEA_TOUR_LIMITS.slug, fallback: 'sea-tour' }));
    return seaTourNode({ ...tour, slug });
  }

  /** Spec 03 §2.10: a group's hotels are hotels of the tour's city. */
  private async hotelErrors(manager: EntityManager, tour: SeaTour) {
    const hotels = [...new Set(tour.hotels.flatMap((group) => group.hotels_ids))];
    if (hotels.length === 0) return {};
    const inCity = await manager.query<{ id: number }[]>('SELECT id FROM hotels WHERE id = ANY($1::int[]) AND city_id = $2', [hotels, tour.city_id]);
    return hotelCityErrors(tour.hotels, ids(inCity));
  }

  /** The forth transport reaches the city, the back one leaves it (the pickers' `type=forth|back`). */
  private async pairErrors(manager: EntityManager, tour: SeaTour) {
    if (tour.transports.length === 0) return {};
    const forth = [...new Set(tour.transports.map((pair) => pair.transport_forth_id))];
    const back = [...new Set(tour.transports.map((pair) => pair.transport_back_id))];
    const reaching = await manager.query<{ id: number }[]>(`SELECT t.id FROM transports t WHERE t.id = ANY($1::int[]) AND ${servesCitySql('t.id', '$2', 'forth')}`, [forth, tour.city_id]);
    const leaving = await manager.query<{ id: number }[]>(`SELECT t.id FROM transports t WHERE t.id = ANY($1::int[]) AND ${servesCitySql('t.id', '$2', 'back')}`, [back, tour.city_id]);
    return pairCityErrors(tour.transports, ids(reaching), ids(leaving));
  }

  /** The tour as the editor reads it, or 404. */
  async read(manager: EntityManager, id: number): Promise<SeaTourRecord> {
    const [stored] = await readAggregates(manager, SEA_TOUR_AGGREGATE, [id]);
    if (!stored) throw notFound();
    return seaTourRecord(stored, await this.isDeletable(manager, id));
  }

  /** GET /api/sea-tours/data (spec 03 §7): bounded — hotels and transports come from their pickers. */
  async data(): Promise<SeaTourData> {
    const { cities } = await readLookups<{ cities: IdName[] }>(this.db, { cities: 'cities' });
    return { cities, commissions: [...COMMISSION_TYPES], transfer_types: [...TRANSFER_TYPES] };
  }
}
