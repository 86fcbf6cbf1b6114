import { Module } from '@nestjs/common';
import { SeaToursController } from './sea-tours.controller.js';
import { SeaToursService } from './sea-tours.service.js';

/** Routes of /api/sea-tours whose POST and PUT take `{payload}` (server/common/aggregate/payload.ts). */
export const SEA_TOUR_PAYLOAD_ROUTES = ['/sea-tours', '/sea-tours/:id'];

/** Sea tours (spec 03 §2.10): list, picker, editor data, the aggregate save and the active switch. */
@Module({ controllers: [SeaToursController], providers: [SeaToursService] })
export class SeaToursModule {}
