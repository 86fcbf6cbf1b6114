import { Body, Get, HttpCode, Param, Patch, Post, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { tourSchema } from '../../shared/tours/schema.js';
import { AggregateController } from '../common/aggregate/aggregate.controller.js';
import { CurrentActor, type Actor } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { StreamUploadInterceptor } from '../files/stream-upload.interceptor.js';
import { TYPED_UPLOAD_FIELDS, typedUploadMaxBytes, typedUploadPlacement } from '../files/typed-uploads.js';
import { TOUR_TYPED_UPLOADS } from './tour-uploads.js';
import { ToursService } from './tours.service.js';

/**
 * Excursion tours (spec 03 §7 "Excursion tours"): administrator and manager (spec 03 §6); the
 * pickers' `/tours/list` is read by all three roles (applications and analytics name tours). The
 * list filters `is_active` and `checklist_is_incomplete`; DELETE is a 403 while an application or a
 * catalogue slider names the tour. Beside the standard routes: uploads and the checklist.
 */
export class ToursController extends AggregateController({
  path: 'tours',
  service: ToursService,
  schema: tourSchema,
  body: 'payload',
  roles: { default: ACCESS.administratorAndManager, picker: ACCESS.everyone },
  activeSwitch: true,
}) {
  /** POST /api/tours/files (multipart: `type` first, then `file`) → {name, path, url}. Types 1 photos, 3 Word files, 4 videos. */
  @Post('files')
  @UseInterceptors(StreamUploadInterceptor(TYPED_UPLOAD_FIELDS, typedUploadMaxBytes(TOUR_TYPED_UPLOADS), typedUploadPlacement(TOUR_TYPED_UPLOADS)))
  upload(@Req() request: Request, @Body() body: unknown) {
    return this.service.upload(request, body);
  }

  /** GET /api/tours/{id}/checklist → {data: {exists, current, past}}. */
  @Get(':id/checklist')
  checklist(@Param('id', IdPipe) id: number) {
    return this.service.checklist(id);
  }

  /** POST /api/tours/{id}/checklist: creates it from the tour's dates and items. */
  @Post(':id/checklist')
  @HttpCode(201)
  createChecklist(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.service.createChecklist(id, actor);
  }

  /** PATCH /api/tours/{id}/checklist with the checklist as GET gives it, whole or in part; 409 naming the points a colleague changed. */
  @Patch(':id/checklist')
  patchChecklist(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.service.patchChecklist(id, body, actor);
  }
}
