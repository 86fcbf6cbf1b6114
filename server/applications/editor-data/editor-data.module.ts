import { Module } from '@nestjs/common';
import { AgenciesModule } from '../../agencies/agencies.module.js';
import { ApplicationEditorDataController, ProductServicesController } from './editor-data.controller.js';
import { ApplicationEditorDataService } from './editor-data.service.js';

/** The reads of the application editor that touch no application table: dictionaries, products, services, staff and agency employees. */
@Module({
  imports: [AgenciesModule],
  controllers: [ApplicationEditorDataController, ProductServicesController],
  providers: [ApplicationEditorDataService],
})
export class ApplicationEditorDataModule {}
