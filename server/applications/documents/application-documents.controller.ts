import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { APPLICATION_DOCUMENT_FIELD } from '../../../shared/applications/documents.js';
import { APPLICATION_DOCUMENT_POLICY } from '../../../shared/files.js';
import { ACCESS } from '../../../shared/roles.js';
import { CurrentActor, Roles, type Actor } from '../../common/auth/decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { UploadInterceptor, uploadedFile } from '../../files/upload.interceptor.js';
import { staffActor } from '../commands/actor.js';
import { ApplicationDocumentsService, UnderDocumentsListPath } from './application-documents.service.js';

const FIELDS = [APPLICATION_DOCUMENT_FIELD] as const;

/**
 * An application's uploaded documents (issue 28 "Documents"): the roles that edit applications (all
 * three, spec 03 §6). The generated ones are listed here too; their regeneration is its own route.
 */
@Controller('applications/:id/documents')
@Roles(...ACCESS.everyone)
export class ApplicationDocumentsController {
  constructor(@Inject(ApplicationDocumentsService) private readonly documents: ApplicationDocumentsService) {}

  /** GET /api/applications/{id}/documents → {data: ApplicationDocument[], need_generate_docs}: the tab's re-read without the whole record. */
  @Get()
  list(@Param('id', IdPipe) id: number) {
    return this.documents.list(id);
  }

  /** POST /api/applications/{id}/documents/save (multipart `document`: one PDF up to 20 MB) → 201 {data: ApplicationDocument}. */
  @Post('save')
  @HttpCode(201)
  @UseInterceptors(UnderDocumentsListPath, UploadInterceptor(FIELDS, APPLICATION_DOCUMENT_POLICY))
  save(@Param('id', IdPipe) id: number, @Req() request: Request, @CurrentActor() actor: Actor) {
    return this.documents.upload(id, uploadedFile(request, FIELDS).file, staffActor(actor));
  }

  /** DELETE /api/applications/{id}/documents/{documentId} → {message}: an uploaded document. */
  @Delete(':documentId')
  remove(@Param('id', IdPipe) id: number, @Param('documentId', IdPipe) documentId: number, @CurrentActor() actor: Actor) {
    return this.documents.remove(id, documentId, staffActor(actor));
  }
}
