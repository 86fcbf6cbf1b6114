/**
 * When an application's generated documents are to be made (again): `need_generate_docs`, set in the
 * command's transaction under the application's row lock (issue 28) — when the application is in
 * status 3, 5 or 6 without both its documents made, or when what the documents print (./document-data.ts)
 * changes after they were made. The mark is outside the version (the version trigger ignores the column).
 */
import { isDeepStrictEqual } from 'node:util';
import type { EntityManager } from 'typeorm';
import { DOCUMENTS_NEEDED_STATUSES, GENERATED_DOCUMENT_KINDS } from '../../../shared/applications/generated-documents.js';
import { readDocumentData, type DocumentData } from './document-data.js';

/** Before a command's write: what the made documents print, or null when none is made (nothing to go stale). */
export async function printedBefore(manager: EntityManager, id: number): Promise<DocumentData | null> {
  const [made] = await manager.query<unknown[]>(`SELECT 1 FROM application_documents WHERE application_id = $1 AND kind IS NOT NULL AND path IS NOT NULL LIMIT 1`, [id]);
  return made ? readDocumentData(manager, id) : null;
}

/** After the write: sets the mark when the status asks for documents not made, or the printed facts changed. */
export async function markDocumentsIfNeeded(manager: EntityManager, id: number, before: DocumentData | null): Promise<void> {
  const [row] = await manager.query<{ status: number; need_generate_docs: boolean; made: number }[]>(
    `SELECT a.status, a.need_generate_docs,
            (SELECT count(*)::int FROM application_documents d WHERE d.application_id = a.id AND d.kind IS NOT NULL AND d.path IS NOT NULL) AS made
       FROM applications a WHERE a.id = $1`,
    [id],
  );
  if (!row || row.need_generate_docs) return;
  const missing = DOCUMENTS_NEEDED_STATUSES.includes(row.status) && row.made < GENERATED_DOCUMENT_KINDS.length;
  if (missing || (before !== null && !isDeepStrictEqual(before, await readDocumentData(manager, id)))) {
    await manager.query(`UPDATE applications SET need_generate_docs = true WHERE id = $1`, [id]);
  }
}
