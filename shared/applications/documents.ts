/**
 * An application's documents (issue 28 "Documents", spec 03 §3 "Document"): the PDFs the office
 * uploads and the voucher and contract the server generates. They live outside the application's
 * save: their own routes add and remove them, and the application's version is not raised.
 */

import { ACCESS, type Role } from '../roles.js';

/** Who asks for the missing generated documents (GET …/documents/regenerate): the administrator and the manager. */
export const REGENERATE_DOCUMENTS_ROLES: readonly Role[] = ACCESS.administratorAndManager;

/** How often the Documents tab re-reads while a generated document is being made, ms. */
export const PENDING_DOCUMENTS_POLL_MS = 3000;
/** How long it keeps re-reading before it says the documents take longer than usual, ms. */
export const PENDING_DOCUMENTS_POLL_LIMIT_MS = 2 * 60 * 1000;

/** A generated document's kind (`application_documents.kind`); an uploaded one has none. */
export const GENERATED_DOCUMENT_KINDS = ['voucher', 'contract'] as const;
export type GeneratedDocumentKind = (typeof GENERATED_DOCUMENT_KINDS)[number];

/** How the Documents tab marks a generated document. */
export const GENERATED_DOCUMENT_LABELS: Readonly<Record<GeneratedDocumentKind, string>> = { voucher: 'Ваучер', contract: 'Договор' };

/** A document as GET /api/applications/{id} lists it: generated first (voucher, contract), then the uploaded ones by id. */
export interface ApplicationDocument {
  id: number;
  name: string;
  /** The stored file (files.path); null while a generated one is being made. */
  path: string | null;
  /** Where the file is served (shared/files.ts storageUrl); null while pending. */
  url: string | null;
  /** Made by the server (a voucher or a contract), not uploaded: not deletable, not counted toward the limit. */
  generated: boolean;
  /** Generated and not made yet ('формируется'). */
  pending: boolean;
  /** 'voucher' | 'contract' for a generated one, null for an upload (the tab's tag). */
  kind: GeneratedDocumentKind | null;
}

/** GET /api/applications/{id}/documents: what the Documents tab re-reads without reloading the form. */
export interface ApplicationDocumentsState {
  data: ApplicationDocument[];
  need_generate_docs: boolean;
}

/** The multipart field of an upload. */
export const APPLICATION_DOCUMENT_FIELD = 'document';

export const APPLICATION_DOCUMENT_PATHS = {
  /** GET → ApplicationDocumentsState. */
  list: (id: number) => `/applications/${id}/documents`,
  /** POST multipart `document` (one PDF) → 201 {data: ApplicationDocument}. */
  save: (id: number) => `/applications/${id}/documents/save`,
  /** DELETE → {message}: an uploaded document (a generated one is 403). */
  document: (id: number, documentId: number) => `/applications/${id}/documents/${documentId}`,
  /** GET (changes state) → {message}: queues the missing generated documents (administrator and manager). */
  regenerate: (id: number) => `/applications/${id}/documents/regenerate`,
} as const;
