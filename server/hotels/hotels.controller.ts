import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { HOTEL_TYPED_UPLOADS } from './hotel-uploads.js';
import { TYPED_UPLOAD_FIELDS, typedUploadMaxBytes, typedUploadPlacement } from '../files/typed-uploads.js';
import { StreamUploadInterceptor } from '../files/stream-upload.interceptor.js';
import { hotelSchema, type Hotel } from '../../shared/hotels/schema.js';
import { ACCESS, Role } from '../../shared/roles.js';
import { PayloadPipe } from '../common/aggregate/payload.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { HotelsService } from './hotels.service.js';

/** The hotel editor's API (spec 02 §7 "Hotels"): administrator and manager (spec 01 §6). */
@Controller('hotels')
@Roles(...ACCESS.administratorAndManager)
export class HotelsController {
  constructor(@Inject(HotelsService) private readonly hotels: HotelsService) {}

  /** GET /api/hotels?query=&page=&limit=&orderBy=id|name|address&ascending=&city_id= */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.hotels.list(query, viewer);
  }

  @Get('data')
  data(@Query() query: Record<string, unknown>) {
    return this.hotels.data(query);
  }

  /** GET /api/hotels/list?query=&city_id=&is_excursion=: the pickers of tours, applications and analytics (all three roles). */
  @Get('list')
  @Roles(...ACCESS.everyone)
  picker(@Query() query: Record<string, unknown>) {
    return this.hotels.picker(query);
  }

  @Get('infrastructures/list')
  infrastructures(@Query() query: Record<string, unknown>) {
    return this.hotels.infrastructures(query);
  }

  @Get(':id')
  show(@Param('id', IdPipe) id: number) {
    return this.hotels.show(id);
  }

  /** POST /api/hotels {payload}: create, and copy (a copy is a new hotel). */
  @Post()
  @HttpCode(201)
  create(@Body(new PayloadPipe(hotelSchema)) hotel: Hotel, @CurrentActor() actor: Actor) {
    return this.hotels.create(hotel, actor);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body(new PayloadPipe(hotelSchema)) hotel: Hotel, @CurrentActor() actor: Actor) {
    return this.hotels.update(id, hotel, actor);
  }

  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.hotels.remove(id, actor);
  }

  /**
   * POST /api/hotels/files (multipart: `type` first, then `file`, or `photo` with an `entity`) →
   * {name, path, url}. Types 1 description, 2 memo, 3 photo, 4 room photo, 6 video (up to 100 MB,
   * streamed into PostgreSQL in chunks, never held whole).
   */
  @Post('files')
  @UseInterceptors(StreamUploadInterceptor(TYPED_UPLOAD_FIELDS, typedUploadMaxBytes(HOTEL_TYPED_UPLOADS), typedUploadPlacement(HOTEL_TYPED_UPLOADS)))
  upload(@Req() request: Request, @Body() body: unknown) {
    return this.hotels.upload(request, body);
  }

  /** PUT /api/hotels/rooms/{id}/external-id/clean: administrator only (spec 02 §6). */
  @Put('rooms/:id/external-id/clean')
  @Roles(Role.Administrator)
  cleanExternalId(@Param('id', IdPipe) id: number) {
    return this.hotels.cleanExternalId(id);
  }
}
