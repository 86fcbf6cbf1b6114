/** Arranging and watching imports in server tests (issue 31): a connected vendor and a finished run. */
import { expect } from 'vitest';
import { ImportStatus } from '../../shared/resources/imports.js';
import type { ApiClient, TestDatabase } from './test-app.js';
import { SUPPLIER_LOGIN, SUPPLIER_PASSWORD, type TestSupplier } from './supplier-server.js';

/** A vendor connected to `supplier` with its types and items read (the administrator's «Обновить данные поставщиков»); its id. */
export async function connectedTestVendor(admin: ApiClient, supplier: TestSupplier, name: string): Promise<number> {
  const vendor = await admin.post('/api/vendors', { name, is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD, timeout_ms: 2000 } });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  expect((await admin.get('/api/imports/update-items', { proof: true })).status).toBe(200);
  return vendor.body.data.id as number;
}

/** Saves an active import of the supplier's hotels `H{n}` through `client` and answers its id. */
export async function saveHotelsImport(client: ApiClient, vendorId: number, numbers: number[]): Promise<number> {
  const created = await client.post('/api/imports', { vendor_id: vendorId, type: 'hotels', items: numbers.map((n) => ({ id: `H${n}`, name: `Отель поставщика ${n}` })) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
}

/** The import's status once its run has finished (3, 4 or 5). */
export async function finishedImport(db: TestDatabase, importId: number): Promise<ImportStatus> {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const [row] = await db.query<{ status: ImportStatus }>('SELECT status FROM imports WHERE id = $1', [importId]);
    if (row && row.status >= ImportStatus.Done) return row.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Import ${importId} did not finish`);
}

/** The import's log as [status, message] pairs, oldest first. */
export const importLog = async (db: TestDatabase, importId: number) =>
  (await db.query<{ status: string; message: string }>('SELECT status, message FROM import_logs WHERE import_id = $1 ORDER BY id', [importId])).map(({ status, message }) => [status, message]);
