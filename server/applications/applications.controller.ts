import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCESS } from '../../shared/roles.js';
import { applicationSaveErrors } from '../../shared/applications/persons.js';
import { applicationSchema } from '../../shared/applications/schema.js';
import { readPayload } from '../common/aggregate/payload.js';
import { flag } from '../../shared/validation.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ApplicationsService } from './applications.service.js';
import { ApplicationCommands } from './commands/application-commands.js';
import { staffActor } from './commands/actor.js';
import { historyPage } from './commands/history.js';

/**
 * Applications (spec 03 §7 "Applications", issue 18): one record, create and update as `{payload}`,
 * and the totals block. All three roles read and edit applications (spec 03 §6).
 */
@Controller('applications')
@Roles(...ACCESS.everyone)
export class ApplicationsController {
  constructor(
    @Inject(ApplicationsService) private readonly applications: ApplicationsService,
    @Inject(ApplicationCommands) private readonly commands: ApplicationCommands,
    @Inject(DataSource) private readonly db: DataSource,
  ) {}

  /** POST /api/applications/calc-totals {payload: the whole unsaved form} → {data: ApplicationTotals}; writes nothing. */
  @Post('calc-totals')
  @HttpCode(200)
  calcFormTotals(@Body() body: unknown) {
    return this.applications.calcFormTotals(body);
  }

  /** GET /api/applications/{id} → {data: ApplicationRecord}. */
  @Get(':id')
  show(@Param('id', IdPipe) id: number, @CurrentUser() viewer: AuthUser) {
    return this.applications.show(id, viewer);
  }

  /** GET /api/applications/{id}/history?page&limit → {data: ApplicationHistoryRow[], count}, newest first; a deleted application's too. */
  @Get(':id/history')
  history(@Param('id', IdPipe) id: number, @Query() query: Record<string, unknown>) {
    return historyPage(this.db, id, query);
  }

  /** POST /api/applications {payload}: an outside source's application or one made in the office. */
  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentActor() actor: Actor) {
    // The payload read once: the form, and as received (an outside source's application keeps it raw).
    const { form, raw } = readApplication(body, true);
    return this.commands.save(form, staffActor(actor), { raw, confirmOverpayment: confirmsOverpayment(raw) });
  }

  /** PUT /api/applications/{id} {payload}: 409 with the current record when its `version` is stale. */
  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    const { form, raw } = readApplication(body, false);
    return this.commands.save(form, staffActor(actor), { id, confirmOverpayment: confirmsOverpayment(raw) });
  }

  /** POST /api/applications/{id}/calc-totals {discount, manual_price_without_discount, manual_agency_commission, services…} → {data: ApplicationTotals}. */
  @Post(':id/calc-totals')
  @HttpCode(200)
  calcStoredTotals(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentUser() viewer: AuthUser) {
    return this.applications.calcStoredTotals(id, body, viewer);
  }
}

/**
 * An office save's payload (issue 27 "A save reports every error at once"): a form the schema refuses
 * answers its errors together with every rule judged on the fields that parsed (the requester missing
 * and the product's row missing in one 422); a whole form goes on to the commands, which judge the rest.
 */
/** The payload's top-level `confirm_overpayment` (issue 28: paying a vendor above its net), liberal as every flag: true, 1, '1'. */
function confirmsOverpayment(raw: Record<string, unknown>): boolean {
  const parsed = flag().safeParse(raw.confirm_overpayment);
  return parsed.success && parsed.data;
}

const readApplication = (body: unknown, creating: boolean) => readPayload(applicationSchema, body, { invalid: (value) => applicationSaveErrors(value, { office: true, creating }) });
