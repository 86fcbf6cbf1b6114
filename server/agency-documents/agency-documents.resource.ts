import type { EntityManager } from 'typeorm';
import { storageUrl } from '../../shared/files.js';
import { agencyDocumentsResource, type AgencyDocumentRow } from '../../shared/resources/agency-documents.js';
import { ACCESS } from '../../shared/roles.js';
import { PG, pgErrorOf } from '../common/http/errors.js';
import { ALIAS, defineServerResource, type ServerResource } from '../common/resource/server-resource.js';
import { AgencyDocumentEntity } from './agency-document.entity.js';

export const documentRow = (document: AgencyDocumentEntity): AgencyDocumentRow => ({
  id: document.id,
  name: document.name,
  description: document.description,
  sort: document.sort,
  file: { name: document.name, path: document.file_path, url: storageUrl(document.file_path) },
  created_at: document.created_at.toISOString(),
  updated_at: document.updated_at.toISOString(),
});

/**
 * Agency documents: administrator and manager (spec 01 §6). This declaration serves GET list/show,
 * the JSON PUT (description and sort; the file stays) and DELETE (which also drops the upload);
 * the multipart POSTs are AgencyDocumentsController's, which save through `withUpload` below.
 */
export const agencyDocumentsServerResource = defineServerResource({
  definition: agencyDocumentsResource,
  entity: AgencyDocumentEntity,
  roles: ACCESS.administratorAndManager,
  // Must stay the expression of ix_agency_documents_search (migrations/1763971200000-AgencyDocuments.ts).
  searchExpression: `${ALIAS}.name || ' ' || coalesce(${ALIAS}.description, '')`,
  toRow: documentRow,
  // The file is never taken from a body: only an upload stored by the multipart routes sets it.
  toEntity: ({ description, sort }): Partial<AgencyDocumentEntity> => (sort === undefined ? { description } : { description, sort }),
  afterDelete: (document, { manager }) => dropUpload(manager, document.file_path),
});

/**
 * The declaration for one multipart save: as above, plus the upload just stored (its path and
 * original name). On update the upload it replaces is dropped in the same transaction.
 */
export function withUpload(upload: { path: string; original_name: string }, createdBy: number): ServerResource {
  let replaced: string | null = null;
  return defineServerResource({
    ...agencyDocumentsServerResource,
    toEntity: async (input, context) => {
      if (context.id !== undefined) {
        // The row is already locked by the update.
        const [current]: { file_path: string }[] = await context.manager.query('SELECT file_path FROM agency_documents WHERE id = $1', [context.id]);
        replaced = current?.file_path ?? null;
      }
      const values = await agencyDocumentsServerResource.toEntity!(input, context);
      return { ...values, name: upload.original_name, file_path: upload.path, ...(context.id === undefined ? { created_by: createdBy } : {}) };
    },
    afterSave: async (_document, _values, { manager }) => {
      if (replaced && replaced !== upload.path) await dropUpload(manager, replaced);
    },
  }) as unknown as ServerResource;
}

/**
 * Removes an upload inside the caller's transaction when nothing else references it (a foreign key
 * to `files` refuses: the upload stays), and its content when no other upload has the same bytes.
 * Savepoints keep a refusal from aborting the caller's transaction.
 */
export async function dropUpload(manager: EntityManager, path: string): Promise<void> {
  // A reference that would not refuse (ON DELETE SET NULL, e.g. a city's catalog image) still keeps it.
  if (await referencedElsewhere(manager, path)) return;
  const sha256 = await underSavepoint(manager, 'drop_upload', async () => {
    const rows: { sha256: string }[] = await manager.query('WITH gone AS (DELETE FROM files WHERE path = $1 RETURNING sha256) SELECT sha256 FROM gone', [path]);
    return rows[0]?.sha256 ?? null;
  });
  if (!sha256) return;
  // A concurrent store of the same bytes keeps the content (its files row refuses the delete).
  await underSavepoint(manager, 'drop_content', () =>
    manager.query('DELETE FROM stored_files s WHERE s.sha256 = $1 AND NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = $1)', [sha256]),
  );
}

interface FileReference {
  table: string;
  column: string;
  /** The referenced column of `files`: `path` or `id`. */
  target: string;
}

/** Foreign keys pointing at `files`, read once from pg_constraint (the schema changes only by migration). */
let fileReferences: Promise<FileReference[]> | null = null;

async function referencedElsewhere(manager: EntityManager, path: string): Promise<boolean> {
  fileReferences ??= manager.query(
    `SELECT c.conrelid::regclass::text AS table, a.attname AS column, fa.attname AS target
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'files'::regclass AND array_length(c.conkey, 1) = 1`,
  ) as Promise<FileReference[]>;
  let references: FileReference[];
  try {
    references = await fileReferences;
  } catch (error) {
    fileReferences = null;
    throw error;
  }
  const quote = (name: string) => name.split('.').map((part) => `"${part.replace(/"/g, '""')}"`).join('.');
  const checks = references.map(({ table, column, target }) => `EXISTS (SELECT 1 FROM ${quote(table)} WHERE ${quote(column)} = f.${quote(target)})`);
  if (checks.length === 0) return false;
  const [row]: { used: boolean }[] = await manager.query(`SELECT (${checks.join(' OR ')}) AS used FROM files f WHERE f.path = $1`, [path]);
  return row?.used ?? false;
}

async function underSavepoint<T>(manager: EntityManager, name: string, work: () => Promise<T>): Promise<T | null> {
  await manager.query(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await manager.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    if (pgErrorOf(error).code !== PG.foreignKeyViolation) throw error;
    await manager.query(`ROLLBACK TO SAVEPOINT ${name}`);
    return null;
  }
}
