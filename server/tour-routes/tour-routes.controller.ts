import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ACCESS } from '../../shared/roles.js';
import { tourRouteSchema } from '../../shared/tour-routes/schema.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { parseInput } from '../common/http/errors.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { TourRoutesService } from './tour-routes.service.js';

/** The routes API (spec 03 §7 "Routes"): administrator and manager (§6). POST and PUT take a plain JSON body. */
@Controller('routes')
@Roles(...ACCESS.administratorAndManager)
export class TourRoutesController {
  constructor(@Inject(TourRoutesService) private readonly routes: TourRoutesService) {}

  /** GET /api/routes?query=&page=&limit=&orderBy=id|forth_date|back_date&ascending=&kind=&transport_id= */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.routes.list(query, viewer);
  }

  @Get('transport-types/list')
  transportTypes() {
    return this.routes.transportTypes();
  }

  @Get('kinds/list')
  kinds() {
    return this.routes.kinds();
  }

  @Get(':id')
  show(@Param('id', IdPipe) id: number) {
    return this.routes.show(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.routes.create(parseInput(tourRouteSchema, body), actor);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.routes.update(id, parseInput(tourRouteSchema, body), actor);
  }

  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.routes.remove(id, actor);
  }
}
