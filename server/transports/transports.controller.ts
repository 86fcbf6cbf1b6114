import { ACCESS } from '../../shared/roles.js';
import { transportSchema } from '../../shared/transport/schema.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { TransportsService } from './transports.service.js';

/**
 * Bus transports (spec 02 §7 "Bus transports"): administrator and manager (spec 01 §6); the picker
 * (`/transports/list?city_id=&type=forth|back&is_excursion=`) is read by tours, applications and
 * analytics — all three roles. DELETE is a 403 while bookings or tours use the transport. The
 * schedules under /transports are SchedulesController's.
 */
export class TransportsController extends AggregateController({
  path: 'transports',
  service: TransportsService,
  schema: transportSchema,
  body: 'payload',
  roles: { default: ACCESS.administratorAndManager, picker: ACCESS.everyone },
}) {}
