import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { Roles } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ClientsService } from './clients.service.js';

/** The client routes beyond the generic resource (spec 01 §7 "Clients"); registered before its `/:id`. */
@Controller('clients')
export class ClientsController {
  constructor(@Inject(ClientsService) private readonly clients: ClientsService) {}

  /** GET /api/clients/export → clients.xlsx: administrator and manager (spec 01 §6). */
  @Get('export')
  @Roles(...ACCESS.administratorAndManager)
  async export(@Res() response: Response): Promise<void> {
    await this.clients.export(response);
  }

  /** POST /api/clients/{id}/resend → {message, sent}. */
  @Post(':id/resend')
  @HttpCode(200)
  resend(@Param('id', IdPipe) id: number) {
    return this.clients.resend(id);
  }
}
