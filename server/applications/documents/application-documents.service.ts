/**
 * An application's uploaded documents (issue 28 "Documents"): uploaded PDFs added and removed by
 * their own routes, outside the application's save — the application's version is not raised, and a
 * save never adds or removes a document (so an editor open since before a document came cannot drop
 * it). Each change takes the application's row lock (as the save does), so the limit of uploads holds
 * against parallel requests, and is recorded in the application's history in the same transaction.
 * The generated voucher and contract share the table (`kind`); they are made by the documents job.
 */
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { DataSource, type EntityManager } from 'typeorm';
import { APPLICATION_LIMITS, ApplicationStatus } from '../../../shared/applications/constants.js';
import { APPLICATION_DOCUMENT_FIELD, type ApplicationDocument, type ApplicationDocumentsState, type GeneratedDocumentKind } from '../../../shared/applications/documents.js';
import { APPLICATION_DOCUMENT_POLICY, storageUrl } from '../../../shared/files.js';
import { MESSAGES } from '../../../shared/messages.js';
import { forbidden, notFound, ValidationFailed } from '../../common/http/errors.js';
import { FilesService, removeUnreferencedUpload } from '../../files/files.service.js';
import type { MultipartFile } from '../../files/upload.interceptor.js';
import { actorUserId, type ApplicationActor } from '../commands/actor.js';
import { appendHistory } from '../commands/history.js';

const A = MESSAGES.applications;

/** Where uploaded documents are stored (`documents/application/<uuid>.pdf`). */
/** Where an application's documents are stored, uploaded and generated (`documents/application/<uuid>.pdf`). */
export const APPLICATION_DOCUMENTS_AREA = 'documents/application';

/** A 422 on the upload's multipart field (one file per request: the field, not an index, names it). */
const refused = (message: string) => new ValidationFailed({ [APPLICATION_DOCUMENT_FIELD]: [message] });

/**
 * A refused upload — by the upload's reading (its size) or by the service — answers its reason under
 * the request's field `document` and under the list's path `documents.N` (spec 03 §8's error paths),
 * N the place the upload would have taken among the application's uploads.
 */
