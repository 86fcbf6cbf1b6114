import { ACCESS } from '../../shared/roles.js';
import { seaTourSchema } from '../../shared/sea-tours/schema.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { SeaToursService } from './sea-tours.service.js';

/**
 * The sea-tour API (spec 03 §7 "Sea tours"): administrator and manager (spec 03 §6); the bounded
 * picker for all three — applications and analytics name sea tours (spec 03 §7 "Product lists").
 */
export class SeaToursController extends AggregateController({
  path: 'sea-tours',
  service: SeaToursService,
  schema: seaTourSchema,
  body: 'payload',
  roles: { default: ACCESS.administratorAndManager, picker: ACCESS.everyone },
  activeSwitch: true,
}) {}
