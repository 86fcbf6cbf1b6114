/**
 * Our supplier protocol v1 (docs/supplier-protocol-v1.md): JSON over HTTP, Basic authentication,
 * cursor paging. Everything the supplier answers is checked against the documented shapes: an answer
 * that is not one is the supplier being unavailable (never a half-read item).
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages.js';
import { INPUT_LIMITS } from '../../../shared/validation.js';
import { findInputProblem, jsonTextExceedsDepth } from '../../common/input/json-input.js';
import { AnswerTooLarge, cappedBody, DoorRefused, readCapped, type SupplierDoor } from '../../common/security/supplier-door.js';
import { supplierItemRefusal } from '../supplier-item-guard.js';
import {
  SupplierAnswerRefused,
  SupplierItemRefused,
  SupplierRefused,
  SupplierRejected,
  SupplierUnavailable,
  type SupplierConnector,
  type SupplierHotel,
  type SupplierItemRef,
  type SupplierMessage,
  type SupplierMessages,
  type SupplierPhotoDownload,
  type SupplierType,
} from './connector.js';

export interface ProtocolV1Settings {
  base_url: string;
  login: string | null;
  password: string | null;
  timeout_ms: number;
  /** Every request goes through it (internal addresses refused, the connection pinned to the checked address). */
  door: SupplierDoor;
}

/** Items asked for per page; the supplier may answer fewer. */
export const V1_PAGE_SIZE = 100;
/** A catalogue longer than this many pages is taken for a supplier paging in circles. */
export const V1_MAX_PAGES = 10_000;
/**
 * Caps per kind of answer, counted while reading (issue 37: 20 MB of small JSON objects parses to far
 * more): types, catalogue pages and messages 1 MB; one item (a hotel of up to 200 rooms) 5 MB. A photo's
 * cap is the editor's own upload limit of its kind (shared/hotels/files.ts), given by the caller.
 */
export const V1_MAX_ANSWER_BYTES = { list: 1024 * 1024, item: 5 * 1024 * 1024 } as const;
type AnswerKind = keyof typeof V1_MAX_ANSWER_BYTES;

const D = MESSAGES.imports.door;

const text = (max: number) => z.string().trim().min(1).max(max);
const supplierId = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()]).transform(String);
const nullableText = (max: number) => z.string().max(max).nullish().transform((value) => value ?? null);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const photo = z.object({ url: z.string().regex(/^https?:\/\/\S+$/i).max(2048) });

const named = z.object({ id: supplierId, name: text(255) });
const typesAnswer = z.object({ data: z.array(named) });
const itemsAnswer = z.object({ data: z.array(named), next_cursor: z.string().min(1).max(512).nullish() });
const room = z.object({
  id: supplierId,
  name: text(255),
  room_type: text(255),
  placement: text(255),
  accommodation: nullableText(255),
  places: z.number().int().min(1).max(100).nullish().transform((value) => value ?? null),
  photos: z.array(photo).default([]),
  prices: z.array(z.object({ date_from: day, date_to: day, price: z.number().nonnegative().max(99_999_999.99) })).default([]),
});
const hotelAnswer = z.object({
  data: z.object({
    id: supplierId,
    name: text(255),
    city: text(255),
    address: nullableText(255),
    description: nullableText(100_000),
    photos: z.array(photo).default([]),
    rooms: z.array(room),
  }),
});
const message = z.object({
  id: supplierId,
  type: text(64),
  date: z.iso.datetime({ offset: true }),
  author: z.string().max(255),
  is_our: z.boolean(),
  text: z.string().max(10_000),
});
const messagesAnswer = z.object({ data: z.array(message), types: z.array(named) });
const sentAnswer = z.object({ data: message });
const errorAnswer = z.object({ message: z.string().trim().min(1).max(1000) });

export class ProtocolV1Connector implements SupplierConnector {
  private readonly base: string;

  constructor(private readonly settings: ProtocolV1Settings) {
    this.base = settings.base_url.replace(/\/+$/, '');
  }

