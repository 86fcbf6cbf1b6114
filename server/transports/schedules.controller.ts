import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ChangesState } from '../common/security/state-change.js';
import { SchedulesService } from './schedules.service.js';
import { TransportExports } from './transport-exports.js';
import { TransportsService } from './transports.service.js';

/**
 * The schedule routes of spec 02 §7 "Schedules" and the seat dashboard of spec 01 §7 "Dashboard".
 * Roles route by route (spec 01 §6): the dashboard is for all three roles, the bus schedule for the
 * administrator and the manager.
 */
@Controller('transports')
export class SchedulesController {
  constructor(
    @Inject(SchedulesService) private readonly schedules: SchedulesService,
    @Inject(TransportsService) private readonly transports: TransportsService,
    @Inject(TransportExports) private readonly exports: TransportExports,
  ) {}

  /** GET /api/transports/schedules/seats?year=&type= → {data: SeatDashboard}, JSON made by PostgreSQL. */
  @Get('schedules/seats')
  @Roles(...ACCESS.everyone)
  async dashboard(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const json = await this.schedules.dashboardJson(query);
    response.status(200).type('application/json').send(json);
  }

  /** GET /api/transports/schedules: the transports list of the schedules screen (paged, searchable). */
  @Get('schedules')
  @Roles(...ACCESS.administratorAndManager)
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.transports.list(query, viewer);
  }

  /** GET /api/transports/{id}/schedules: the transport with route, days, dates and the seat scheme. */
  @Get(':id/schedules')
  @Roles(...ACCESS.administratorAndManager)
  payload(@Param('id', IdPipe) id: number) {
    return this.schedules.payload(id);
  }

  /** POST /api/transports/{id}/schedules {date} → {data: {seats, applications, dates}}. */
  @Post(':id/schedules')
  @HttpCode(200)
  @Roles(...ACCESS.administratorAndManager)
  ofDate(@Param('id', IdPipe) id: number, @Body() body: unknown) {
    return this.schedules.ofDate(id, body);
  }

  /** POST /api/transports/{id}/seats {number, start_date, from_city_id, to_city_id} → {message, data: booking}. */
  @Post(':id/seats')
  @HttpCode(201)
  @Roles(...ACCESS.administratorAndManager)
  book(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.schedules.book(id, body, actor);
  }

  /** DELETE /api/transports/{id}/seats/{seatId}: a manual booking only. */
  @Delete(':id/seats/:seatId')
  @Roles(...ACCESS.administratorAndManager)
  cancel(@Param('id', IdPipe) id: number, @Param('seatId', IdPipe) seatId: number) {
    return this.schedules.cancel(id, seatId);
  }

  /** GET /api/transports/{id}/schedules/export/egais?date=&type=egais-forth|egais-back → date-name-direction.xlsx. */
  @Get(':id/schedules/export/egais')
  @Roles(...ACCESS.administratorAndManager)
  async egais(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.exports.egais(id, query, response);
  }

  /** GET /api/transports/{id}/schedules/export?date=&type=seating → the seating plan (docx). */
  @Get(':id/schedules/export')
  @Roles(...ACCESS.administratorAndManager)
  async seating(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.exports.seating(id, query, response);
  }

  /** GET /api/transports/{id}/date-data[?date=]: the departures table. */
  @Get(':id/date-data')
  @Roles(...ACCESS.administratorAndManager)
  dateData(@Param('id', IdPipe) id: number, @Query('date') date: unknown) {
    return this.schedules.dateDataList(id, date);
  }

  /** POST /api/transports/{id}/date-data {date, name, number, glonas_url, departure_place, departure_time, applications_ids}. */
  @Post(':id/date-data')
  @HttpCode(201)
  @Roles(...ACCESS.administratorAndManager)
  createDateData(@Param('id', IdPipe) id: number, @Body() body: unknown) {
    return this.schedules.saveDateData(id, body);
  }

  /** POST /api/transports/{id}/date (the body also names transport_id): the same as POST date-data. */
  @Post(':id/date')
  @HttpCode(201)
  @Roles(...ACCESS.administratorAndManager)
  createDate(@Param('id', IdPipe) id: number, @Body() body: unknown) {
    return this.schedules.saveDateData(id, body);
  }

  /** PATCH /api/transports/{id}/date/{dateId}. */
  @Patch(':id/date/:dateId')
  @Roles(...ACCESS.administratorAndManager)
  updateDate(@Param('id', IdPipe) id: number, @Param('dateId', IdPipe) dateId: number, @Body() body: unknown) {
    return this.schedules.saveDateData(id, body, dateId);
  }

  /** DELETE /api/transports/{id}/date/{dateId}. */
  @Delete(':id/date/:dateId')
  @Roles(...ACCESS.administratorAndManager)
  removeDate(@Param('id', IdPipe) id: number, @Param('dateId', IdPipe) dateId: number) {
    return this.schedules.removeDateData(id, dateId);
  }

  /**
   * GET /api/transports/{id}/date/{dateId}/notify → {message}: queues the notifications (spec 02 §7).
   * A GET that changes state: it asks for the CSRF proof of a write (the renderer's api.getChanging).
   */
  @Get(':id/date/:dateId/notify')
  @ChangesState()
  @Roles(...ACCESS.administratorAndManager)
  notify(@Param('id', IdPipe) id: number, @Param('dateId', IdPipe) dateId: number) {
    return this.schedules.notify(id, dateId);
  }
}