@Injectable()
export class UnderDocumentsListPath implements NestInterceptor {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const applicationId = Number(context.switchToHttp().getRequest<{ params: { id?: string } }>().params.id);
    return next.handle().pipe(catchError((error: unknown) => from(this.withListPath(error, applicationId)).pipe(mergeMap((refusal) => throwError(() => refusal)))));
  }

  private async withListPath(error: unknown, applicationId: number): Promise<unknown> {
    const messages = error instanceof ValidationFailed ? error.errors[APPLICATION_DOCUMENT_FIELD] : undefined;
    if (!messages || !Number.isSafeInteger(applicationId)) return error;
    const [uploads] = await this.db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM application_documents WHERE application_id = $1 AND kind IS NULL`, [applicationId]);
    return new ValidationFailed({ ...(error as ValidationFailed).errors, [`documents.${uploads!.count}`]: messages });
  }
}

/**
 * The application's documents as GET lists them: the generated ones first (voucher, contract), then
 * the uploaded ones by id. A pending one (generated, no file yet) has neither path nor url.
 */
export async function readApplicationDocuments(manager: EntityManager, applicationId: number): Promise<ApplicationDocument[]> {
  const rows = await manager.query<{ id: number; kind: GeneratedDocumentKind | null; name: string; path: string | null }[]>(
    `SELECT id, kind, name, path FROM application_documents WHERE application_id = $1
      ORDER BY kind IS NULL, CASE kind WHEN 'voucher' THEN 0 WHEN 'contract' THEN 1 END, id`,
    [applicationId],
  );
  return rows.map(({ id, kind, name, path }) => ({
    id,
    name,
    path,
    url: path === null ? null : storageUrl(path),
    generated: kind !== null,
    pending: kind !== null && path === null,
    kind,
  }));
}

/** The documents and the generation mark (GET /applications/{id}/documents, and the record's GET); null when there is no such application. */
export async function readDocumentsState(manager: EntityManager, applicationId: number): Promise<ApplicationDocumentsState | null> {
  const [row] = await manager.query<{ need_generate_docs: boolean }[]>(`SELECT need_generate_docs FROM applications WHERE id = $1`, [applicationId]);
  if (!row) return null;
  return { data: await readApplicationDocuments(manager, applicationId), need_generate_docs: row.need_generate_docs };
}

@Injectable()
export class ApplicationDocumentsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(FilesService) private readonly files: FilesService,
  ) {}

  /** GET /applications/{id}/documents. */
  async list(applicationId: number): Promise<ApplicationDocumentsState> {
    const state = await readDocumentsState(this.db.manager, applicationId);
    if (!state) throw notFound();
    return state;
  }

  /**
   * POST /applications/{id}/documents/save: the file checked by its content (PDF, 20 MB) and stored,
   * then under the application's row lock: it exists (404), is not cancelled (422: a cancelled
   * application takes only its money, like a save), has fewer than the limit of uploads (422; the
   * generated ones do not count) — the row and its history line in one transaction. A refused
   * upload's file is removed again.
   */
  async upload(applicationId: number, file: MultipartFile | undefined, actor: ApplicationActor): Promise<{ data: ApplicationDocument }> {
    if (!file) throw refused(MESSAGES.files.required);
    const stored = await this.files.store(file.buffer, file.originalname, {
      policy: APPLICATION_DOCUMENT_POLICY,
      area: APPLICATION_DOCUMENTS_AREA,
      field: APPLICATION_DOCUMENT_FIELD,
      entity: 'application_document',
      createdBy: actorUserId(actor),
    });
    try {
      return await this.db.transaction(async (manager) => {
        const application = await lockApplication(manager, applicationId);
        if (application.uploaded >= APPLICATION_LIMITS.documents) throw refused(A.documentsLimit(APPLICATION_LIMITS.documents));
        const [row] = await manager.query<{ id: number }[]>(
          `INSERT INTO application_documents (application_id, kind, name, path, created_by) VALUES ($1, NULL, $2, $3, $4) RETURNING id`,
          [applicationId, stored.original_name, stored.path, actorUserId(actor)],
        );
        const id = row!.id;
        await appendHistory(manager, applicationId, actor, [{ path: `documents.${id}`, before: null, after: stored.original_name }]);
        return { data: { id, name: stored.original_name, path: stored.path, url: stored.url, generated: false, pending: false, kind: null } };
      });
    } catch (error) {
      await this.files.remove(stored.path).catch(() => undefined);
      throw error;
    }
  }

  /**
   * DELETE /applications/{id}/documents/{documentId}: an uploaded document of this application (404
   * for another's; 403 for a generated one, which the server keeps and remakes), with its file when
   * nothing else references it, and its history line — under the application's row lock.
   */
  async remove(applicationId: number, documentId: number, actor: ApplicationActor): Promise<{ message: string }> {
    return this.db.transaction(async (manager) => {
      await lockApplication(manager, applicationId);
      // A CTE: TypeORM answers a bare DELETE … RETURNING with [rows, count], not the rows.
      const [document] = await manager.query<{ name: string; path: string | null }[]>(
        `WITH gone AS (DELETE FROM application_documents WHERE id = $1 AND application_id = $2 AND kind IS NULL RETURNING name, path) SELECT name, path FROM gone`,
        [documentId, applicationId],
      );
      if (!document) {
        const [generated] = await manager.query<{ id: number }[]>(`SELECT id FROM application_documents WHERE id = $1 AND application_id = $2`, [documentId, applicationId]);
        throw generated ? forbidden(A.documentGeneratedKept) : notFound();
      }
      if (document.path) await removeUnreferencedUpload(manager, document.path);
      await appendHistory(manager, applicationId, actor, [{ path: `documents.${documentId}`, before: document.name, after: null }]);
      return { message: A.documentDeleted };
    });
  }
}

/**
 * The application's row locked for a change of its documents, for the rest of the transaction (FOR
 * NO KEY UPDATE, as the save's commands take it): 404 when there is none; a cancelled application
 * takes no document changes (its save takes only money), refused with the caller's 422.
 */
export async function lockForDocuments(manager: EntityManager, id: number, cancelled: (message: string) => Error): Promise<{ number: string; need_generate_docs: boolean }> {
  const [row] = await manager.query<{ status: number; number: string; need_generate_docs: boolean }[]>(
    `SELECT status, number, need_generate_docs FROM applications WHERE id = $1 FOR NO KEY UPDATE`,
    [id],
  );
  if (!row) throw notFound();
  if (row.status === ApplicationStatus.Cancelled) throw cancelled(A.cancelledLocked);
  return row;
}

/** lockForDocuments, with the application's count of uploads (the generated ones aside). */
async function lockApplication(manager: EntityManager, id: number): Promise<{ uploaded: number }> {
  await lockForDocuments(manager, id, refused);
  const [count] = await manager.query<{ uploaded: number }[]>(`SELECT count(*)::int AS uploaded FROM application_documents WHERE application_id = $1 AND kind IS NULL`, [id]);
  return { uploaded: count!.uploaded };
}
