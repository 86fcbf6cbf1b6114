import { Module } from '@nestjs/common';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';

/** Routes of /api/applications whose POST and PUT take `{payload}` (server/common/aggregate/payload.ts). */
export const APPLICATION_PAYLOAD_ROUTES = ['/applications', '/applications/:id', '/applications/calc-totals'];

/**
 * The application's record, save and totals (issue 18). Registered after the editor's reads
 * (ApplicationEditorDataModule): their `/applications/data`, `/applications/staff/list`… come before `/applications/:id`.
 */
@Module({ controllers: [ApplicationsController], providers: [ApplicationsService], exports: [ApplicationsService] })
export class ApplicationsModule {}
