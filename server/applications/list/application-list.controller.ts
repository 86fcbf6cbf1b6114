import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ACCESS } from '../../../shared/roles.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../../common/auth/decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { applicationActionSchema } from '../../../shared/applications/list.js';
import { parseInput } from '../../common/http/errors.js';
import { staffActor } from '../commands/actor.js';
import { ApplicationCommands } from '../commands/application-commands.js';
import { ApplicationListService } from './application-list.service.js';

/**
 * The application list and its row actions (spec 03 §2.1, §7 "Applications"; issue 19). All three
 * roles read, cancel and open applications (§6); only the administrator deletes one.
 */
@Controller('applications')
@Roles(...ACCESS.everyone)
export class ApplicationListController {
  constructor(
    @Inject(ApplicationListService) private readonly list: ApplicationListService,
    @Inject(ApplicationCommands) private readonly commands: ApplicationCommands,
  ) {}

  /** GET /api/applications?page=&limit=&orderBy=&ascending=&query=&…filters → {data: ApplicationListRow[], count}. */
  @Get()
  page(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.list.page(query, viewer);
  }

  /** GET /api/applications/filters[?client_id=|&agency_id=] → ApplicationFilters. */
  @Get('filters')
  filters(@Query() query: Record<string, unknown>) {
    return this.list.filters(query);
  }

  /** PUT /api/applications/cancel/{id} [{version}] → {message, data: {id, status, status_name, version}}. */
  @Put('cancel/:id')
  cancel(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.commands.cancel(id, parseInput(applicationActionSchema, body ?? {}).version, staffActor(actor));
  }

  /** DELETE /api/applications/{id} → {message}: the administrator's, while nothing was paid (403 otherwise). */
  @Delete(':id')
  @Roles(...ACCESS.administratorOnly)
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.commands.remove(id, staffActor(actor));
  }

  /** POST /api/applications/{id}/watched → 204: the edit page marks the application seen (the unwatched counter). */
  @Post(':id/watched')
  @HttpCode(204)
  watched(@Param('id', IdPipe) id: number) {
    return this.list.watched(id);
  }
}
