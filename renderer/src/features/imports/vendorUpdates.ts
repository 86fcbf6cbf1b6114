/**
 * «Обновить данные поставщиков»'s reply shown on the Imports screen (issue 37): a line per vendor — its
 * name, its result in Russian, how many items are cached and why it failed or was capped.
 */
import { MESSAGES } from '@shared/messages';
import type { UpdateItemsReply, VendorUpdate } from '@shared/resources/imports';

const D = MESSAGES.imports.door;

export function vendorUpdateLine(vendor: VendorUpdate): string {
  const parts = [`${vendor.name}: ${D.results[vendor.result]}`];
  if (vendor.result === 'updated') parts.push(D.resultItems(vendor.items));
  if (vendor.reason) parts.push(vendor.reason);
  return parts.join(' — ');
}

/** The toast's intent: green when every connected vendor was updated whole, amber when some were not, red when none was. */
export function vendorUpdateIntent(reply: UpdateItemsReply): 'success' | 'warning' | 'danger' {
  const connected = reply.vendors.filter((vendor) => vendor.result !== 'not_connected');
  if (connected.length > 0 && !connected.some((vendor) => vendor.result === 'updated')) return 'danger';
  return reply.vendors.every((vendor) => vendor.result === 'updated' && !vendor.reason) ? 'success' : 'warning';
}

/** A reply body that names the vendors (a 503 of the same call carries one too). */
export function isUpdateItemsReply(body: unknown): body is UpdateItemsReply {
  return typeof body === 'object' && body !== null && Array.isArray((body as { vendors?: unknown }).vendors) && typeof (body as { message?: unknown }).message === 'string';
}
