import { Module } from '@nestjs/common';
import { DepartureNotifications } from './notifications.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';
import { TransportExports } from './transport-exports.js';
import { TransportsController } from './transports.controller.js';
import { TransportsService } from './transports.service.js';

/**
 * Bus transports and their schedules. SchedulesController comes first: its `/transports/schedules`
 * and `/transports/schedules/seats` must be matched before TransportsController's `/transports/:id`.
 */
@Module({
  controllers: [SchedulesController, TransportsController],
  providers: [TransportsService, SchedulesService, TransportExports, DepartureNotifications],
})
export class TransportsModule {}
