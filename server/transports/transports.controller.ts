import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ACCESS } from '../../shared/roles.js';
import { transportSchema, type TransportForm } from '../../shared/transport/schema.js';
import { PayloadPipe } from '../common/aggregate/payload.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { TransportsService } from './transports.service.js';

/** Bus transports (spec 02 §7 "Bus transports"): administrator and manager (spec 01 §6), route by route. */
@Controller('transports')
export class TransportsController {
  constructor(@Inject(TransportsService) private readonly transports: TransportsService) {}

  /** GET /api/transports?query=&page=&limit=&orderBy=id|name&ascending= → {data, count}. */
  @Get()
  @Roles(...ACCESS.administratorAndManager)
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.transports.list(query, viewer);
  }

  /** GET /api/transports/data → {cities, vendors, days, transportations, commissions}. */
  @Get('data')
  @Roles(...ACCESS.administratorAndManager)
  data() {
    return this.transports.data();
  }

  /** GET /api/transports/list?city_id=&type=forth|back&is_excursion= → {data: [{id, name}]}: the pickers of tours, applications and analytics (all three roles). */
  @Get('list')
  @Roles(...ACCESS.everyone)
  picker(@Query() query: Record<string, unknown>) {
    return this.transports.picker(query);
  }

  /** GET /api/transports/{id} → {data: the editor's record}. */
  @Get(':id')
  @Roles(...ACCESS.administratorAndManager)
  show(@Param('id', IdPipe) id: number) {
    return this.transports.show(id);
  }

  /** POST /api/transports {payload: the form as JSON text}: create, and copy (a copy is a new transport). */
  @Post()
  @HttpCode(201)
  @Roles(...ACCESS.administratorAndManager)
  create(@Body(new PayloadPipe(transportSchema)) form: TransportForm, @CurrentActor() actor: Actor) {
    return this.transports.create(form, actor);
  }

  /** PUT /api/transports/{id} {payload}: 409 with the current record when its `version` is stale. */
  @Put(':id')
  @Roles(...ACCESS.administratorAndManager)
  update(@Param('id', IdPipe) id: number, @Body(new PayloadPipe(transportSchema)) form: TransportForm, @CurrentActor() actor: Actor) {
    return this.transports.update(id, form, actor);
  }

  /** DELETE /api/transports/{id}: 403 'Невозможно удалить…' while it is in use. */
  @Delete(':id')
  @Roles(...ACCESS.administratorAndManager)
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.transports.remove(id, actor);
  }
}
