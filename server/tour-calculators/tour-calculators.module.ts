import { Module } from '@nestjs/common';
import { TourCalculatorsController } from './tour-calculators.controller.js';
import { TourCalculatorsService } from './tour-calculators.service.js';

/** Tour calculators (spec 03 §2.11, issue 30): list, editor data, the aggregate save (plain JSON bodies) and the Word offer. */
@Module({ controllers: [TourCalculatorsController], providers: [TourCalculatorsService] })
export class TourCalculatorsModule {}
