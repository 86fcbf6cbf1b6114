import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications.module.js';
import { ApplicationListController } from './application-list.controller.js';
import { ApplicationListService } from './application-list.service.js';

/** The application list, its filters and row actions (issue 19). */
@Module({
  imports: [ApplicationsModule],
  controllers: [ApplicationListController],
  providers: [ApplicationListService],
})
export class ApplicationListModule {}
