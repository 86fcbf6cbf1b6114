import { Role } from '../../shared/roles.js';
import { VENDOR_SESSION_KEY, vendorsResource, type VendorRow } from '../../shared/resources/vendors.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { VendorEntity } from './vendor.entity.js';

/** The external-service data a viewer may see: `session_id` is the administrator's only (spec 01 §3, §6). */
function visiblePayload(payload: Record<string, unknown> | null, viewer: AuthUser): Record<string, unknown> {
  if (viewer.role === Role.Administrator) return payload ?? {};
  const { [VENDOR_SESSION_KEY]: _hidden, ...rest } = payload ?? {};
  return rest;
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
  /**
   * `session_id` belongs to the external service's integration: a save never sets it, and the one
   * stored survives every save (a manager never even receives it, so could not send it back).
   * A save without `payload` keeps the stored payload.
   */
  toEntity: async ({ payload, ...fields }, { manager, id }) => {
    if (payload === undefined) return id === undefined ? { ...fields, payload: {} } : fields;
    const { [VENDOR_SESSION_KEY]: _ignored, ...given } = payload;
    const stored = id === undefined ? undefined : (await manager.getRepository(VendorEntity).findOneBy({ id }))?.payload;
    const session = stored?.[VENDOR_SESSION_KEY];
    return { ...fields, payload: session === undefined ? given : { ...given, [VENDOR_SESSION_KEY]: session } };
  },
});
