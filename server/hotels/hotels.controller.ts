import { Body, Get, Param, Post, Put, Query, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { hotelSchema } from '../../shared/hotels/schema.js';
import { ACCESS, Role } from '../../shared/roles.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { Roles } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { StreamUploadInterceptor } from '../files/stream-upload.interceptor.js';
import { TYPED_UPLOAD_FIELDS, typedUploadMaxBytes, typedUploadPlacement } from '../files/typed-uploads.js';
import { HOTEL_TYPED_UPLOADS } from './hotel-uploads.js';
import { HotelsService } from './hotels.service.js';

/**
 * The hotel editor's API (spec 02 §7 "Hotels"): administrator and manager (spec 01 §6); the picker
 * (`/hotels/list?query=&city_id=&is_excursion=`) is read by tours, applications and analytics — all
 * three roles. Beside the standard routes: the infrastructure picker, uploads and the room's
 * external id.
 */
export class HotelsController extends AggregateController({
  path: 'hotels',
  service: HotelsService,
  schema: hotelSchema,
  body: 'payload',
  roles: { default: ACCESS.administratorAndManager, picker: ACCESS.everyone },
}) {
  @Get('infrastructures/list')
  infrastructures(@Query() query: Record<string, unknown>) {
    return this.service.infrastructures(query);
  }

  /**
   * POST /api/hotels/files (multipart: `type` first, then `file`, or `photo` with an `entity`) →
   * {name, path, url}. Types 1 description, 2 memo, 3 photo, 4 room photo, 6 video (up to 100 MB,
   * streamed into PostgreSQL in chunks, never held whole).
   */
  @Post('files')
  @UseInterceptors(StreamUploadInterceptor(TYPED_UPLOAD_FIELDS, typedUploadMaxBytes(HOTEL_TYPED_UPLOADS), typedUploadPlacement(HOTEL_TYPED_UPLOADS)))
  upload(@Req() request: Request, @Body() body: unknown) {
    return this.service.upload(request, body);
  }

  /** PUT /api/hotels/rooms/{id}/external-id/clean: administrator only (spec 02 §6). */
  @Put('rooms/:id/external-id/clean')
  @Roles(Role.Administrator)
  cleanExternalId(@Param('id', IdPipe) id: number) {
    return this.service.cleanExternalId(id);
  }
}
