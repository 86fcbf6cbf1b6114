import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { tourServiceSchema } from '../../shared/tour-services/schema.js';
import { ACCESS } from '../../shared/roles.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { parseInput } from '../common/http/errors.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { TourServicesService } from './tour-services.service.js';

/** A plain JSON body (spec 03 §7: name, class, vendor_id, description, dates); the global ReadableInputPipe has checked it is safe to read. */
const serviceBody = (body: unknown) => parseInput(tourServiceSchema, body);

/** Tour services (spec 03 §2.9, §7): administrator and manager (§6); the picker for all three. */
@Controller('tours/services')
@Roles(...ACCESS.administratorAndManager)
export class TourServicesController {
  constructor(@Inject(TourServicesService) private readonly services: TourServicesService) {}

  /** GET /api/tours/services?query=&page=&limit=&orderBy=id|name&ascending=&service_class= */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.services.list(query, viewer);
  }

  @Get('data')
  data() {
    return this.services.data();
  }

  /** The tour editor's picker; applications and analytics read it too: every role. */
  @Get('list')
  @Roles(...ACCESS.everyone)
  picker(@Query() query: Record<string, unknown>) {
    return this.services.picker(query);
  }

  @Get(':id')
  show(@Param('id', IdPipe) id: number) {
    return this.services.show(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.services.create(serviceBody(body), actor);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.services.update(id, serviceBody(body), actor);
  }

  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.services.remove(id, actor);
  }
}
