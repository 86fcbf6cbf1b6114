import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdName } from '../../shared/api.js';
import { CALCULATOR_SERVICE_TYPES } from '../../shared/tour-calculators/constants.js';
import { calculatorResults } from '../../shared/tour-calculators/rules.js';
import type { TourCalculator } from '../../shared/tour-calculators/schema.js';
import type { CalculatorData, CalculatorRecord } from '../../shared/tour-calculators/types.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { AggregateEditor } from '../common/aggregate/aggregate-editor.js';
import { readLookups } from '../common/aggregate/lookups.js';
import { notFound } from '../common/http/errors.js';
import { ListService } from '../common/list/list.service.js';
import { TOUR_CALCULATOR_AGGREGATE, tourCalculatorNode, tourCalculatorRecord } from './tour-calculator.aggregate.js';
import { TOUR_CALCULATORS_LIST } from './tour-calculators.list.js';

/**
 * The tour calculator editor on the aggregate machinery (list, show, create, update with the version
 * check, delete) and its `/data`. A save computes the results (shared/tour-calculators/rules.ts) and
 * stores them with the calculator, so GET answers the figures of the last save.
 */
@Injectable()
export class TourCalculatorsService extends AggregateEditor<TourCalculator, CalculatorRecord> {
  constructor(
    @Inject(DataSource) db: DataSource,
    @Inject(ListService) lists: ListService,
  ) {
    super(db, lists, { aggregate: TOUR_CALCULATOR_AGGREGATE, list: TOUR_CALCULATORS_LIST });
  }

  /** The rows with the results; the schema has refused a calculator nobody pays for, so there are results. */
  protected build(_manager: EntityManager, calculator: TourCalculator) {
    return tourCalculatorNode(calculator, calculatorResults(calculator) ?? []);
  }

  /** The calculator as the editor reads it, or 404. */
  async read(manager: EntityManager, id: number): Promise<CalculatorRecord> {
    const [stored] = await readAggregates(manager, TOUR_CALCULATOR_AGGREGATE, [id]);
    if (!stored) throw notFound();
    return tourCalculatorRecord(stored, await this.isDeletable(manager, id));
  }

  /** GET /api/tours/calculators/data (spec 03 §7): the handbooks in one statement; tours and hotels through their pickers. */
  async data(): Promise<CalculatorData> {
    const lists = await readLookups<{ meals: IdName[]; services: IdName[]; cities: IdName[] }>(this.db, { meals: 'meals', services: 'tour_services', cities: 'cities' });
    return { ...lists, service_types: [...CALCULATOR_SERVICE_TYPES], tours: [], hotels: [] };
  }
}