  async types(): Promise<SupplierType[]> {
    return (await this.call('GET', '/types', typesAnswer, 'list')).data;
  }

  async search(type: string, query: string): Promise<SupplierItemRef[]> {
    return (await this.call('GET', `/items?${new URLSearchParams({ type, query, limit: String(V1_PAGE_SIZE) })}`, itemsAnswer, 'list', pageWithin(V1_PAGE_SIZE))).data;
  }

  async *catalogue(type: string): AsyncIterable<SupplierItemRef[]> {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < V1_MAX_PAGES; page += 1) {
      const params = new URLSearchParams({ type, limit: String(V1_PAGE_SIZE) });
      if (cursor) params.set('cursor', cursor);
      const answer = await this.call('GET', `/items?${params}`, itemsAnswer, 'list', pageWithin(V1_PAGE_SIZE));
      yield answer.data;
      cursor = answer.next_cursor ?? null;
      if (!cursor) return;
      if (seen.has(cursor)) throw new SupplierUnavailable(`the cursor came back: the supplier pages in circles`);
      seen.add(cursor);
    }
    throw new SupplierUnavailable(`more than ${V1_MAX_PAGES} pages`);
  }

  async item(type: string, id: string): Promise<SupplierHotel> {
    // Our bounds and input guard read the raw item before the schema walks it: 20 000 rooms are refused, not parsed.
    const guard = (raw: unknown) => {
      const refusal = supplierItemRefusal((raw as { data?: unknown } | null)?.data);
      if (refusal) throw new SupplierItemRefused(refusal);
    };
    return (await this.call('GET', `/items/${encodeURIComponent(id)}?${new URLSearchParams({ type })}`, hotelAnswer, 'item', guard)).data;
  }

  /**
   * A photo's file: asked for with our credentials only on the supplier's own host (a photo on a CDN gets
   * none: a password never goes to a host it was not given for); the whole download within `timeout_ms`,
   * its bytes counted as they arrive and cut past `maxBytes`.
   */
  async photo(url: string, maxBytes: number): Promise<SupplierPhotoDownload> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new SupplierRejected(400, null);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new SupplierRejected(400, null);
    const sameHost = target.origin === new URL(this.base).origin;
    const response = await this.send(target, 'GET', sameHost ? this.authorization() : {});
    if (response.status !== 200) {
      const answer = await this.read(response.message, V1_MAX_ANSWER_BYTES.list).catch(() => Buffer.alloc(0));
      throw failureOf(response.status, answer.toString('utf8'));
    }
    const name = decodeURIComponent(target.pathname.split('/').pop() ?? '') || 'photo';
    return { name, body: this.counted(response.message, maxBytes) };
  }

  messages(bookingId: string): Promise<SupplierMessages> {
    return this.call('GET', `/bookings/${encodeURIComponent(bookingId)}/messages`, messagesAnswer, 'list', controlCharactersRefused);
  }

  async sendMessage(bookingId: string, sent: { type: string; text: string }): Promise<SupplierMessage> {
    return (await this.call('POST', `/bookings/${encodeURIComponent(bookingId)}/messages`, sentAnswer, 'list', controlCharactersRefused, sent)).data;
  }

  /** Basic authentication with the vendor's credentials, when it has any. */
  private authorization(): Record<string, string> {
    if (this.settings.login === null && this.settings.password === null) return {};
    return { authorization: `Basic ${Buffer.from(`${this.settings.login ?? ''}:${this.settings.password ?? ''}`).toString('base64')}` };
  }

  /**
   * One request through the supplier door (internal addresses refused before connecting), the whole of
   * it (connect, answer, body) within `timeout_ms`: its body counted against its kind's cap, its depth
   * checked before parsing, `inspect` given the parsed JSON before the schema walks it, then checked against `shape`.
   */
  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, shape: S, kind: AnswerKind, inspect?: (raw: unknown) => void, body?: unknown): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.authorization() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.send(new URL(`${this.base}${path}`), method, headers, body === undefined ? undefined : JSON.stringify(body));
    const answer = await this.read(response.message, V1_MAX_ANSWER_BYTES[kind], response.signal);
    if (response.status !== 200 && response.status !== 201) throw failureOf(response.status, answer.toString('utf8'));
    if (jsonTextExceedsDepth(answer, INPUT_LIMITS.jsonDepth)) throw new SupplierAnswerRefused(`the answer to ${method} ${path.split('?')[0]} nests deeper than ${INPUT_LIMITS.jsonDepth}`, D.tooDeep);
    const raw = parseJson(answer.toString('utf8'));
    inspect?.(raw);
    const parsed = shape.safeParse(raw);
    if (!parsed.success) throw new SupplierUnavailable(`the answer to ${method} ${path.split('?')[0]} is not protocol v1: ${parsed.error.issues[0]?.path.join('.')}`, D.notProtocol);
    return parsed.data;
  }

  /** Sends a request through the door; the response once its headers came (redirects are answers like any other, never followed). */
  private async send(url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body?: string): Promise<{ status: number; message: IncomingMessage; signal: AbortSignal }> {
    const signal = AbortSignal.timeout(this.settings.timeout_ms);
    try {
      const message = await this.settings.door.request(url, { method, headers, body, signal });
      return { status: message.statusCode ?? 0, message, signal };
    } catch (error) {
      throw failureOfTransport(error, signal);
    }
  }

  /** A body read whole within its cap and the request's time. */
  private async read(message: IncomingMessage, maxBytes: number, signal?: AbortSignal): Promise<Buffer> {
    try {
      return await readCapped(message, maxBytes);
    } catch (error) {
      throw failureOfTransport(error, signal);
    }
  }

  /** A photo's body as it arrives, within its cap: a failure mid-way is the supplier's, in Russian. */
  private async *counted(message: IncomingMessage, maxBytes: number): AsyncIterable<Uint8Array> {
    try {
      yield* cappedBody(message, maxBytes);
    } catch (error) {
      throw failureOfTransport(error);
    }
  }
}

