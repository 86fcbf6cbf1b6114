/**
 * The organisation details (issue 28): one record (id 1, table `organization`) of the operator's legal
 * details, bank and contacts, which every generated document (voucher, contract) names. Read by every
 * role (GET /api/organization), changed by the administrator (PUT /api/organization, version-checked).
 *
 * Every field may be empty — a fresh install has nothing yet — and is stored as text, never null
 * (blank is ''): a document prints what there is. PUT lays the body over the stored record like every
 * save of the product (a key left out keeps its value; '' or null clears it).
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { optionalDigits, optionalEmail, optionalPhone, optionalText, versionField } from '../validation.js';
import { ACCESS, type Role } from '../roles.js';

/** GET and PUT /api/organization */
export const ORGANIZATION_PATH = '/organization';

/** Who changes the record (the others read it). */
export const ORGANIZATION_WRITE_ROLES: readonly Role[] = ACCESS.administratorOnly;

/** The columns' lengths (migrations/1765600001100-ApplicationDocuments.ts). */
export const ORGANIZATION_LIMITS = {
  legal_name: 255,
  inn: 12,
  ogrn: 15,
  address: 500,
  registry_number: 50,
  financial_guarantee: 1000,
  bank_name: 255,
  bik: 9,
  settlement_account: 20,
  correspondent_account: 20,
  phone: 50,
  email: 255,
} as const;

/** How many digits each code has: INN of a company 10, of a sole trader 12; OGRN 13, OGRNIP 15. */
export const ORGANIZATION_DIGITS = {
  inn: [10, 12],
  ogrn: [13, 15],
  bik: [9],
  settlement_account: [20],
  correspondent_account: [20],
} as const satisfies Partial<Record<keyof typeof ORGANIZATION_LIMITS, readonly number[]>>;

/** The fields' names as forms and documents print them. */
export const ORGANIZATION_LABELS = {
  legal_name: 'Полное наименование',
  inn: 'ИНН',
  ogrn: 'ОГРН',
  address: 'Юридический адрес',
  registry_number: 'Реестровый номер туроператора',
  financial_guarantee: 'Финансовое обеспечение',
  bank_name: 'Наименование банка',
  bik: 'БИК',
  settlement_account: 'Расчётный счёт',
  correspondent_account: 'Корреспондентский счёт',
  phone: 'Телефон',
  email: 'Email',
} as const satisfies Record<keyof typeof ORGANIZATION_LIMITS, string>;

/** A code sent as a number (an INN of an outside client) is its digits; a number too big to be exact is left for the schema to refuse. */
const numberAsText = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value);
/** The field builders store null for blank; this record's columns keep '' instead. */
const orEmpty = (schema: z.ZodType<string | null>) => z.preprocess(numberAsText, schema).transform((value) => value ?? '');

/** A code of `counts` digits (text with other characters gets only the digits' message); spaces typed between groups of digits are dropped. */
function code(field: keyof typeof ORGANIZATION_DIGITS) {
  const counts: readonly number[] = ORGANIZATION_DIGITS[field];
  const digits = optionalDigits(ORGANIZATION_LIMITS[field]).refine((value) => value === null || /\D/.test(value) || counts.includes(value.length), MESSAGES.organization.digitCount(counts));
  return orEmpty(z.preprocess((value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value), digits));
}

const text = (field: keyof typeof ORGANIZATION_LIMITS) => orEmpty(optionalText(ORGANIZATION_LIMITS[field]));

/** The record's fields as a save takes them. */
export const organizationFieldsSchema = z.object({
  legal_name: text('legal_name'),
  inn: code('inn'),
  ogrn: code('ogrn'),
  address: text('address'),
  registry_number: text('registry_number'),
  financial_guarantee: text('financial_guarantee'),
  bank_name: text('bank_name'),
  bik: code('bik'),
  settlement_account: code('settlement_account'),
  correspondent_account: code('correspondent_account'),
  phone: orEmpty(optionalPhone(ORGANIZATION_LIMITS.phone)),
  email: orEmpty(optionalEmail(ORGANIZATION_LIMITS.email)),
});

/** PUT /api/organization (and the renderer's form): the fields and the `version` they were read at. */
export const organizationSchema = organizationFieldsSchema.extend({ version: versionField() });

/** The details as stored (every field text, '' when not filled): what documents print. */
export type Organization = z.output<typeof organizationFieldsSchema>;

/** GET /api/organization → {data}: the details and the version a save sends back. */
export interface OrganizationRecord extends Organization {
  version: number;
}

/** The record's fields in the order of the form and of the 422 (the keys of ORGANIZATION_LIMITS). */
export const ORGANIZATION_FIELDS = Object.keys(ORGANIZATION_LIMITS) as (keyof Organization)[];
