import { Module } from '@nestjs/common';
import { TourCalculatorsController } from './tour-calculators.controller.js';
import { TourCalculatorsService } from './tour-calculators.service.js';

/** Routes of /api/tours/calculators whose POST and PUT bodies may be large (60 days with their texts and rows): the 5 MB parser, plain JSON. */
export const TOUR_CALCULATOR_BODY_ROUTES = ['/tours/calculators', '/tours/calculators/:id'];

/** Tour calculators (spec 03 §2.11, issue 30): list, editor data, the aggregate save (plain JSON bodies) and the Word offer. */
@Module({ controllers: [TourCalculatorsController], providers: [TourCalculatorsService] })
export class TourCalculatorsModule {}
