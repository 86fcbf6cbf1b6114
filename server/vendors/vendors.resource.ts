import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import {
  VENDOR_CONNECTOR,
  VENDOR_PASSWORD_SET_KEY,
  VENDOR_PASSWORD_STORED_KEY,
  VENDOR_SESSION_KEY,
  vendorsResource,
  type VendorRow,
} from '../../shared/resources/vendors.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { ValidationFailed } from '../common/http/errors.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { encryptSecret } from '../common/secrets.js';
import { DoorRefused, supplierDoor } from '../common/security/supplier-door.js';
import { VendorEntity } from './vendor.entity.js';

type Payload = Record<string, unknown>;

/**
 * The external-service data a viewer may see (spec 01 §3, §6; issue 31): the password is in no reply
 * (the administrator sees whether one is stored); `session_id` and the login are the administrator's only.
 */
function visiblePayload(payload: Payload | null, viewer: AuthUser): Payload {
  const { [VENDOR_PASSWORD_STORED_KEY]: password, password: _never, ...rest } = payload ?? {};
  if (viewer.role === Role.Administrator) return password ? { ...rest, [VENDOR_PASSWORD_SET_KEY]: true } : rest;
  const { [VENDOR_SESSION_KEY]: _session, login: _login, ...shown } = rest;
  return shown;
}

/** null, '' and absence are one "not set" when a sent connector setting is compared with the stored one. */
const setting = (payload: Payload, key: string) => payload[key] ?? null;

/**
 * The payload to store from the one sent (already checked by the shared schema). What the server keeps
 * whatever is sent: `session_id`, and the encrypted password. Connector settings are the
 * administrator's: another role sending one unlike the stored is refused (422 on its key), and gets the
 * stored ones kept. The administrator's save that leaves out `login` or `password` keeps them, and one
 * that moves `base_url` drops the stored password unless it sets one, so a password never goes to a host
 * it was not given for.
 */
async function payloadToStore(manager: EntityManager, sent: Payload, stored: Payload, viewer: AuthUser): Promise<Payload> {
  const { [VENDOR_SESSION_KEY]: _session, [VENDOR_PASSWORD_STORED_KEY]: _encrypted, [VENDOR_PASSWORD_SET_KEY]: _set, ...given } = sent;
  const kept: Payload = {};
  if (stored[VENDOR_SESSION_KEY] !== undefined) kept[VENDOR_SESSION_KEY] = stored[VENDOR_SESSION_KEY];
  const connector = VENDOR_CONNECTOR.keys as readonly string[];
  if (viewer.role !== Role.Administrator) {
    const changed = connector.filter((key) => key in given && setting(given, key) !== setting(key === 'password' ? {} : stored, key));
    if (changed.length) throw new ValidationFailed(Object.fromEntries(changed.map((key) => [`payload.${key}`, [MESSAGES.imports.connectorAdminOnly]])));
    for (const key of [...connector, VENDOR_PASSWORD_STORED_KEY]) {
      delete given[key];
      if (stored[key] !== undefined) kept[key] = stored[key];
    }
    return { ...given, ...kept };
  }
  const { password, ...settings } = given;
  if (!('login' in settings) && stored.login !== undefined) settings.login = stored.login;
  if (typeof password === 'string' && password !== '') kept[VENDOR_PASSWORD_STORED_KEY] = await encryptSecret(manager, password);
  else if (stored[VENDOR_PASSWORD_STORED_KEY] && setting(settings, 'base_url') === setting(stored, 'base_url')) {
    kept[VENDOR_PASSWORD_STORED_KEY] = stored[VENDOR_PASSWORD_STORED_KEY];
  }
  return { ...settings, ...kept };
}

/** The `base_url` a body's payload (an object, or its JSON text) sends, trimmed; null when none (the schema judges the rest). */
function sentBaseUrl(payload: unknown): string | null {
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const url = value !== null && typeof value === 'object' ? (value as Payload).base_url : undefined;
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
}

/**
 * A new `base_url` passes the supplier door's check (issue 37) as every request to it will: no login or
 * password inside the link (it would be stored and shown), and a host that resolves only to public
 * addresses unless SUPPLIER_PRIVATE_HOSTS names it. 422 on `payload.base_url` with the reason.
 */
async function checkBaseUrl(baseUrl: string): Promise<void> {
  const D = MESSAGES.imports.door;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ValidationFailed({ 'payload.base_url': [MESSAGES.validation.url] });
  }
  try {
    await supplierDoor().check(url);
  } catch (error) {
    if (!(error instanceof DoorRefused)) throw error;
    // A host that does not resolve yet may be saved (a supplier connected before its name is live): every request checks again.
    if (error.kind === 'unresolved') return;
    throw new ValidationFailed({ 'payload.base_url': [error.kind === 'credentials' ? D.credentialsInUrl : D.baseUrlInternal] });
  }
}

/** The JSON row of a vendor, as `viewer` may see it (list, show, save and clean-payload replies). */
export function vendorRow(vendor: VendorEntity, viewer: AuthUser): VendorRow {
  return {
    id: vendor.id,
    name: vendor.name,
    address: vendor.address,
    email: vendor.email,
    contact_name: vendor.contact_name,
    contact_phone: vendor.contact_phone,
    inn: vendor.inn,
    ogrn: vendor.ogrn,
    contract_form: vendor.contract_form,
    comment: vendor.comment,
    payment_method: vendor.payment_method,
    requisites: vendor.requisites,
    is_external_service: vendor.is_external_service,
    payload: visiblePayload(vendor.payload, viewer),
  };
}

/** Vendors: all three roles (spec 01 §6); extra routes in vendors.controller.ts. */
export const vendorsServerResource = defineServerResource({
  definition: vendorsResource,
  entity: VendorEntity,
  // The exact expression of ix_vendors_search (migrations/1763942400000-Vendors.ts): name or INN.
  searchExpression: `(${ALIAS}.name || ' ' || coalesce(${ALIAS}.inn, ''))`,
  toRow: vendorRow,
  /** The payload's rules (session, credentials, connector settings): payloadToStore. A save without `payload` keeps the stored one. */
  /** A new base_url passes the supplier door (a DNS look-up: before the transaction, no connection held meanwhile). */
  beforeTransaction: async (fields, { manager, id, user }) => {
    if (user.role !== Role.Administrator) return;
    const sent = sentBaseUrl(fields.payload);
    if (sent === null) return;
    const [stored] = id === undefined ? [] : await manager.query<{ base_url: string | null }[]>(`SELECT payload->>'base_url' AS base_url FROM vendors WHERE id = $1`, [id]);
    if (sent !== stored?.base_url) await checkBaseUrl(sent);
  },
  toEntity: async ({ payload, ...fields }, { manager, id, user }) => {
    if (payload === undefined) return id === undefined ? { ...fields, payload: {} } : fields;
    const stored = id === undefined ? undefined : (await manager.getRepository(VendorEntity).findOneBy({ id }))?.payload;
    return { ...fields, payload: await payloadToStore(manager, payload, stored ?? {}, user) };
  },
});
