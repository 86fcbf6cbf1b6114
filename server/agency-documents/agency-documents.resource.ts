import { storageUrl } from '../../shared/files.js';
import { agencyDocumentsResource, type AgencyDocumentRow } from '../../shared/resources/agency-documents.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, defineServerResource, type AnyServerResource } from '../common/resource/server-resource.js';
import { removeUnreferencedUpload } from '../files/files.service.js';
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
  afterDelete: (document, { manager }) => removeUnreferencedUpload(manager, document.file_path),
});

/**
 * The declaration for one multipart save: as above, plus the upload just stored (its path and
 * original name). On update the upload it replaces is dropped in the same transaction.
 */
export function withUpload(upload: { path: string; original_name: string }, createdBy: number): AnyServerResource {
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
      if (replaced && replaced !== upload.path) await removeUnreferencedUpload(manager, replaced);
    },
  });
}
