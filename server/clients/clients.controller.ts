import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { CurrentUser, Roles, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { CabinetAccessService } from '../mail/cabinet-access.service.js';
import { ClientsService } from './clients.service.js';

/** The client routes beyond the generic resource (spec 01 §7 "Clients"); registered before its `/:id`. */
@Controller('clients')
export class ClientsController {
  constructor(
    @Inject(ClientsService) private readonly clients: ClientsService,
    @Inject(CabinetAccessService) private readonly cabinetAccess: CabinetAccessService,
  ) {}

  /** GET /api/clients/export → clients.xlsx: administrator and manager (spec 01 §6). */
  @Get('export')
  @Roles(...ACCESS.administratorAndManager)
  async export(@Res() response: Response): Promise<void> {
    await this.clients.export(response);
  }

  /** POST /api/clients/{id}/resend → {message, sent}: the cabinet login (the e-mail) and password. */
  @Post(':id/resend')
  @HttpCode(200)
  resend(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return this.cabinetAccess.resend('clients', id, user);
  }
}
