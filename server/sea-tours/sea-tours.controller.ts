import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ACCESS } from '../../shared/roles.js';
import { seaTourSchema, type SeaTour } from '../../shared/sea-tours/schema.js';
import { PayloadPipe } from '../common/aggregate/payload.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { SeaToursService } from './sea-tours.service.js';

/** The sea-tour API (spec 03 §7 "Sea tours"): administrator and manager (spec 03 §6); the picker for all three. */
@Controller('sea-tours')
@Roles(...ACCESS.administratorAndManager)
export class SeaToursController {
  constructor(@Inject(SeaToursService) private readonly tours: SeaToursService) {}

  /** GET /api/sea-tours?query=&page=&limit=&orderBy=id|name&ascending= */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.tours.list(query, viewer);
  }

  @Get('data')
  data() {
    return this.tours.data();
  }

  /** The bounded picker: applications and analytics name sea tours, so every role reads it (spec 03 §7 "Product lists"). */
  @Get('list')
  @Roles(...ACCESS.everyone)
  picker(@Query() query: Record<string, unknown>) {
    return this.tours.picker(query);
  }

  @Get(':id')
  show(@Param('id', IdPipe) id: number) {
    return this.tours.show(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body(new PayloadPipe(seaTourSchema)) tour: SeaTour, @CurrentActor() actor: Actor) {
    return this.tours.create(tour, actor);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body(new PayloadPipe(seaTourSchema)) tour: SeaTour, @CurrentActor() actor: Actor) {
    return this.tours.update(id, tour, actor);
  }

  /** PUT /api/sea-tours/{id}/active → {status: 'CHANGED', is_active, name, version}. */
  @Put(':id/active')
  switchActive(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.tours.switchActive(id, body, actor);
  }

  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.tours.remove(id, actor);
  }
}
