import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications.module.js';
import { ApplicationSeatsController } from './application-seats.controller.js';
import { ApplicationSeatsService } from './application-seats.service.js';

/** An application's seats: their reads here, the seat and route changes through the application's commands (issue 18 "Seats", 26). */
@Module({
  imports: [ApplicationsModule],
  controllers: [ApplicationSeatsController],
  providers: [ApplicationSeatsService],
  exports: [ApplicationSeatsService],
})
export class ApplicationSeatsModule {}
