import { Module } from '@nestjs/common';
import { AgencyDocumentsController } from './agency-documents.controller.js';
import { AgencyDocumentsService } from './agency-documents.service.js';

/** The multipart POSTs of /agencies/files; list, show, JSON PUT and DELETE come from the generic resource (server/resources.ts). */
@Module({
  controllers: [AgencyDocumentsController],
  providers: [AgencyDocumentsService],
})
export class AgencyDocumentsModule {}
