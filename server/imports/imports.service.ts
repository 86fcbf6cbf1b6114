import { Inject, Injectable } from '@nestjs/common';
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
} from '../../shared/resources/imports.js';
import { notFound, parseInput } from '../common/http/errors.js';
import { LogService } from '../logs/log.service.js';
import { SupplierUnavailable, type SupplierItemRef, type SupplierType } from './connectors/connector.js';
import { CONNECTORS, SupplierConnectors, supplierFailure } from './connectors/registry.js';
import { vendorTypeName } from './imports.resource.js';

/** The vendors an import may name: external services with a protocol we speak (registry.ts CONNECTORS). */
const CONNECTED_VENDORS = `SELECT id, name FROM vendors WHERE is_external_service AND payload->>'protocol' = ANY($1) AND coalesce(payload->>'base_url', '') <> '' ORDER BY name, id`;

/** What a supplier answered «Обновить данные поставщиков». */
interface VendorCatalogue {
  types: SupplierType[];
  items: Map<string, SupplierItemRef[]>;
}

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
   * GET /imports/update-items: each connected vendor's types and catalogue read anew and cached (the
   * suppliers are asked before any connection is taken; each vendor's cache is replaced in one
   * transaction). A vendor whose supplier fails keeps its cache and is noted in the logs; when every
   * vendor failed, the first failure is the reply.
   */
  async updateItems(): Promise<{ message: string }> {
    const vendors = await this.db.query<{ id: number; name: string }[]>(CONNECTED_VENDORS, [Object.keys(CONNECTORS)]);
    const failures: unknown[] = [];
    for (const { id } of vendors) {
      const vendor = await this.connectors.forVendor(id);
      let catalogue: VendorCatalogue;
      try {
        catalogue = await readCatalogue(vendor.connector);
      } catch (error) {
        failures.push(await this.failed(error, vendor, 'vendor_id'));
        continue;
      }
      await this.db.transaction(async (manager) => {
        await manager.query('DELETE FROM vendor_types WHERE vendor_id = $1', [id]);
        const { types, items } = catalogue;
        await manager.query('INSERT INTO vendor_types (vendor_id, id, name) SELECT $1, * FROM unnest($2::text[], $3::text[])', [id, types.map((type) => type.id), types.map((type) => type.name)]);
        const all = [...items].flatMap(([type, list]) => list.map((item) => ({ type, ...item })));
        await manager.query(
          'INSERT INTO vendor_items (vendor_id, type, id, name) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING',
          [id, all.map((item) => item.type), all.map((item) => item.id), all.map((item) => item.name)],
        );
      });
    }
    if (vendors.length && failures.length === vendors.length) throw failures[0];
    return { message: MESSAGES.imports.updating };
  }

  /** The reply to a supplier's failure (registry.ts supplierFailure); an unavailable supplier is noted in the logs with its reason. */
  async failed(error: unknown, vendor: { id: number; name: string }, field: string): Promise<unknown> {
    if (error instanceof SupplierUnavailable) {
      await this.log.write('warning', 'imports', `${MESSAGES.imports.unavailable}: ${vendor.name}`, error.reason, { vendor_id: vendor.id }).catch(() => undefined);
    }
    return supplierFailure(error, field);
  }
}

async function readCatalogue(connector: { types(): Promise<SupplierType[]>; catalogue(type: string): AsyncIterable<SupplierItemRef[]> }): Promise<VendorCatalogue> {
  const types = await connector.types();
  const items = new Map<string, SupplierItemRef[]>();
  for (const type of types) {
    const list: SupplierItemRef[] = [];
    for await (const page of connector.catalogue(type.id)) list.push(...page);
    items.set(type.id, list);
  }
  return { types, items };
}
