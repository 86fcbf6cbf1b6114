import { Module } from '@nestjs/common';
import { ApplicationSeatsController } from './application-seats.controller.js';
import { ApplicationSeatsService } from './application-seats.service.js';

/**
 * An application's seat and route changes (issue 18 "Seats"). The route change re-prices through
 * APPLICATION_REPRICER when the applications module provides it (application-seats.service.ts).
 */
@Module({
  controllers: [ApplicationSeatsController],
  providers: [ApplicationSeatsService],
  exports: [ApplicationSeatsService],
})
export class ApplicationSeatsModule {}
