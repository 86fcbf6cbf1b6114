import { Module } from '@nestjs/common';
import { ExternalMessagesService } from './external-messages.service.js';
import { ImportJob } from './import-job.js';
import { SupplierConnectors } from './connectors/registry.js';
import { ExternalServicesController, ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';

/** Imports from supplier services and the live calls to them (issue 31); the imports' list and CRUD come from the generic resource (server/resources.ts). */
@Module({
  controllers: [ImportsController, ExternalServicesController],
  providers: [SupplierConnectors, ImportsService, ExternalMessagesService, ImportJob],
  exports: [SupplierConnectors],
})
export class ImportsModule {}
