import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_POLICY } from '../../shared/files.js';
import { agencyDocumentsResource } from '../../shared/resources/agency-documents.js';
import type { Actor } from '../common/auth/decorators.js';
import { parseInput } from '../common/http/errors.js';
import { ResourceService } from '../common/resource/resource.service.js';
import { FilesService, type StoredUpload } from '../files/files.service.js';
import type { MultipartFile } from '../files/upload.interceptor.js';
import { agencyDocumentsServerResource, withUpload } from './agency-documents.resource.js';

/** Where document uploads are stored (`documents/agency/<uuid>.<ext>`). */
export const AGENCY_DOCUMENTS_AREA = 'documents/agency';

/**
 * The multipart saves of agency documents: the fields are checked first (with the file's presence,
 * one 422 map), then the file by its content (DOCUMENT_POLICY), then the row is saved by the generic
 * ResourceService. An upload whose save fails is removed again.
 */
@Injectable()
export class AgencyDocumentsService {
  constructor(
    @Inject(ResourceService) private readonly resources: ResourceService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {}

  async create(body: unknown, file: MultipartFile | undefined, actor: Actor) {
    const fields = { ...asObject(body), file };
    parseInput(agencyDocumentsResource.createSchema, fields);
    const upload = await this.store(file!, actor);
    return this.saving(upload, () => this.resources.create(withUpload(upload, actor.user.id), fields, actor));
  }

  async update(id: number, body: unknown, file: MultipartFile | undefined, actor: Actor) {
    const { _method: _override, ...rest } = asObject(body);
    if (!file) return this.resources.update(agencyDocumentsServerResource, id, { ...rest, file: undefined }, actor);
    const fields = { ...rest, file };
    parseInput(agencyDocumentsResource.updateSchema, fields);
    const upload = await this.store(file, actor);
    return this.saving(upload, () => this.resources.update(withUpload(upload, actor.user.id), id, fields, actor));
  }

  private store(file: MultipartFile, actor: Actor): Promise<StoredUpload> {
    return this.files.store(file.buffer, file.originalname, {
      policy: DOCUMENT_POLICY,
      area: AGENCY_DOCUMENTS_AREA,
      field: 'file',
      entity: 'agency_document',
      createdBy: actor.user.id,
    });
  }

  private async saving<T>(upload: StoredUpload, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      await this.files.remove(upload.path).catch(() => undefined);
      throw error;
    }
  }
}

const asObject = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {});
