import { Module } from '@nestjs/common';
import { HotelsController } from './hotels.controller.js';
import { HotelsService } from './hotels.service.js';

/** Routes of /api/hotels whose POST and PUT take `{payload}` (up to 5 MB, server/common/aggregate/payload.ts). */
export const HOTEL_PAYLOAD_ROUTES = ['/hotels', '/hotels/:id'];

/** Hotels (spec 02): list, editor data, the aggregate save, pickers and uploads. */
@Module({ controllers: [HotelsController], providers: [HotelsService] })
export class HotelsModule {}
