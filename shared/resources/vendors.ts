/** Vendors (suppliers) (spec 01 §2.12, §3 "Vendor", §5 "Vendor", §6, §7 "Vendors", §8). */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { flag, optionalDigits, optionalEmail, optionalInteger, optionalPasswordText, optionalPhone, optionalText, optionalUrl, requiredText } from '../validation.js';
import { defineResource } from './define.js';

/** Spec 01 §5 "Vendor"; the phone has no limit in the spec, 30 holds any real number with its formatting. */
export const VENDOR_LIMITS = {
  name: 128,
  address: 100,
  email: 50,
  contact_name: 50,
  contact_phone: 30,
  inn: 12,
  ogrn: 15,
  contract_form: 128,
  /** The spec enforces 200 while the placeholder says 600: "both readings stand". */
  comment: 200,
  requisites: 255,
} as const;

/** Placeholder of the comment field, worded as the spec's placeholder (see VENDOR_LIMITS.comment). */
export const VENDOR_COMMENT_PLACEHOLDER = 'не более 600 символов';

/** How a vendor is paid: GET /api/vendors/data → {payment_methods: [{type, title}]}. */
export const PAYMENT_METHODS = [
  { type: 'cash', title: 'Наличный расчёт' },
  { type: 'bank_transfer', title: 'Безналичный расчёт' },
  { type: 'card', title: 'Банковская карта' },
  { type: 'offset', title: 'Взаимозачёт' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['type'];
const PAYMENT_METHOD_TYPES = PAYMENT_METHODS.map((method) => method.type) as [PaymentMethod, ...PaymentMethod[]];

export interface VendorData {
  payment_methods: { type: PaymentMethod; title: string }[];
}

/**
 * External-service data of the vendor. `session_id` is kept by the server (the external service's
 * session); it is shown to the administrator only and never taken from a save.
 */
export const VENDOR_SESSION_KEY = 'session_id';
/** Not in the spec: a cap on the stored JSON, so a pasted file cannot bloat every list reply. */
export const VENDOR_PAYLOAD_MAX_CHARS = 65_535;

/**
 * The supplier connector's settings inside the payload (issue 31, docs/supplier-protocol-v1.md):
 * `protocol` picks the connector, `login` and `password` are the credentials (the password stored
 * encrypted, `VENDOR_PASSWORD_STORED_KEY`, never answered; both hidden from all but the administrator),
 * and only the administrator changes any of them.
 */
export const VENDOR_CONNECTOR = {
  protocols: ['v1'],
  /** What the administrator alone changes. */
  keys: ['protocol', 'base_url', 'login', 'password', 'timeout_ms'],
  /** What only the administrator sees (the password not even they: it is write-only). */
  credentials: ['login', 'password'],
  limits: { base_url: 255, login: 128, password: 128 },
  timeoutMs: { min: 1000, max: 60_000, default: 10_000 },
} as const;
export type VendorProtocol = (typeof VENDOR_CONNECTOR.protocols)[number];
/** Where the payload keeps the encrypted password (server only: no reply carries it). */
export const VENDOR_PASSWORD_STORED_KEY = 'password_encrypted';
/** In the administrator's replies: whether a password is stored (the password itself is never answered). */
export const VENDOR_PASSWORD_SET_KEY = 'password_set';

/** The connector keys of a payload, checked; any other key passes as it is (the payload is the integration's). */
const connectorSettings = z
  .looseObject({
    protocol: z.preprocess((value) => (value === '' ? null : value), z.enum(VENDOR_CONNECTOR.protocols, { error: MESSAGES.validation.oneOf }).nullable()).optional(),
    base_url: optionalUrl(VENDOR_CONNECTOR.limits.base_url).optional(),
    login: optionalText(VENDOR_CONNECTOR.limits.login).optional(),
    password: optionalPasswordText(VENDOR_CONNECTOR.limits.password).optional(),
    timeout_ms: optionalInteger(VENDOR_CONNECTOR.timeoutMs.min, VENDOR_CONNECTOR.timeoutMs.max).optional(),
  })
  .superRefine((value, context) => {
    if (value.protocol && !value.base_url) context.addIssue({ code: 'custom', path: ['base_url'], message: MESSAGES.validation.required });
  });

const payload = z.preprocess(
  (value) => (value === null ? undefined : value),
  z
    .record(z.string(), z.unknown(), { error: MESSAGES.validation.jsonObject })
    .refine((value) => JSON.stringify(value).length <= VENDOR_PAYLOAD_MAX_CHARS, MESSAGES.validation.tooLarge)
    .pipe(connectorSettings)
    .optional(),
);

/** POST and PUT /api/vendors. A missing payload keeps the stored one on update (and is {} on create). */
export const vendorSchema = z.object({
  name: requiredText(VENDOR_LIMITS.name),
  address: optionalText(VENDOR_LIMITS.address),
  email: optionalEmail(VENDOR_LIMITS.email),
  contact_name: optionalText(VENDOR_LIMITS.contact_name),
  contact_phone: optionalPhone(VENDOR_LIMITS.contact_phone),
  inn: optionalDigits(VENDOR_LIMITS.inn),
  ogrn: optionalDigits(VENDOR_LIMITS.ogrn),
  contract_form: optionalText(VENDOR_LIMITS.contract_form),
  comment: optionalText(VENDOR_LIMITS.comment),
  payment_method: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(PAYMENT_METHOD_TYPES, { error: MESSAGES.validation.oneOf }).nullable(),
  ),
  requisites: optionalText(VENDOR_LIMITS.requisites),
  is_external_service: flag(),
  payload,
});

export interface VendorRow {
  id: number;
  name: string;
  address: string | null;
  email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  inn: string | null;
  ogrn: string | null;
  contract_form: string | null;
  comment: string | null;
  payment_method: PaymentMethod | null;
  requisites: string | null;
  is_external_service: boolean;
  /** `session_id`, `login` and `password_set` only in the administrator's replies; the password in none. */
  payload: Record<string, unknown>;
}

export const vendorsResource = defineResource({
  path: '/vendors',
  createSchema: vendorSchema,
  updateSchema: vendorSchema,
  sortable: ['id', 'name'],
  messages: {
    saved: MESSAGES.vendors.saved,
    deleted: MESSAGES.vendors.deleted,
    saveFailed: { title: MESSAGES.vendors.saveFailedTitle, text: MESSAGES.vendors.saveFailedText },
    deleteFailed: MESSAGES.vendors.deleteFailed,
    loadFailed: MESSAGES.vendors.loadFailed,
  },
});

/** GET /api/vendors/data */
export const VENDOR_DATA_PATH = '/vendors/data';
/** PUT /api/vendors/{id}/clean-payload (administrator only). */
export const vendorCleanPayloadPath = (id: number) => `/vendors/${id}/clean-payload`;
