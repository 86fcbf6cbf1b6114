import { Module } from '@nestjs/common';
import { TourRoutesController } from './tour-routes.controller.js';
import { TourRoutesService } from './tour-routes.service.js';

/** Routes (spec 03 §2.4): list, the two short lists and the aggregate save (plain JSON bodies). */
@Module({ controllers: [TourRoutesController], providers: [TourRoutesService] })
export class TourRoutesModule {}
