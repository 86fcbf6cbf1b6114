import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ACCESS } from '../../../shared/roles.js';
import { CurrentActor, Roles, type Actor } from '../../common/auth/decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { routeChangeSchema, seatChangeSchema } from '../../../shared/applications/seats.js';
import { parseInput } from '../../common/http/errors.js';
import { staffActor } from '../commands/actor.js';
import { ApplicationCommands } from '../commands/application-commands.js';
import { ApplicationSeatsService } from './application-seats.service.js';

/**
 * The seat change, the seats of a transport (the application's, and the ones taken by others) and
 * the route change of spec 03 §7 "Applications": for
 * all three roles, who all edit applications (§6) — the seat change too, though it sits under
 * /transports, whose other routes are the administrator's and the manager's.
 */
@Controller()
export class ApplicationSeatsController {
  constructor(
    @Inject(ApplicationSeatsService) private readonly seats: ApplicationSeatsService,
    @Inject(ApplicationCommands) private readonly commands: ApplicationCommands,
  ) {}

  /** POST /api/transports/{id}/seats/change {number, transport_seat_id} → {message, data: ApplicationSeat}. */
  @Post('transports/:id/seats/change')
  @HttpCode(200)
  @Roles(...ACCESS.everyone)
  change(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.commands.changeSeat(id, parseInput(seatChangeSchema, body), staffActor(actor));
  }

  /** GET /api/transports/{id}/seats/taken?date=&from_route_id=&to_route_id=[&application_id=] → {data: seat numbers}. */
  @Get('transports/:id/seats/taken')
  @Roles(...ACCESS.everyone)
  taken(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>) {
    return this.seats.taken(id, query);
  }

  /** GET /api/applications/{id}/seats?transport_id= → {data: ApplicationSeat[]}. */
  @Get('applications/:id/seats')
  @Roles(...ACCESS.everyone)
  list(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>) {
    return this.seats.list(id, query);
  }

  /** PUT /api/applications/{id}/transports/{itemId}/routes {from_route_id, to_route_id, from_city_id, to_city_id} → {message, data: the item}. */
  @Put('applications/:id/transports/:itemId/routes')
  @Roles(...ACCESS.everyone)
  changeRoute(@Param('id', IdPipe) id: number, @Param('itemId', IdPipe) itemId: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.commands.changeRoute(id, itemId, parseInput(routeChangeSchema, body), staffActor(actor));
  }
}
