/** Imports from supplier services (spec 01 §2.14, §3 "Import", §4, §5 "Import", §7 "Imports"; issue 31). */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { activeFlag, id, requiredText } from '../validation.js';
import { defineResource } from './define.js';

/** Spec 01 §5 (search 128) and issue 31 (500 items an import); the rest hold the protocol's ids and names (docs/supplier-protocol-v1.md). */
export const IMPORT_LIMITS = {
  search: 128,
  items: 500,
  type: 64,
  itemId: 64,
  itemName: 255,
  /** The log lines an import keeps (the newest). */
  logLines: 1000,
} as const;

/** Issue 31: an import's status (spec 01 §4: the set is not shown on screen). */
export const IMPORT_STATUSES = {
  1: 'Ожидает',
  2: 'Выполняется',
  3: 'Завершён',
  4: 'Завершён с ошибками',
  5: 'Ошибка',
} as const;
export type ImportStatus = keyof typeof IMPORT_STATUSES;
export const ImportStatus = { Waiting: 1, Running: 2, Done: 3, DoneWithErrors: 4, Failed: 5 } as const satisfies Record<string, ImportStatus>;

/** The status of one log line. */
export const IMPORT_LOG_STATUSES = {
  info: 'Информация',
  success: 'Успешно',
  skipped: 'Пропущено',
  error: 'Ошибка',
} as const;
export type ImportLogStatus = keyof typeof IMPORT_LOG_STATUSES;

/** An item of a supplier as a search answers it and an import keeps it. */
const itemSchema = z.object({
  id: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredText(IMPORT_LIMITS.itemId)),
  name: requiredText(IMPORT_LIMITS.itemName),
});

/** POST and PUT /api/imports. Whether the vendor is connected and offers the type is the server's check. */
export const importSchema = z.object({
  vendor_id: id(),
  type: requiredText(IMPORT_LIMITS.type),
  items: z
    .array(itemSchema, { error: MESSAGES.validation.required })
    .min(1, MESSAGES.validation.required)
    .max(IMPORT_LIMITS.items, MESSAGES.validation.maxItems(IMPORT_LIMITS.items))
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: MESSAGES.imports.duplicateItem });
        seen.add(item.id);
      });
    }),
  is_active: activeFlag(),
});
export type ImportInput = z.input<typeof importSchema>;

/** POST /api/external-services/{vendor_id}/search: the form sends it only for a non-empty text (after a 500 ms pause). */
export const importSearchSchema = z.object({
  type: requiredText(IMPORT_LIMITS.type),
  query: requiredText(IMPORT_LIMITS.search),
});

export interface ImportItem {
  id: string;
  name: string;
}

export interface ImportRow {
  id: number;
  vendor_id: number;
  vendor: { id: number; name: string };
  type: string;
  type_name: string;
  items: ImportItem[];
  items_count: number;
  is_active: boolean;
  status: ImportStatus;
  status_name: string;
  /** 0–100 */
  progress: number;
  /** The last log line's time, or null. */
  last_log: { created_at: string } | null;
  version: number;
}

export interface ImportLogRow {
  id: number;
  created_at: string;
  message: string;
  status: ImportLogStatus;
  status_name: string;
}

/** GET /api/imports/data: the connected vendors with the types the last «Обновить данные поставщиков» cached. */
export interface ImportsData {
  vendors: { id: number; name: string; types: { id: string; name: string }[] }[];
}

/** Issue 37: «Обновить данные поставщиков» reads at most this many items of a vendor's catalogue (across its types). */
export const VENDOR_CATALOGUE_MAX_ITEMS = 50_000;

/**
 * What «Обновить данные поставщиков» came to for one vendor: its catalogue replaced ('updated', perhaps
 * capped: `reason` says so), its supplier not answering ('unavailable'), our guards or the supplier
 * refusing ('refused'), or no service connected ('not_connected'). `items` is how many are cached now.
 */
export type VendorUpdateResult = 'updated' | 'unavailable' | 'refused' | 'not_connected';

export interface VendorUpdate {
  id: number;
  name: string;
  result: VendorUpdateResult;
  items: number;
  /** Russian, for the screen: why it failed, or that the catalogue was capped; null otherwise. */
  reason: string | null;
}

/** GET /api/imports/update-items: 200 when a vendor was updated, 503 with the same body when none was. */
export interface UpdateItemsReply {
  message: string;
  vendors: VendorUpdate[];
}

export const importsResource = defineResource({
  path: '/imports',
  createSchema: importSchema,
  updateSchema: importSchema,
  sortable: ['id'],
  defaultAscending: false,
  switches: { active: 'is_active' },
  messages: { saved: MESSAGES.imports.saved, deleted: MESSAGES.success.deleted, loadFailed: MESSAGES.imports.failed },
});

export const IMPORTS_DATA_PATH = '/imports/data';
export const IMPORTS_UPDATE_ITEMS_PATH = '/imports/update-items';
export const IMPORTS_RESTART_PATH = '/imports/restart';
export const importLogsPath = (importId: number) => `/imports/${importId}/logs`;
export const externalSearchPath = (vendorId: number) => `/external-services/${vendorId}/search`;
