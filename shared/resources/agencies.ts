/**
 * Partner agencies and their employees (spec 01 §2.4, §2.5, §3 "Agency", "Agency employee",
 * §4 "Agency status", "Send login and password", §5 "Agency", §7 "Agencies", §8, §9).
 */
import { z } from 'zod';
import { checkCommission, COMMISSION_BOUNDS, commissionSum, commissionType, type CommissionType } from '../commission.js';
import { MESSAGES } from '../messages.js';
import {
  optionalUrl,
  activeFlag,
  flag,
  maskedPhone,
  optionalDigits,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
} from '../validation.js';
import { defineResource } from './define.js';
import { listFilter } from '../list.js';

/** Spec 01 §5 "Agency"; company_phone and the search-module URL have no limit in the spec. */
export const AGENCY_LIMITS = {
  legal_name: 255,
  brand: 255,
  inn: 12,
  site: 100,
  legal_address: 255,
  actual_address: 255,
  company_email: 50,
  company_phone: 30,
  contact_name: 50,
  contact_email: 50,
  contract_number: 50,
  login: 50,
  password: 50,
  info: 5000,
  search_module_url: 255,
  vk_group_id: 50,
} as const;

/** GET /api/commissions/list → {data}: COMMISSION_TYPES of shared/commission.ts. */
export const COMMISSIONS_LIST_PATH = '/commissions/list';

/** Agency status (spec 01 §4): 1 under review → 2 verified → 3 contract signed. */
export const AgencyStatus = { Review: 1, Verified: 2, ContractSigned: 3 } as const;
export type AgencyStatus = (typeof AgencyStatus)[keyof typeof AgencyStatus];
export const AGENCY_STATUS_NAMES: Record<AgencyStatus, string> = {
  [AgencyStatus.Review]: 'На проверке',
  [AgencyStatus.Verified]: 'Проверено',
  [AgencyStatus.ContractSigned]: 'Договор подписан',
};
/** The two status actions: their path segment, source and target status, and the button text. */
export const AGENCY_TRANSITIONS = {
  approve: { from: AgencyStatus.Review, to: AgencyStatus.Verified, title: 'Подтвердить' },
  contract: { from: AgencyStatus.Verified, to: AgencyStatus.ContractSigned, title: 'Подтвердить подписание договора' },
} as const;
export type AgencyTransition = keyof typeof AGENCY_TRANSITIONS;

/**
 * POST and PUT /api/agencies. The status changes only through approve/contract, `is_new` only by
 * opening the agency, and the social-network token only through generate/delete: a save ignores them.
 * The password is kept when an edit leaves it empty.
 */
export const agencySchema = z
  .object({
    legal_name: requiredText(AGENCY_LIMITS.legal_name),
    brand: optionalText(AGENCY_LIMITS.brand),
    inn: optionalDigits(AGENCY_LIMITS.inn),
    site: optionalUrl(AGENCY_LIMITS.site),
    legal_address: optionalText(AGENCY_LIMITS.legal_address),
    actual_address: optionalText(AGENCY_LIMITS.actual_address),
    company_email: optionalEmail(AGENCY_LIMITS.company_email),
    company_phone: optionalPhone(AGENCY_LIMITS.company_phone),
    contact_name: optionalText(AGENCY_LIMITS.contact_name),
    contact_phone: maskedPhone(),
    contact_email: optionalEmail(AGENCY_LIMITS.contact_email),
    contract_number: optionalText(AGENCY_LIMITS.contract_number),
    login: optionalText(AGENCY_LIMITS.login),
    password: optionalText(AGENCY_LIMITS.password),
    commission_type: commissionType(),
    commission_sum: commissionSum(COMMISSION_BOUNDS.agency),
    info: optionalText(AGENCY_LIMITS.info),
    is_active: activeFlag(),
    has_search_module: flag(),
    search_module_url: optionalUrl(AGENCY_LIMITS.search_module_url),
    vk_settings: z
      .preprocess(
        (value) => (value === undefined || value === null ? {} : value),
        z.object({ vk_group_id: optionalText(AGENCY_LIMITS.vk_group_id) }, { error: MESSAGES.validation.invalid }),
      )
      .default({ vk_group_id: null }),
  })
  // Spec 01 §5: at most 100 when the type is percent, 1 000 000 otherwise.
  .superRefine((agency, context) => checkCommission(agency, context, COMMISSION_BOUNDS.agency));

export interface AgencyRow {
  id: number;
  legal_name: string;
  brand: string | null;
  inn: string | null;
  site: string | null;
  legal_address: string | null;
  actual_address: string | null;
  company_email: string | null;
  company_phone: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  contract_number: string | null;
  login: string | null;
  /** The password itself is never sent back; it goes to the agency by "Send login and password". */
  has_password: boolean;
  commission_type: CommissionType;
  commission_sum: number;
  status: AgencyStatus;
  status_name: string;
  info: string | null;
  is_active: boolean;
  has_search_module: boolean;
  search_module_url: string | null;
  vk_settings: { vk_token: string | null; vk_group_id: string | null };
  is_new: boolean;
  created_at: string;
}

/** The agencies list's filters (spec 01 §2.4); the export narrows the same way. */
export const agencyListFilters = z.object({ is_active: listFilter.flag(), has_search_module: listFilter.flag() });

export const agenciesResource = defineResource({
  path: '/agencies',
  createSchema: agencySchema,
  updateSchema: agencySchema,
  sortable: ['id', 'legal_name'],
  filters: agencyListFilters,
  picker: 'search',
  switches: { active: 'is_active' },
  messages: { saved: MESSAGES.agencies.saved, deleted: MESSAGES.agencies.deleted },
});

/** Reply of PUT /api/agencies/{id}/approve and /contract. */
export interface AgencyStatusReply {
  status: 'CHANGED';
  agency_status: AgencyStatus;
  legal_name: string;
  message: string;
  /** The agency's version after the change (ARCHITECTURE.md §7). */
  version: number;
}

export const agencyPaths = {
  status: (id: number, transition: AgencyTransition) => `/agencies/${id}/${transition}`,
  generateToken: (id: number) => `/agencies/${id}/vk-token/generate`,
  token: (id: number) => `/agencies/${id}/vk-token`,
  export: '/agencies/export',
  users: (agencyId: number | string) => `/agencies/${agencyId}/agency-users`,
};

/** Agency employees (spec 01 §2.5, §3): listed here, managed in the agency's own cabinet. */
export interface AgencyUserRow {
  id: number;
  full_name: string;
  phone: string | null;
  email: string | null;
}

/** GET /api/agencies/{agency_id}/agency-users: the page of employees and the agency they work for. */
export interface AgencyUsersReply {
  data: AgencyUserRow[];
  count: number;
  agency: { id: number; legal_name: string };
}

/**
 * The employees list as the generic screen reads it: the path takes the route's `agency_id`.
 * Read-only: employees are not added or edited here.
 */
export const agencyUsersResource = defineResource({
  path: '/agencies/:agency_id/agency-users',
  createSchema: z.object({}),
  updateSchema: z.object({}),
  sortable: ['id', 'full_name'],
  picker: 'search',
  readOnly: true,
  messages: { saved: MESSAGES.agencies.saved, deleted: MESSAGES.success.deleted },
});
