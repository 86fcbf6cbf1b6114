import { Module } from '@nestjs/common';
import { ToursController } from './tours.controller.js';
import { ToursService } from './tours.service.js';

/** Routes of /api/tours whose POST and PUT take `{payload}` (server/common/aggregate/payload.ts). */
export const TOUR_PAYLOAD_ROUTES = ['/tours', '/tours/:id'];

/**
 * Excursion tours and their checklist. Registered after the generic resources and the tour services:
 * their `/tours/types`, `/tours/excursion/…` and `/tours/services` must be matched before `/tours/:id`.
 */
@Module({ controllers: [ToursController], providers: [ToursService] })
export class ToursModule {}
