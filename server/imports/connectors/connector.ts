/**
 * What a supplier integration offers the imports and the applications' Comments tab (issue 31): the
 * types of item it supplies, a search and a paged catalogue of items by name, one item whole (a hotel
 * with rooms, photos and prices) and its photos' files, and the messages of a booking. One implementation per protocol
 * (registry.ts); ours is protocol v1 (protocol-v1.ts, docs/supplier-protocol-v1.md).
 *
 * Every method either answers data of the documented shape or throws one of the three failures
 * below, which the API turns into its replies (supplierFailure, errors.ts).
 */
import type { ExternalMessage } from '../../../shared/applications/external-messages.js';
import { MESSAGES } from '../../../shared/messages.js';

export interface SupplierType {
  id: string;
  name: string;
}

/** An item as a search or the catalogue names it. */
export interface SupplierItemRef {
  id: string;
  name: string;
}

export interface SupplierPhoto {
  url: string;
}

export interface SupplierPrice {
  /** YYYY-MM-DD, both days included. */
  date_from: string;
  date_to: string;
  price: number;
}

export interface SupplierRoom {
  id: string;
  name: string;
  /** The supplier's words, mapped to ours through the administrator's mapping list. */
  room_type: string;
  placement: string;
  accommodation: string | null;
  places: number | null;
  photos: SupplierPhoto[];
  prices: SupplierPrice[];
}

export interface SupplierHotel {
  id: string;
  name: string;
  city: string;
  address: string | null;
  description: string | null;
  photos: SupplierPhoto[];
  rooms: SupplierRoom[];
}

/** A photo as it downloads: its bytes as they arrive (never held whole) and the file name its URL gives. */
export interface SupplierPhotoDownload {
  name: string;
  body: AsyncIterable<Uint8Array>;
}

/** A message of a booking as the supplier keeps it: what the Comments tab shows (`date` ISO 8601 with its offset). */
export type SupplierMessage = ExternalMessage;

export interface SupplierMessages {
  data: SupplierMessage[];
  /** The kinds of message the supplier takes (e.g. a question, a change request). */
  types: SupplierType[];
}

export interface SupplierConnector {
  types(): Promise<SupplierType[]>;
  /** The first page of items of `type` whose name holds `query`. */
  search(type: string, query: string): Promise<SupplierItemRef[]>;
  /** Every item of `type`, page by page. */
  catalogue(type: string): AsyncIterable<SupplierItemRef[]>;
  item(type: string, id: string): Promise<SupplierHotel>;
  /** Downloads a photo an item names (its `url`), cut past `maxBytes`; the body is read within the same timeout as any request. */
  photo(url: string, maxBytes: number): Promise<SupplierPhotoDownload>;
  messages(bookingId: string): Promise<SupplierMessages>;
  sendMessage(bookingId: string, message: { type: string; text: string }): Promise<SupplierMessage>;
}

/**
 * The supplier did not answer in time, answered 5xx, or answered something that is not the protocol.
 * `reason` is the technical detail (the server's log only); `userMessage` what a manager reads (Russian).
 */
export class SupplierUnavailable extends Error {
  constructor(
    readonly reason: string,
    readonly userMessage: string = MESSAGES.imports.door.unavailable,
  ) {
    super(`Supplier unavailable: ${reason}`);
  }
}

/**
 * Our guards refused what the supplier gave (an internal address, an answer too large or too deeply
 * nested, a page longer than asked): the supplier counts as unavailable to the API's replies, and the
 * log says which guard in Russian.
 */
export class SupplierAnswerRefused extends SupplierUnavailable {}

/** An item our bounds or input guard refuse (too many rooms, control characters): the item is skipped, the run goes on. */
export class SupplierItemRefused extends Error {
  constructor(readonly userMessage: string) {
    super(`Supplier item refused: ${userMessage}`);
  }
}

/** The supplier refused our credentials (its 401 or 403); `supplierMessage` is its own words, if any. */
export class SupplierRefused extends Error {
  constructor(readonly supplierMessage: string | null) {
    super(`Supplier refused the credentials: ${supplierMessage ?? ''}`);
  }
}

/** The supplier refused the request itself (its other 4xx: an unknown item, a message it does not take). */
export class SupplierRejected extends Error {
  constructor(
    readonly status: number,
    readonly supplierMessage: string | null,
  ) {
    super(`Supplier rejected the request (${status}): ${supplierMessage ?? ''}`);
  }
}
