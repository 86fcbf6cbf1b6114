import { Module } from '@nestjs/common';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';
import { AgencyCommissionJob } from './commands/agency-commission-job.js';
import { ApplicationCommands } from './commands/application-commands.js';

/** Routes of /api/applications whose POST and PUT take `{payload}` (server/common/aggregate/payload.ts). */
export const APPLICATION_PAYLOAD_ROUTES = ['/applications', '/applications/:id', '/applications/calc-totals'];

/**
 * The application's record, its commands (the only writer of an application) and totals (issue 18,
 * 26). The seats and the list import this module for the commands. Registered after the editor's
 * reads (ApplicationEditorDataModule): their `/applications/data`, `/applications/staff/list`… come
 * before `/applications/:id`.
 */
@Module({
  controllers: [ApplicationsController],
  providers: [ApplicationsService, ApplicationCommands, AgencyCommissionJob],
  exports: [ApplicationsService, ApplicationCommands],
})
export class ApplicationsModule {}
