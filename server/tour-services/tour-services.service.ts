import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { COMMISSION_TYPES } from '../../shared/commission.js';
import { SERVICE_CLASSES } from '../../shared/tour-services/constants.js';
import type { TourServiceData, TourServicePickerRow, TourServiceRecord } from '../../shared/tour-services/resource.js';
import type { TourService } from '../../shared/tour-services/schema.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readLookups } from '../common/aggregate/lookups.js';
import { notFound } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { TOUR_SERVICE_AGGREGATE, tourServiceNode, tourServiceRecord } from './tour-service.aggregate.js';
import { TOUR_SERVICES_LIST } from './tour-services.list.js';

/**
 * Tour services on the aggregate machinery (AggregateEditor: the list and its picker, show, create,
 * update with the version check, delete — 403 while a tour or an application names the service,
 * as PostgreSQL's keys say), plus its `/data`. Everything a save checks is in the shared schema;
 * the tables keep the name unique and the periods apart.
 */
@Injectable()
export class TourServicesService extends AggregateEditor<TourService, TourServiceRecord, TourServicePickerRow> {
  constructor(@Inject(DataSource) db: DataSource, @Inject(ListService) lists: ListService) {
    super(db, lists, { aggregate: TOUR_SERVICE_AGGREGATE, list: TOUR_SERVICES_LIST });
  }

  protected build(_manager: EntityManager, service: TourService) {
    return tourServiceNode(service);
  }

  /** The service as its dialog reads it, or 404. */
  async read(manager: EntityManager, id: number): Promise<TourServiceRecord> {
    const [stored] = await readAggregates(manager, TOUR_SERVICE_AGGREGATE, [id]);
    if (!stored) throw notFound();
    return tourServiceRecord(stored, await this.isDeletable(manager, id));
  }

  /** GET /api/tours/services/data (spec 03 §7): vendors, classes, commissions. */
  async data(): Promise<TourServiceData> {
    const { vendors } = await readLookups<{ vendors: { id: number; name: string }[] }>(this.db, { vendors: 'vendors' });
    return { vendors, classes: [...SERVICE_CLASSES], commissions: [...COMMISSION_TYPES] };
  }
}
