import { Module } from '@nestjs/common';
import { ApplicationDocumentsController } from './application-documents.controller.js';
import { ApplicationDocumentsService } from './application-documents.service.js';

/** An application's documents (issue 28): list, upload and delete, outside the application's save. */
@Module({
  controllers: [ApplicationDocumentsController],
  providers: [ApplicationDocumentsService],
  exports: [ApplicationDocumentsService],
})
export class ApplicationDocumentsModule {}
