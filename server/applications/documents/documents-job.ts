/**
 * The job that makes an application's generated documents (issue 28 "Generated documents"): for each
 * generated row still 'формируется' (path null) it renders the PDF, stores it through FilesService and
 * sets the row's path and `generated_at`; when none is missing any more it clears `need_generate_docs`.
 * Retried and logged by the job queue (server/jobs/job-queue.ts).
 *
 * The rows are written under the application's row lock (the lock a save holds), only when the
 * application still prints what the PDFs were made from: the documents print the application as it
 * is when the mark is cleared. A failed attempt keeps nothing (its stored files are removed); a
 * retry, or a second job after a finished one, fills only what is still pending — a made document
 * stays as it is.
 */
import { Inject, Injectable } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import { DataSource } from 'typeorm';
import { GENERATED_DOCUMENT_KINDS, generatedDocumentName, type GeneratedDocumentKind } from '../../../shared/applications/generated-documents.js';
import { APPLICATION_DOCUMENT_POLICY } from '../../../shared/files.js';
import { FilesService } from '../../files/files.service.js';
import { defineJob, JobQueue } from '../../jobs/job-queue.js';
import type { ApplicationActor } from '../commands/actor.js';
import { appendHistory } from '../commands/history.js';
import { readOrganization } from '../../organization/organization.service.js';
import { APPLICATION_DOCUMENTS_AREA } from './application-documents.service.js';
import { readDocumentData } from './document-data.js';
import { generateDocument } from './generate-pdf.js';

/** One waiting job per application (its id is the singleton key): two clicks queue one. */
export const APPLICATION_DOCUMENTS = defineJob<{ applicationId: number }>('application-documents', { policy: 'short' });

/** What the job stores is checked as an uploaded document is (a PDF by content); a generated one is a few dozen KB. */
const GENERATED_PDF_POLICY = APPLICATION_DOCUMENT_POLICY;

/** The history names the job as the system (it runs for whoever asked). */
const SYSTEM: ApplicationActor = { kind: 'system', userId: null };

type PendingRow = { id: number; kind: GeneratedDocumentKind };

const PENDING_SQL = `SELECT id, kind FROM application_documents WHERE application_id = $1 AND kind IS NOT NULL AND path IS NULL ORDER BY id`;

/** Attempts within one run when a save changes the application while its PDFs are being made. */
const RENDER_ATTEMPTS = 3;

/**
 * Makes the application's pending generated documents; answers the kinds it made. The PDFs are made
 * and stored outside a transaction (the store has its own; a transaction holds one connection), then
 * written in one transaction under the application's row lock — only if the application still prints
 * as they were made from (else made again), and only into rows still pending.
 */
export async function generatePendingDocuments(db: DataSource, files: FilesService, applicationId: number, now = new Date()): Promise<GeneratedDocumentKind[]> {
  for (let attempt = 1; ; attempt++) {
    const pending = await db.query<PendingRow[]>(PENDING_SQL, [applicationId]);
    const data = pending.length > 0 ? await readDocumentData(db.manager, applicationId) : null;
    // Nothing pending, or the application deleted meanwhile (its documents went with it).
    if (!data) return [];
    const organization = await readOrganization(db.manager);
    const made = new Map<number, { kind: GeneratedDocumentKind; name: string; path: string }>();
    try {
      for (const row of pending) {
        const name = generatedDocumentName(row.kind, data.number);
        const pdf = await generateDocument(row.kind, data, organization, now);
        const file = await files.store(pdf, name, { policy: GENERATED_PDF_POLICY, area: APPLICATION_DOCUMENTS_AREA, entity: 'application', type: row.kind });
        made.set(row.id, { kind: row.kind, name, path: file.path });
      }
      const written = await db.transaction(async (manager) => {
        const [application] = await manager.query<unknown[]>(`SELECT 1 FROM applications WHERE id = $1 FOR NO KEY UPDATE`, [applicationId]);
        if (!application) return [];
        // A save changed what the documents print while they were made: make them again.
        if (!isDeepStrictEqual(await readDocumentData(manager, applicationId), data)) return null;
        const still = new Set((await manager.query<PendingRow[]>(`${PENDING_SQL} FOR UPDATE`, [applicationId])).map((row) => row.id));
        const kinds: GeneratedDocumentKind[] = [];
        for (const [id, document] of made) {
          // Filled by another run meanwhile: that one stays.
          if (!still.has(id)) continue;
          await manager.query(`UPDATE application_documents SET path = $2, name = $3, generated_at = now() WHERE id = $1`, [id, document.path, document.name]);
          await appendHistory(manager, applicationId, SYSTEM, [{ path: `documents.${id}`, before: null, after: document.name }]);
          kinds.push(document.kind);
          made.delete(id);
        }
        // Every kind made, from the application as it now is: the mark is cleared (a save that changes
        // the documents sets it again after this lock). A run that made nothing leaves it: the documents
        // it would vouch for were made before, maybe from an older application.
        if (kinds.length > 0) {
          await manager.query(
            `UPDATE applications SET need_generate_docs = false
              WHERE id = $1 AND need_generate_docs AND (SELECT count(*) FROM application_documents WHERE application_id = $1 AND kind IS NOT NULL AND path IS NOT NULL) = $2`,
            [applicationId, GENERATED_DOCUMENT_KINDS.length],
          );
        }
        return kinds;
      });
      if (written !== null || attempt >= RENDER_ATTEMPTS) {
        if (written === null) throw new Error(`The documents of application ${applicationId} kept changing while they were made`);
        return written;
      }
    } finally {
      // The files no row took (a failed attempt, a row filled by another run, a changed application) belong to nobody.
      for (const { path } of made.values()) await files.remove(path).catch(() => undefined);
    }
  }
}

@Injectable()
export class ApplicationDocumentsJob {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(JobQueue) jobs: JobQueue,
  ) {
    jobs.register(APPLICATION_DOCUMENTS, async ({ applicationId }) => {
      await generatePendingDocuments(this.db, this.files, applicationId);
    });
  }
}
