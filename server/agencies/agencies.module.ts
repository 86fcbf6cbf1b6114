import { Module } from '@nestjs/common';
import { AgenciesController, CommissionsController } from './agencies.controller.js';
import { AgenciesService } from './agencies.service.js';
import { AgencyReportService } from './agency-report.service.js';

/**
 * Agency status actions, "send login and password", the social-network token, the export, the
 * monthly report, the employees list and `/commissions/list`; list and CRUD come from the generic resource (server/resources.ts).
 */
@Module({
  controllers: [AgenciesController, CommissionsController],
  providers: [AgenciesService, AgencyReportService],
  // The application editor's agency manager picker asks it for an agency's employees.
  exports: [AgenciesService],
})
export class AgenciesModule {}
