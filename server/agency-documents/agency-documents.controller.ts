import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { DOCUMENT_POLICY } from '../../shared/files.js';
import { ACCESS } from '../../shared/roles.js';
import { CurrentActor, Roles, type Actor } from '../common/auth/decorators.js';
import { methodNotAllowed } from '../common/http/errors.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { UploadInterceptor, uploadedFile } from '../files/upload.interceptor.js';
import { AgencyDocumentsService } from './agency-documents.service.js';

const FILE_FIELDS = ['file'] as const;

/**
 * The multipart routes of agency documents (spec 01 §7): registered before the generic resource
 * controller, which serves GET list/show, the JSON PUT and DELETE of the same path.
 */
@Controller('agencies/files')
@Roles(...ACCESS.administratorAndManager)
export class AgencyDocumentsController {
  constructor(@Inject(AgencyDocumentsService) private readonly documents: AgencyDocumentsService) {}

  /** POST /api/agencies/files (multipart: description, sort, file) → 201 {data}. */
  @Post()
  @HttpCode(201)
  @UseInterceptors(UploadInterceptor(FILE_FIELDS, DOCUMENT_POLICY))
  create(@Req() request: Request, @Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.documents.create(body, uploadedFile(request, FILE_FIELDS).file, actor);
  }

  /**
   * POST /api/agencies/files/{id} with `_method=PUT` (Laravel's method override, in the form or the
   * X-HTTP-Method-Override header) → 200 {data}: a new file replaces the current one; without a file
   * (multipart or JSON) only description and sort change.
   */
  @Post(':id')
  @HttpCode(200)
  @UseInterceptors(UploadInterceptor(FILE_FIELDS, DOCUMENT_POLICY))
  update(
    @Param('id', IdPipe) id: number,
    @Req() request: Request,
    @Body() body: unknown,
    @Headers('x-http-method-override') header: string | undefined,
    @CurrentActor() actor: Actor,
  ) {
    const override = (body as { _method?: unknown } | undefined)?._method ?? header;
    if (typeof override !== 'string' || !['PUT', 'PATCH'].includes(override.trim().toUpperCase())) throw methodNotAllowed();
    return this.documents.update(id, body, uploadedFile(request, FILE_FIELDS).file, actor);
  }
}
