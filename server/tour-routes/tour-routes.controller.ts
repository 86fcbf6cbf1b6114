import { Get } from '@nestjs/common';
import { ACCESS } from '../../shared/roles.js';
import { tourRouteSchema } from '../../shared/tour-routes/schema.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { TourRoutesService } from './tour-routes.service.js';

/**
 * The routes API (spec 03 §7 "Routes"): administrator and manager (§6); POST and PUT take a plain
 * JSON body. A route has no `/data`, picker or active switch: its form's short lists are its own.
 */
export class TourRoutesController extends AggregateController({
  path: 'routes',
  service: TourRoutesService,
  schema: tourRouteSchema,
  body: 'json',
  roles: { default: ACCESS.administratorAndManager },
  without: ['data', 'picker'],
}) {
  @Get('transport-types/list')
  transportTypes() {
    return this.service.transportTypes();
  }

  @Get('kinds/list')
  kinds() {
    return this.service.kinds();
  }
}
