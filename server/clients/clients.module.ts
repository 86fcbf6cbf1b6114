import { Module } from '@nestjs/common';
import { ClientsController } from './clients.controller.js';
import { ClientsService } from './clients.service.js';

/** `/clients/export` and `/clients/{id}/resend`; list and CRUD come from the generic resource (server/resources.ts). */
@Module({ controllers: [ClientsController], providers: [ClientsService] })
export class ClientsModule {}
