import { Module } from '@nestjs/common';
import { ApplicationDocumentsJob } from './documents-job.js';
import { RegenerateDocuments } from './regenerate.js';
import { RegenerateDocumentsController } from './regenerate.controller.js';

/** The generated voucher and contract (issue 28): the job that makes them and the regenerate route. */
@Module({
  controllers: [RegenerateDocumentsController],
  providers: [ApplicationDocumentsJob, RegenerateDocuments],
})
export class GeneratedDocumentsModule {}
