import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { tourSchema, type Tour } from '../../shared/tours/schema.js';
import { PayloadPipe } from '../common/aggregate/payload.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { StreamUploadInterceptor } from '../files/stream-upload.interceptor.js';
import { TYPED_UPLOAD_FIELDS, typedUploadMaxBytes, typedUploadPlacement } from '../files/typed-uploads.js';
import { TOUR_TYPED_UPLOADS } from './tour-uploads.js';
import { ToursService } from './tours.service.js';

/**
 * Excursion tours (spec 03 §7 "Excursion tours"): administrator and manager (spec 03 §6); the
 * pickers' `/tours/list` is read by all three roles (applications and analytics name tours).
 */
@Controller('tours')
@Roles(...ACCESS.administratorAndManager)
export class ToursController {
  constructor(@Inject(ToursService) private readonly tours: ToursService) {}

  /** GET /api/tours?query=&page=&limit=&orderBy=id|name&ascending=&is_active=&checklist_is_incomplete= → {data, count}. */
  @Get()
  list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.tours.list(query, viewer);
  }

  @Get('data')
  data() {
    return this.tours.data();
  }

  /** GET /api/tours/list?query=&limit= → {data: [{id, name}]}. */
  @Get('list')
  @Roles(...ACCESS.everyone)
  picker(@Query() query: Record<string, unknown>) {
    return this.tours.picker(query);
  }

  /** POST /api/tours/files (multipart: `type` first, then `file`) → {name, path, url}. Types 1 photos, 3 Word files, 4 videos. */
  @Post('files')
  @UseInterceptors(StreamUploadInterceptor(TYPED_UPLOAD_FIELDS, typedUploadMaxBytes(TOUR_TYPED_UPLOADS), typedUploadPlacement(TOUR_TYPED_UPLOADS)))
  upload(@Req() request: Request, @Body() body: unknown) {
    return this.tours.upload(request, body);
  }

  @Get(':id')
  show(@Param('id', IdPipe) id: number) {
    return this.tours.show(id);
  }

  /** POST /api/tours {payload}: create, and copy (a copy is a new tour). */
  @Post()
  @HttpCode(201)
  create(@Body(new PayloadPipe(tourSchema)) tour: Tour, @CurrentActor() actor: Actor) {
    return this.tours.create(tour, actor);
  }

  /** PUT /api/tours/{id} {payload}: 409 with the current record when its `version` is stale. */
  @Put(':id')
  update(@Param('id', IdPipe) id: number, @Body(new PayloadPipe(tourSchema)) tour: Tour, @CurrentActor() actor: Actor) {
    return this.tours.update(id, tour, actor);
  }

  /** PUT /api/tours/{id}/active {is_active?, version?} → {status: 'CHANGED', is_active, name, version}. */
  @Put(':id/active')
  switchActive(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.tours.switchActive(id, body, actor);
  }

  /** DELETE /api/tours/{id}: 403 while an application or a catalogue slider names it. */
  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.tours.remove(id, actor);
  }

  /** GET /api/tours/{id}/checklist → {data: {exists, current, past}}. */
  @Get(':id/checklist')
  checklist(@Param('id', IdPipe) id: number) {
    return this.tours.checklist(id);
  }

  /** POST /api/tours/{id}/checklist: creates it from the tour's dates and items. */
  @Post(':id/checklist')
  @HttpCode(201)
  createChecklist(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.tours.createChecklist(id, actor);
  }

  /** PATCH /api/tours/{id}/checklist with the checklist as GET gives it, whole or in part; 409 naming the points a colleague changed. */
  @Patch(':id/checklist')
  patchChecklist(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.tours.patchChecklist(id, body, actor);
  }
}
