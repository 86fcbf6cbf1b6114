/**
 * Our supplier protocol v1 (docs/supplier-protocol-v1.md): JSON over HTTP, Basic authentication,
 * cursor paging. Everything the supplier answers is checked against the documented shapes: an answer
 * that is not one is the supplier being unavailable (never a half-read item).
 */
import { z } from 'zod';
import {
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
}

/** Items asked for per page; the supplier may answer fewer. */
export const V1_PAGE_SIZE = 100;
/** A catalogue longer than this many pages is taken for a supplier paging in circles. */
export const V1_MAX_PAGES = 10_000;
/** An answer larger than this is refused unread to the end (a hotel with its rooms is far smaller). */
export const V1_MAX_ANSWER_BYTES = 20 * 1024 * 1024;

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
    return (await this.call('GET', '/types', typesAnswer)).data;
  }

  async search(type: string, query: string): Promise<SupplierItemRef[]> {
    return (await this.call('GET', `/items?${new URLSearchParams({ type, query, limit: String(V1_PAGE_SIZE) })}`, itemsAnswer)).data;
  }

  async *catalogue(type: string): AsyncIterable<SupplierItemRef[]> {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < V1_MAX_PAGES; page += 1) {
      const params = new URLSearchParams({ type, limit: String(V1_PAGE_SIZE) });
      if (cursor) params.set('cursor', cursor);
      const answer = await this.call('GET', `/items?${params}`, itemsAnswer);
      yield answer.data;
      cursor = answer.next_cursor ?? null;
      if (!cursor) return;
      if (seen.has(cursor)) throw new SupplierUnavailable(`the cursor ${cursor} came back`);
      seen.add(cursor);
    }
    throw new SupplierUnavailable(`more than ${V1_MAX_PAGES} pages`);
  }

  async item(type: string, id: string): Promise<SupplierHotel> {
    return (await this.call('GET', `/items/${encodeURIComponent(id)}?${new URLSearchParams({ type })}`, hotelAnswer)).data;
  }

  /**
   * A photo's file: asked for with our credentials only on the supplier's own host (a photo on a CDN gets
   * none: a password never goes to a host it was not given for); the whole download within `timeout_ms`.
   */
  async photo(url: string): Promise<SupplierPhotoDownload> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new SupplierRejected(400, `not an http(s) link: ${url}`);
    const sameHost = target.origin === new URL(this.base).origin;
    let response: Response;
    try {
      response = await fetch(target, { headers: sameHost ? this.authorization() : {}, signal: AbortSignal.timeout(this.settings.timeout_ms), redirect: 'error' });
    } catch (error) {
      throw new SupplierUnavailable(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    if (response.status !== 200 || !response.body) {
      const answer = await response.text().catch(() => '');
      throw failureOf(response.status, answer);
    }
    const name = decodeURIComponent(target.pathname.split('/').pop() ?? '') || 'photo';
    return { name, body: response.body };
  }

  messages(bookingId: string): Promise<SupplierMessages> {
    return this.call('GET', `/bookings/${encodeURIComponent(bookingId)}/messages`, messagesAnswer);
  }

  async sendMessage(bookingId: string, sent: { type: string; text: string }): Promise<SupplierMessage> {
    return (await this.call('POST', `/bookings/${encodeURIComponent(bookingId)}/messages`, sentAnswer, sent)).data;
  }

  /** Basic authentication with the vendor's credentials, when it has any. */
  private authorization(): Record<string, string> {
    if (this.settings.login === null && this.settings.password === null) return {};
    return { authorization: `Basic ${Buffer.from(`${this.settings.login ?? ''}:${this.settings.password ?? ''}`).toString('base64')}` };
  }

  /** One request: the whole of it (connect, answer, body) within `timeout_ms`; its answer checked against `shape`. */
  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, shape: S, body?: unknown): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.authorization() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let answer: string;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeout_ms),
        redirect: 'error',
      });
      status = response.status;
      if (Number(response.headers.get('content-length') ?? 0) > V1_MAX_ANSWER_BYTES) {
        await response.body?.cancel();
        throw new SupplierUnavailable('the answer is too large');
      }
      answer = await response.text();
    } catch (error) {
      if (error instanceof SupplierUnavailable) throw error;
      throw new SupplierUnavailable(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    if (status !== 200 && status !== 201) throw failureOf(status, answer);
    const parsed = shape.safeParse(parseJson(answer));
    if (!parsed.success) throw new SupplierUnavailable(`the answer to ${method} ${path.split('?')[0]} is not protocol v1: ${parsed.error.issues[0]?.path.join('.')}`);
    return parsed.data;
  }
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
