import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ProductKind } from '../../../shared/applications/constants.js';
import { ACCESS } from '../../../shared/roles.js';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { ApplicationEditorDataService } from './editor-data.service.js';

/** What the application editor reads (spec 03 §7 "Applications", issue 18): all three roles edit applications. */
@Controller('applications')
@Roles(...ACCESS.everyone)
export class ApplicationEditorDataController {
  constructor(@Inject(ApplicationEditorDataService) private readonly editorData: ApplicationEditorDataService) {}

  /** GET /api/applications/data → ApplicationEditorData (the lists named in the spec, as every editor's /data) */
  @Get('data')
  data() {
    return this.editorData.data();
  }

  /** GET /api/applications/products/{hotels|tours|transports|sea-tours}/{id} → {data: ApplicationProduct} */
  @Get('products/:kind/:id')
  product(@Param('kind') kind: string, @Param('id', IdPipe) id: number) {
    return this.editorData.product(kind, id);
  }

  /** GET /api/applications/back-transports?transport_id=&from_route_id=&to_route_id=&departure_date= (the forth leg) → {data: BackTransportOption[]} */
  @Get('back-transports')
  backTransports(@Query() query: Record<string, unknown>) {
    return this.editorData.backTransports(query);
  }

  /** GET /api/applications/staff/list?query=&limit=&user_id= → {data: [{id, name, full_name}]} */
  @Get('staff/list')
  staff(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.editorData.staff(query, viewer);
  }

  /** GET /api/applications/agency-users/list?agency_id=&query=&limit= → {data: [{id, name, full_name}]} */
  @Get('agency-users/list')
  agencyUsers(@Query() query: Record<string, unknown>) {
    return this.editorData.agencyUsers(query);
  }
}

/**
 * GET /api/hotels/{id}/services/list and /api/tours/{id}/services/list (spec 03 §7): what an
 * application's service line may name. Read by all three roles, unlike the hotel and tour editors.
 */
@Controller()
@Roles(...ACCESS.everyone)
export class ProductServicesController {
  constructor(@Inject(ApplicationEditorDataService) private readonly editorData: ApplicationEditorDataService) {}

  @Get('hotels/:id/services/list')
  hotelServices(@Param('id', IdPipe) id: number) {
    return this.editorData.services(ProductKind.Hotel, id);
  }

  @Get('tours/:id/services/list')
  tourServices(@Param('id', IdPipe) id: number) {
    return this.editorData.services(ProductKind.Tour, id);
  }
}
