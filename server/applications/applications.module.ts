import { Module } from '@nestjs/common';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';
import { APPLICATION_REPRICER, type ApplicationRepricer } from './seats/application-seats.service.js';

/** Routes of /api/applications whose POST and PUT take `{payload}` (server/common/aggregate/payload.ts). */
export const APPLICATION_PAYLOAD_ROUTES = ['/applications', '/applications/:id', '/applications/calc-totals'];

/**
 * The application's record, save and totals (issue 18). Registered after the editor's reads
 * (ApplicationEditorDataModule): their `/applications/data`, `/applications/staff/list`… come before `/applications/:id`.
 */
@Module({
  controllers: [ApplicationsController],
  providers: [
    ApplicationsService,
    // The route change (ApplicationSeatsModule) re-prices with the save's loader and engine.
    { provide: APPLICATION_REPRICER, useFactory: (applications: ApplicationsService): ApplicationRepricer => (manager, id) => applications.reprice(manager, id), inject: [ApplicationsService] },
  ],
  exports: [ApplicationsService, APPLICATION_REPRICER],
})
export class ApplicationsModule {}
