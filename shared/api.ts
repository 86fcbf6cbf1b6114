/** Shapes and constants of the HTTP contract (ARCHITECTURE.md §3), shared by server and renderer. */
import type { FieldErrors } from './validation.js';
import type { Role } from './roles.js';

export const API_PREFIX = '/api';

/** Spec 01 §2.3 and §9. */
export const LIST_DEFAULTS = {
  page: 1,
  limit: 10,
  /** Cap of `limit` unless a resource allows more (city search allows 1000). */
  maxLimit: 100,
  searchMaxLength: 128,
  searchDebounceMs: 700,
} as const;

export const COUNTERS_POLL_MS = 3 * 60 * 1000;
/** GET: the header and sidebar counters (spec 01 §3 "Counters"), see NewItemsCounters. */
export const NEW_ITEMS_PATH = '/new-items/check';

/** The name of a list's filter (a query parameter): a key of the list's own zod filter schema (shared/list.ts). */
export type ListFilter = string;

export interface Paged<T> {
  data: T[];
  count: number;
}

export interface DataReply<T> {
  data: T;
}

export interface ListQuery {
  query?: string;
  page?: number;
  limit?: number;
  orderBy?: string;
  ascending?: boolean;
  filters?: Partial<Record<ListFilter, string | number | boolean>>;
}

/** Reply of a list switch, e.g. `{status: 'CHANGED', is_active: false, name}` or `{..., is_filter: true}`. */
export type SwitchReply = { status: 'CHANGED'; name: string } & Record<string, boolean | string | number>;

/**
 * What a refusal is, beside its words, for the renderer to act on (the words change, a code does not):
 * a 422's `codes` maps a field path to one of these (issue 38). Listed once, here.
 */
export const REFUSAL_CODES = {
  /** A vendor paid above its net: the editor asks «Подтвердить переплату?» and saves again with `confirm_overpayment`. */
  vendorOverpaid: 'vendor_overpaid',
} as const;
export type RefusalCode = (typeof REFUSAL_CODES)[keyof typeof REFUSAL_CODES];
/** A 422's codes by field path (`{"vendor_payments.3.sum": "vendor_overpaid"}`); only the refusals that have one. */
export type RefusalCodes = Record<string, RefusalCode>;

/** 422: `{message, errors}`, and `codes` when a refused field's refusal has one (REFUSAL_CODES). */
export interface ValidationErrorBody {
  message: string;
  errors: FieldErrors;
  codes?: RefusalCodes;
}

/**
 * 409 of a save whose `version` is older than the stored one (ARCHITECTURE.md §7 "Version check"):
 * `data` is the record as it is now (as GET answers it), `saved_by` the full name of who saved it
 * last (null when unknown), `saved_at` when (ISO 8601).
 */
export interface VersionConflictBody<T = unknown> {
  message: string;
  data: T;
  saved_by: string | null;
  saved_at: string;
}

export interface MessageBody {
  message: string;
}

/** POST /api/me */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export interface IdName {
  id: number;
  name: string;
  /**
   * A picker row's line that tells it apart from its namesakes (a hotel's city, a client's phone and
   * e-mail): answered by the `/list` of a list that declares one (server ServerList `pickerDetail`).
   */
  detail?: string | null;
}

/** GET /api/new-items/check (spec 01 §3 Counters). */
export interface NewItemsCounters {
  applications: { unwatched_count: number };
  clients: { new_count: number };
  agencies: { new_count: number };
}

/** GET /api/setup: whether the one-time "create the first administrator" form is offered. */
export interface SetupState {
  required: boolean;
}

/**
 * GET /api/boot: what the app needs before its first screen, in one call (issue 9): the signed-in
 * user (null for a visitor: no 401), whether the one-time first-administrator form is due; the reply
 * also sets the XSRF-TOKEN cookie when the browser has none.
 */
export interface BootReply {
  user: SessionUser | null;
  setup_required: boolean;
}

export const SESSION_COOKIE = 'backoffice_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/**
 * Sent at once by an export that waits its turn behind the exports being made (server/exports/export-slots.ts):
 * its place in the queue, 1 for the next. The file follows when its turn comes.
 */
export const EXPORT_QUEUE_HEADER = 'X-Export-Queue';
