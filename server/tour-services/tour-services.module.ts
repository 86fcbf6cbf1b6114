import { Module } from '@nestjs/common';
import { TourServicesController } from './tour-services.controller.js';
import { TourServicesService } from './tour-services.service.js';

/** Tour services (spec 03 §2.9): list, picker, `/data` and the aggregate save of a plain JSON body. */
@Module({ controllers: [TourServicesController], providers: [TourServicesService] })
export class TourServicesModule {}
