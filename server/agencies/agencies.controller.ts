import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { COMMISSION_TYPES } from '../../shared/commission.js';
import { ACCESS } from '../../shared/roles.js';
import { CurrentUser, Roles, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { CabinetAccessService } from '../mail/cabinet-access.service.js';
import { AgenciesService } from './agencies.service.js';
import { AgencyReportService } from './agency-report.service.js';

/** The agency routes beyond the generic resource (spec 01 §7 "Agencies"); all three roles unless said. */
@Controller('agencies')
export class AgenciesController {
  constructor(
    @Inject(AgenciesService) private readonly agencies: AgenciesService,
    @Inject(CabinetAccessService) private readonly cabinetAccess: CabinetAccessService,
    @Inject(AgencyReportService) private readonly reports: AgencyReportService,
  ) {}

  /** GET /api/agencies/export → agencies.xlsx: administrator and manager (spec 01 §6). */
  @Get('export')
  @Roles(...ACCESS.administratorAndManager)
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.agencies.export(response, query);
  }

  /** GET /api/agencies/applications/report?agency_id=&year=&month= → `Отчет <agency> <MM.YYYY>.xlsx`: administrator and accountant (spec 01 §6). */
  @Get('applications/report')
  @Roles(...ACCESS.administratorAndAccountant)
  async report(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.reports.report(response, query);
  }

  /** GET /api/agencies/{agency_id}/agency-users → {data, count, agency: {id, legal_name}} */
  @Get(':agency_id/agency-users')
  users(@Param('agency_id', IdPipe) agencyId: number, @Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.agencies.users(agencyId, query, viewer);
  }

  /** GET /api/agencies/{agency_id}/agency-users/list?query=&limit= → {data: [{id, name}]}: at most 200, searched on the server. */
  @Get(':agency_id/agency-users/list')
  userPicker(@Param('agency_id', IdPipe) agencyId: number, @Query() query: Record<string, unknown>) {
    return this.agencies.userPicker(agencyId, query);
  }

  /** PUT /api/agencies/{id}/approve: 1 'На проверке' → 2 'Проверено'. */
  @Put(':id/approve')
  approve(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    return this.agencies.transition(id, 'approve', body, user);
  }

  /** PUT /api/agencies/{id}/contract: 2 'Проверено' → 3 'Договор подписан'. */
  @Put(':id/contract')
  contract(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    return this.agencies.transition(id, 'contract', body, user);
  }

  /** POST /api/agencies/{id}/resend: the cabinet login and password to the contact e-mail. */
  @Post(':id/resend')
  @HttpCode(200)
  resend(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return this.cabinetAccess.resend('agencies', id, user);
  }

  /** POST /api/agencies/{id}/vk-token/generate → {vk_token} */
  @Post(':id/vk-token/generate')
  @HttpCode(200)
  generateToken(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return this.agencies.generateToken(id, user);
  }

  /** DELETE /api/agencies/{id}/vk-token */
  @Delete(':id/vk-token')
  deleteToken(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return this.agencies.deleteToken(id, user);
  }
}

/** GET /api/commissions/list → {data: [{id, name}]}: the commission types (spec 01 §3, §7, §9). */
@Controller('commissions')
export class CommissionsController {
  @Get('list')
  list() {
    return { data: COMMISSION_TYPES.map(({ id, name }) => ({ id, name })) };
  }
}
