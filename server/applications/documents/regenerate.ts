/**
 * GET /api/applications/{id}/documents/regenerate (issue 28, spec 03 §5, §8): under the application's
 * row lock, the generated documents that are missing — a kind with no row, a row still pending, or
 * every made one when `need_generate_docs` says they are stale — become pending rows ('формируется',
 * path null) and one job is queued to make them. Two clicks queue one job (the row lock orders them,
 * the unique index keeps one row per kind, the job's singleton key one waiting job). A cancelled
 * application's documents are not made (422 on `documents`, as its uploads are refused).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GENERATED_DOCUMENT_KINDS, generatedDocumentName } from '../../../shared/applications/generated-documents.js';
import { MESSAGES } from '../../../shared/messages.js';
import { ValidationFailed } from '../../common/http/errors.js';
import { removeUnreferencedUploads } from '../../files/files.service.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { actorUserId, type ApplicationActor } from '../commands/actor.js';
import { appendHistory } from '../commands/history.js';
import { lockForDocuments } from './application-documents.service.js';
import { APPLICATION_DOCUMENTS } from './documents-job.js';

const D = MESSAGES.generatedDocuments;

@Injectable()
export class RegenerateDocuments {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  async regenerate(applicationId: number, actor: ApplicationActor): Promise<{ message: string }> {
    const userId = actorUserId(actor);
    const queued = await this.db.transaction(async (manager) => {
      const application = await lockForDocuments(manager, applicationId, (message) => new ValidationFailed({ documents: [message] }));
      const rows = await manager.query<{ id: number; kind: string; name: string; path: string | null }[]>(
        `SELECT id, kind, name, path FROM application_documents WHERE application_id = $1 AND kind IS NOT NULL FOR UPDATE`,
        [applicationId],
      );
      const absent = GENERATED_DOCUMENT_KINDS.filter((kind) => !rows.some((row) => row.kind === kind));
      const stale = application.need_generate_docs ? rows.filter((row) => row.path !== null) : [];
      if (absent.length === 0 && stale.length === 0 && rows.every((row) => row.path !== null)) return false;
      if (stale.length > 0) {
        await manager.query(`UPDATE application_documents SET path = NULL, generated_at = NULL WHERE id = ANY($1::int[])`, [stale.map((row) => row.id)]);
        // The stale PDFs are no one's any more (the job makes new ones).
        await removeUnreferencedUploads(manager, stale.map((row) => row.path!));
        // The history says they went; the job's rows say when they are made again.
        await appendHistory(manager, applicationId, actor, stale.map((row) => ({ path: `documents.${row.id}`, before: row.name, after: null })));
      }
      for (const kind of absent) {
        await manager.query(`INSERT INTO application_documents (application_id, kind, name, created_by) VALUES ($1, $2, $3, $4)`, [
          applicationId,
          kind,
          generatedDocumentName(kind, application.number),
          userId,
        ]);
      }
      return true;
    });
    if (!queued) return { message: D.complete };
    // After the commit, so the job sees the pending rows; a failed send leaves them pending, and the next click queues again.
    await this.jobs.send(APPLICATION_DOCUMENTS, { applicationId }, { singletonKey: String(applicationId) });
    return { message: D.queued };
  }
}