/** A failure before or while the answer arrived, as the imports say it (the technical detail kept as the reason). */
function failureOfTransport(error: unknown, signal?: AbortSignal): Error {
  if (error instanceof SupplierUnavailable) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof DoorRefused) return new SupplierAnswerRefused(detail, error.kind === 'internal' ? D.internal : D.unavailable);
  if (error instanceof AnswerTooLarge) return new SupplierAnswerRefused(detail, D.tooLarge);
  const timedOut = signal?.aborted || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
  return new SupplierUnavailable(detail, timedOut ? D.timeout : D.unavailable);
}

/** A catalogue page holds at most the `limit` we asked: a longer one is refused before the schema walks it. */
const pageWithin = (limit: number) => (raw: unknown) => {
  const data = (raw as { data?: unknown } | null)?.data;
  if (Array.isArray(data) && data.length > limit) throw new SupplierAnswerRefused(`a page of ${data.length} items, ${limit} asked`, D.pageTooLong);
  controlCharactersRefused(raw);
};

/** A list or a message holding control characters is refused whole: nothing of it reaches a screen or a log. */
function controlCharactersRefused(raw: unknown): void {
  const problem = findInputProblem(raw, Number.POSITIVE_INFINITY);
  if (problem) throw new SupplierAnswerRefused(`control characters at ${problem.path}`, D.controlCharacters(problem.path));
}

/** The failure a status other than 200/201 is (docs/supplier-protocol-v1.md "Errors"). */
function failureOf(status: number, answer: string): Error {
  if (status >= 500 || status === 429) return new SupplierUnavailable(`HTTP ${status}`);
  if (status === 401 || status === 403) return new SupplierRefused(supplierMessage(answer));
  if (status >= 400) return new SupplierRejected(status, supplierMessage(answer));
  return new SupplierUnavailable(`HTTP ${status}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The supplier's own words about a refusal (`{"message": "…"}`), when it gave any. */
function supplierMessage(answer: string): string | null {
  const parsed = errorAnswer.safeParse(parseJson(answer));
  return parsed.success ? parsed.data.message : null;
}
