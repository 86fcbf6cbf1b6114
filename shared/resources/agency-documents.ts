/**
 * Agency documents (spec 01 §2.7, §3 "Agency document", §5, §7 "Agency documents"): a file with a
 * description and a sort priority (1–10, higher first on the site, default 10). The file comes as
 * the multipart part `file`, checked by content with DOCUMENT_POLICY (shared/files.ts).
 */
import { z } from 'zod';
import type { UploadedFile } from '../files.js';
import { MESSAGES } from '../messages.js';
import { optionalFile, optionalText, requiredFile, requiredInteger } from '../validation.js';
import { defineResource } from './define.js';

export const AGENCY_DOCUMENT_LIMITS = {
  description: 400,
  sortMin: 1,
  sortMax: 10,
  sortDefault: 10,
} as const;

const sort = requiredInteger(AGENCY_DOCUMENT_LIMITS.sortMin, AGENCY_DOCUMENT_LIMITS.sortMax);

/** POST /agencies/files (multipart): description, sort (default 10) and the file. */
export const agencyDocumentCreateSchema = z.object({
  description: optionalText(AGENCY_DOCUMENT_LIMITS.description),
  // Absent or blank (an empty form field) is the default.
  sort: z.preprocess((value) => (value === '' || value === null ? undefined : value), sort.default(AGENCY_DOCUMENT_LIMITS.sortDefault)),
  file: requiredFile(),
});

/**
 * PUT /agencies/files/{id} (JSON, no file) or POST /agencies/files/{id} with `_method=PUT`
 * (multipart, a new file replaces the current one). A missing sort keeps the current one.
 */
export const agencyDocumentUpdateSchema = z.object({
  description: optionalText(AGENCY_DOCUMENT_LIMITS.description),
  sort: sort.optional(),
  file: optionalFile(),
});

export interface AgencyDocumentRow {
  id: number;
  /** The uploaded file's original name. */
  name: string;
  description: string | null;
  sort: number;
  /** name: the original name; path and url as GET /api/storage serves it. */
  file: UploadedFile;
  created_at: string;
  updated_at: string;
}

export const agencyDocumentsResource = defineResource({
  path: '/agencies/files',
  createSchema: agencyDocumentCreateSchema,
  updateSchema: agencyDocumentUpdateSchema,
  sortable: ['id', 'name', 'sort'],
  messages: { saved: MESSAGES.documents.saved, deleted: MESSAGES.documents.deleted },
});

/** Choices of the sort select: 10 (highest priority) down to 1. */
export const AGENCY_DOCUMENT_SORT_CHOICES: readonly number[] = Array.from(
  { length: AGENCY_DOCUMENT_LIMITS.sortMax - AGENCY_DOCUMENT_LIMITS.sortMin + 1 },
  (_, index) => AGENCY_DOCUMENT_LIMITS.sortMax - index,
);
