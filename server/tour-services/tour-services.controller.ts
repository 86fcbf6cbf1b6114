import { tourServiceSchema } from '../../shared/tour-services/schema.js';
import { ACCESS } from '../../shared/roles.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { TourServicesService } from './tour-services.service.js';

/**
 * Tour services (spec 03 §2.9, §7): administrator and manager (§6); the tour editor's picker is
 * read by every role (applications and analytics too). POST and PUT take a plain JSON body (name,
 * class, vendor_id, description, dates). The list filters `service_class`.
 */
export class TourServicesController extends AggregateController({
  path: 'tours/services',
  service: TourServicesService,
  schema: tourServiceSchema,
  body: 'json',
  roles: { default: ACCESS.administratorAndManager, picker: ACCESS.everyone },
}) {}
