/**
 * The application list (spec 03 §2.1, §3 "Application (list row)", §7 "Applications"; issue 19):
 * its query (filters, sorts, paging), its row, the filters' dictionaries and the row actions'
 * replies — one contract for the server (server/applications/list/) and the list screen.
 */
import { z } from 'zod';
import type { IdName } from '../api.js';
import { defineList, listFilter, listQuerySchema } from '../list.js';
import { MESSAGES } from '../messages.js';
import { versionField } from '../validation.js';
import { APPLICATION_LIMITS, APPLICATION_SOURCES, APPLICATION_STATUS_IDS, APPLICATION_TYPE_IDS, PAYMENT_STATUSES, REQUESTER_TYPES, SOURCE_PLATFORMS } from './constants.js';
import { APPLICATION_PATHS } from './paths.js';

/** The source filter's value for applications made in the office (their `source` is null). */
export const OFFICE_SOURCE = 'none';
export const SOURCE_FILTER_VALUES = [OFFICE_SOURCE, ...APPLICATION_SOURCES.map((source) => source.id)] as const;

const bounds = (values: readonly number[]) => [Math.min(...values), Math.max(...values)] as const;
const ids = (values: readonly number[]) => listFilter.integer(...bounds(values));

/**
 * The list's filters as the query string carries them (`?status=2&unread_messages=1`): numbers as
 * text, flags 1/0, absent or blank = not filtered. `client_id` and `agency_id` exclude each other
 * (`applicationListQuerySchema` refuses both: 422 on `agency_id`). `platform` is the mobile
 * application's (with another `source` nothing matches).
 */
export const APPLICATION_LIST_FILTERS = z.object({
  type: ids(APPLICATION_TYPE_IDS),
  status: ids(APPLICATION_STATUS_IDS),
  /** Several statuses (`statuses_ids[]=1&statuses_ids[]=3` or `statuses_ids=1,3`; the spec's `status_ids` too). */
  statuses_ids: listFilter.integers(...bounds(APPLICATION_STATUS_IDS), { aliases: ['status_ids'] }),
  payment_status: ids(PAYMENT_STATUSES.map((status) => status.id)),
  /** The applications whose first day (`start_date`: the earliest accommodation, transport or transfer) is that day. */
  start_date: listFilter.date(),
  client_id: listFilter.integer(),
  agency_id: listFilter.integer(),
  /** The product's city (a bus transport's finish city). */
  city_id: listFilter.integer(),
  /** 1: with unread messages of the requester, 0: without. */
  unread_messages: listFilter.flag(),
  /** One of APPLICATION_SOURCES, or `none` (made in the office). */
  source: listFilter.oneOf(SOURCE_FILTER_VALUES),
  platform: listFilter.oneOf(SOURCE_PLATFORMS),
  requester_type: listFilter.oneOf(REQUESTER_TYPES.map((type) => type.id) as [string, ...string[]]),
  /** 0: not yet opened by the office (the unwatched counter's applications), 1: opened. */
  is_watched: listFilter.flag(),
});
export type ApplicationListFilters = z.output<typeof APPLICATION_LIST_FILTERS>;

/** GET /api/applications: newest first unless the request says `ascending=1`; `query` ≤ 128 searches the search text (number, requester, phone, e-mail, tourists), digits the number and the phone. */
export const applicationsList = defineList({
  path: APPLICATION_PATHS.list,
  sortable: ['id', 'start_date'],
  filters: APPLICATION_LIST_FILTERS,
  defaultAscending: false,
});

/** The whole query of a list page, with the requester filters' exclusion (the server answers 422 on `agency_id`). */
export const applicationListQuerySchema = listQuerySchema(applicationsList).superRefine((params, context) => {
  if (params.filters.client_id !== undefined && params.filters.agency_id !== undefined) {
    context.addIssue({ code: 'custom', path: ['agency_id'], message: MESSAGES.applications.clientOrAgency });
  }
});

export const APPLICATION_LIST_LIMITS = { search: APPLICATION_LIMITS.search, rowsPerPage: APPLICATION_LIMITS.rowsPerPage, searchDebounceMs: APPLICATION_LIMITS.searchDebounceMs } as const;

/** A city and its dates of a leg (`YYYY-MM-DD`). */
interface ListLeg {
  from_city: string;
  to_city: string;
  start_at: string;
  finish_at: string;
}

/** A row of GET /api/applications (spec 03 §3 "Application (list row)"). Money as two-decimal text. */
export interface ApplicationListRow {
  id: number;
  number: string;
  /** The requester: a client (`full_name` and `name` its full name) or an agency (`name`, `full_name` the same). */
  requestorable: { type: 'clients' | 'agencies'; id: number; full_name: string; name: string; is_active: boolean };
  status: number;
  status_name: string;
  /** null: made in the office ('Создана в офисе', `sourceLabel`). */
  source: string | null;
  source_payload: { platform: string | null };
  edited_from_front: boolean;
  phone: string | null;
  email: string | null;
  tourists: { id: number; full_name: string }[];
  application_type: number;
  application_type_name: string;
  /** The product (null for avia and railway); `type` is its ProductKind. */
  applicationable: { id: number; type: string; name: string } | null;
  accommodations: { hotel: string; start_at: string; finish_at: string }[];
  transport_forth: ListLeg | null;
  transport_back: ListLeg | null;
  transfer_forth: (ListLeg & { transfer_type: IdName }) | null;
  transfer_back: (ListLeg & { transfer_type: IdName }) | null;
  /** `paid`: the paid rows less the refunds (`application_paid`, row by row `payment_paid_amount`); `to_pay` = due − paid, never below 0 (payment-status.ts). */
  payments_info: { price_total: number; agency_total: number; paid: number; to_pay: number };
  unread_messages_count: number;
  /** No payments and no vendor payments (delete is the administrator's besides). */
  can_delete: boolean;
  /** Opened by the office (the edit page marks it); false counts in `applications.unwatched_count`. */
  is_watched: boolean;
  version: number;
}

/**
 * GET /api/applications/filters[?client_id=|&agency_id=] (spec 03 §7): the dictionaries of the filter
 * bar. `clients` / `agencies` hold only the one the query names (the filter's bounded pickers search
 * `/clients/list` and `/agencies/list`); `cities` the cities applications are in.
 */
export interface ApplicationFilters {
  application: { types: IdName[]; statuses: IdName[]; payment_statuses: IdName[] };
  clients: { id: number; full_name: string }[];
  agencies: IdName[];
  cities: IdName[];
}

/** The query of GET /api/applications/filters. */
export const applicationFiltersQuerySchema = z.object({ client_id: listFilter.integer(), agency_id: listFilter.integer() });

/** The body of the cancel action: the version the row was read at (optional, as outside clients omit it; 409 when stale). */
export const applicationActionSchema = z.object({ version: versionField() });

/** PUT /api/applications/cancel/{id} [{version}] → 200 `ApplicationActionReply`; DELETE /api/applications/{id} → 200 `{message}`. */
export interface ApplicationActionReply {
  message: string;
  data: { id: number; status: number; status_name: string; version: number };
}
