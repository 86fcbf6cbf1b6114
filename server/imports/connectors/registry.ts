/**
 * The connectors by vendor (issue 31): a vendor that is an external service names its protocol in its
 * payload (`protocol: 'v1'`, shared/resources/vendors.ts VENDOR_CONNECTOR), and this registry builds
 * that protocol's connector from the payload's settings, the password decrypted
 * (server/common/secrets.ts). A new protocol is one line in CONNECTORS.
 */
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../../../shared/messages.js';
import { VENDOR_CONNECTOR, VENDOR_PASSWORD_STORED_KEY, type VendorProtocol } from '../../../shared/resources/vendors.js';
import { ValidationFailed } from '../../common/http/errors.js';
import { decryptSecret } from '../../common/secrets.js';
import { SupplierDoor } from '../../common/security/supplier-door.js';
import { SupplierRefused, SupplierRejected, SupplierUnavailable, type SupplierConnector } from './connector.js';
import { ProtocolV1Connector, type ProtocolV1Settings } from './protocol-v1.js';

export const CONNECTORS: Record<VendorProtocol, (settings: ProtocolV1Settings) => SupplierConnector> = {
  v1: (settings) => new ProtocolV1Connector(settings),
};

export interface ConnectedVendor {
  id: number;
  name: string;
  connector: SupplierConnector;
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

interface VendorSettingsRow {
  id: number;
  name: string;
  payload: Record<string, unknown>;
}

/**
 * The vendor `vendorId` if it is an external service with a protocol we speak and an address; a 422
 * on `field` otherwise (unknown: 'invalid value'; not connected: MESSAGES.imports.notConnected).
 */
export async function connectedVendor(db: Pick<EntityManager, 'query'>, vendorId: number, field = 'vendor_id'): Promise<VendorSettingsRow> {
  const [vendor] = await db.query<(VendorSettingsRow & { is_external_service: boolean })[]>(
    'SELECT id, name, is_external_service, payload FROM vendors WHERE id = $1',
    [vendorId],
  );
  if (!vendor) throw new ValidationFailed({ [field]: [MESSAGES.validation.oneOf] });
  if (!vendor.is_external_service || !Object.hasOwn(CONNECTORS, String(vendor.payload.protocol)) || !stringOrNull(vendor.payload.base_url)) {
    throw new ValidationFailed({ [field]: [MESSAGES.imports.notConnected] });
  }
  return { id: vendor.id, name: vendor.name, payload: vendor.payload };
}

@Injectable()
export class SupplierConnectors {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SupplierDoor) private readonly door: SupplierDoor,
  ) {}

  /** The vendor's connector, or 422 on `field` for a vendor that is unknown or not connected to a service. */
  async forVendor(vendorId: number, field = 'vendor_id'): Promise<ConnectedVendor> {
    const { id, name, payload } = await connectedVendor(this.db, vendorId, field);
    const encrypted = stringOrNull(payload[VENDOR_PASSWORD_STORED_KEY]);
    const timeout = Number(payload.timeout_ms);
    const settings: ProtocolV1Settings = {
      base_url: String(payload.base_url),
      login: stringOrNull(payload.login),
      password: encrypted ? await decryptSecret(this.db.manager, encrypted) : null,
      timeout_ms: Number.isInteger(timeout) && timeout > 0 ? timeout : VENDOR_CONNECTOR.timeoutMs.default,
      door: this.door,
    };
    return { id, name, connector: CONNECTORS[payload.protocol as VendorProtocol](settings) };
  }
}

/**
 * The API's reply to a supplier's failure: not answering (or answering outside the protocol) is 503
 * 'Сервис недоступен, попробуйте позже'; refusing our credentials is a 422 on `vendor_id` with its
 * own message; refusing the request, a 422 on `field`. Anything else is not the supplier's: rethrown.
 */
export function supplierFailure(error: unknown, field = 'vendor_id'): unknown {
  if (error instanceof SupplierUnavailable) return new HttpException({ message: MESSAGES.imports.unavailable }, HttpStatus.SERVICE_UNAVAILABLE);
  if (error instanceof SupplierRefused) return new ValidationFailed({ vendor_id: [error.supplierMessage ?? MESSAGES.imports.refused] });
  if (error instanceof SupplierRejected) return new ValidationFailed({ [field]: [error.supplierMessage ?? MESSAGES.imports.rejected] });
  return error;
}
