import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import {
  IMPORT_LIMITS,
  IMPORT_LOG_STATUSES,
  importSearchSchema,
  type ImportItem,
  type ImportLogRow,
  type ImportLogStatus,
  type ImportsData,
  type UpdateItemsReply,
  type VendorUpdate,
  VENDOR_CATALOGUE_MAX_ITEMS,
} from '../../shared/resources/imports.js';
import { notFound, parseInput, ValidationFailed } from '../common/http/errors.js';
import { LogService } from '../logs/log.service.js';
import { SupplierAnswerRefused, SupplierRefused, SupplierRejected, SupplierUnavailable } from './connectors/connector.js';
import { CONNECTORS, SupplierConnectors, supplierFailure } from './connectors/registry.js';
import { vendorTypeName } from './imports.resource.js';

/** The vendors an import may name: external services with a protocol we speak (registry.ts CONNECTORS). */
const CONNECTED_VENDORS = `SELECT id, name FROM vendors WHERE is_external_service AND payload->>'protocol' = ANY($1) AND coalesce(payload->>'base_url', '') <> '' ORDER BY name, id`;

@Injectable()
export class ImportsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SupplierConnectors) private readonly connectors: SupplierConnectors,
    @Inject(LogService) private readonly log: LogService,
  ) {}

  /** GET /imports/data: the connected vendors, each with its cached types (no supplier is asked). */
  async data(): Promise<ImportsData> {
    const vendors = await this.db.query<{ id: number; name: string }[]>(CONNECTED_VENDORS, [Object.keys(CONNECTORS)]);
    const types = await this.db.query<{ vendor_id: number; id: string; name: string }[]>(
      'SELECT vendor_id, id, name FROM vendor_types WHERE vendor_id = ANY($1) ORDER BY name, id',
      [vendors.map((vendor) => vendor.id)],
    );
    return { vendors: vendors.map((vendor) => ({ ...vendor, types: types.filter((type) => type.vendor_id === vendor.id).map(({ id, name }) => ({ id, name })) })) };
  }

  /** POST /external-services/{vendor_id}/search: the one live call of the form — the supplier's first page of matches. */
  async search(vendorId: number, body: unknown): Promise<{ data: ImportItem[] }> {
    const { type, query } = parseInput(importSearchSchema, body);
    const vendor = await this.connectors.forVendor(vendorId);
    await vendorTypeName(this.db, vendorId, type);
    try {
      return { data: await vendor.connector.search(type, query) };
    } catch (error) {
      throw await this.failed(error, vendor, 'query');
    }
  }

  /** GET /imports/{id}/logs: the import's newest log lines, newest first (at most IMPORT_LIMITS.logLines are kept). */
  async logs(importId: number): Promise<{ data: ImportLogRow[] }> {
    const [found] = await this.db.query('SELECT 1 FROM imports WHERE id = $1', [importId]);
    if (!found) throw notFound();
    const rows = await this.db.query<{ id: string; created_at: Date; message: string; status: ImportLogStatus }[]>(
      'SELECT id, created_at, message, status FROM import_logs WHERE import_id = $1 ORDER BY id DESC LIMIT $2',
      [importId, IMPORT_LIMITS.logLines],
    );
    return { data: rows.map((row) => ({ id: Number(row.id), created_at: row.created_at.toISOString(), message: row.message, status: row.status, status_name: IMPORT_LOG_STATUSES[row.status] })) };
  }

  /**
   * GET /imports/update-items (issue 37): each external-service vendor's types and catalogue read anew,
   * page by page into a staging set (a short statement per page, no connection held while the supplier
   * is asked, nothing of the catalogue kept in memory), at most VENDOR_CATALOGUE_MAX_ITEMS items, then
   * swapped in by one transaction. A vendor whose supplier fails keeps its previous catalogue. The reply
   * names each vendor's result; when none was updated it is a 503 with the same body.
   */
  async updateItems(): Promise<UpdateItemsReply> {
    const vendors = await this.db.query<{ id: number; name: string; connected: boolean }[]>(
      `SELECT id, name, (payload->>'protocol' = ANY($1) AND coalesce(payload->>'base_url', '') <> '') AS connected FROM vendors WHERE is_external_service ORDER BY name, id`,
      [Object.keys(CONNECTORS)],
    );
    // Staged rows of a reading killed with its instance.
    await this.db.query(`DELETE FROM vendor_items_staged WHERE staged_at < now() - interval '1 day'`);
    const results: VendorUpdate[] = [];
    for (const vendor of vendors) {
      if (!vendor.connected) {
        results.push({ id: vendor.id, name: vendor.name, result: 'not_connected', items: 0, reason: MESSAGES.imports.notConnected });
        continue;
      }
      results.push(await this.updateVendor(vendor));
    }
    const connected = results.filter((vendor) => vendor.result !== 'not_connected');
    if (connected.length && !connected.some((vendor) => vendor.result === 'updated')) {
      throw new HttpException({ message: MESSAGES.imports.unavailable, vendors: results } satisfies UpdateItemsReply, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { message: MESSAGES.imports.updating, vendors: results };
  }

  /** One vendor's catalogue read into the staging set and swapped in; its result. */
  private async updateVendor({ id, name }: { id: number; name: string }): Promise<VendorUpdate> {
    const token = randomUUID();
    try {
      const { connector } = await this.connectors.forVendor(id);
      const types = await connector.types();
      let items = 0;
      let capped = false;
      read: for (const type of types) {
        for await (const page of connector.catalogue(type.id)) {
          const taken = page.slice(0, VENDOR_CATALOGUE_MAX_ITEMS - items);
          if (taken.length) {
            const [{ n }] = await this.db.query<[{ n: number }]>(
              `WITH staged AS (INSERT INTO vendor_items_staged (token, vendor_id, type, id, name) SELECT $1, $2, $3, * FROM unnest($4::text[], $5::text[]) ON CONFLICT DO NOTHING RETURNING 1)
               SELECT count(*)::int AS n FROM staged`,
              [token, id, type.id, taken.map((item) => item.id), taken.map((item) => item.name)],
            );
            items += n;
          }
          // Ours: reading stops at the cap (the next page past it tells a longer catalogue from one of exactly the cap).
          if (taken.length < page.length) {
            capped = true;
            break read;
          }
        }
      }
      await this.db.transaction(async (manager) => {
        // The vendor's items go with its types (ON DELETE CASCADE), the staged ones come in.
        await manager.query('DELETE FROM vendor_types WHERE vendor_id = $1', [id]);
        await manager.query('INSERT INTO vendor_types (vendor_id, id, name) SELECT $1, * FROM unnest($2::text[], $3::text[]) ON CONFLICT DO NOTHING', [id, types.map((type) => type.id), types.map((type) => type.name)]);
        await manager.query(`INSERT INTO vendor_items (vendor_id, type, id, name) SELECT vendor_id, type, id, name FROM vendor_items_staged WHERE token = $1 ON CONFLICT DO NOTHING`, [token]);
      });
      return { id, name, result: 'updated', items, reason: capped ? MESSAGES.imports.door.catalogueCapped(VENDOR_CATALOGUE_MAX_ITEMS) : null };
    } catch (error) {
      await this.failed(error, { id, name }, 'vendor_id');
      if (error instanceof ValidationFailed) return { id, name, result: 'not_connected', items: 0, reason: MESSAGES.imports.notConnected };
      if (error instanceof SupplierAnswerRefused) return { id, name, result: 'refused', items: 0, reason: error.userMessage };
      if (error instanceof SupplierUnavailable) return { id, name, result: 'unavailable', items: 0, reason: error.userMessage };
      if (error instanceof SupplierRefused) return { id, name, result: 'refused', items: 0, reason: error.supplierMessage ?? MESSAGES.imports.refused };
      if (error instanceof SupplierRejected) return { id, name, result: 'refused', items: 0, reason: MESSAGES.imports.rejected };
      throw error;
    } finally {
      await this.db.query('DELETE FROM vendor_items_staged WHERE token = $1', [token]);
    }
  }

  /** The reply to a supplier's failure (registry.ts supplierFailure); an unavailable supplier is noted in the logs with its reason. */
  async failed(error: unknown, vendor: { id: number; name: string }, field: string): Promise<unknown> {
    if (error instanceof SupplierUnavailable) {
      await this.log.write('warning', 'imports', `${MESSAGES.imports.unavailable}: ${vendor.name}`, error.reason, { vendor_id: vendor.id }).catch(() => undefined);
    }
    return supplierFailure(error, field);
  }
}
