/**
 * The renderer's one way to call the API (ARCHITECTURE.md §3): same-origin cookies, the XSRF
 * header on every non-GET, and the global reactions: no answer at all → the connection is lost (the
 * banner, see ./connection.ts); 401/419 → the session is gone (./session.ts decides between /auth and
 * the sign-in dialog); a 5xx → 'Ошибка' / 'Обратитесь к разработчикам.' (spec 01 §8). What a screen
 * says about a failure comes from one helper, common/failure.ts.
 */
import { API_PREFIX, EXPORT_QUEUE_HEADER, XSRF_COOKIE, XSRF_HEADER, type RefusalCodes, type ValidationErrorBody } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { toast } from '../common/toaster';
import { connectionAnswered, connectionLost } from './connection';

/** A request that failed: `status` 0 when the server gave no answer at all (offline, server stopped). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super((body as { message?: string } | null)?.message ?? (status === 0 ? MESSAGES.connection.offline : `HTTP ${status}`));
  }

  /** No answer: the network or the server is down; nothing reached the database. */
  get offline(): boolean {
    return this.status === 0;
  }

  /** The session is gone (signed out elsewhere, expired, purged): 401, or 419 without a session. */
  get sessionLost(): boolean {
    return this.status === 401 || this.status === 419;
  }

  /** The 422 field map, or an empty one. */
  get fieldErrors(): FieldErrors {
    return this.status === 422 ? ((this.body as ValidationErrorBody).errors ?? {}) : {};
  }

  /** The 422's refusal codes by field path (shared/api.ts REFUSAL_CODES), or none. */
  get refusalCodes(): RefusalCodes {
    return this.status === 422 ? ((this.body as ValidationErrorBody).codes ?? {}) : {};
  }

  /** The server's own message when it sent one. */
  get serverMessage(): string | undefined {
    return (this.body as { message?: string } | null)?.message;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Read the reply as a file instead of JSON. */
  binary?: boolean;
  /** A file's place in the server's export queue (`X-Export-Queue`) while it waits; null once the file comes. */
  onQueued?: (place: number | null) => void;
  /** Send the CSRF proof on a GET too: the spec's GETs that change things (a departure's notify). */
  proof?: boolean;
}

/** Set by the app: what to do when the session is gone. */
let onSessionLost: () => void = () => {};
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return cookie ? decodeURIComponent(cookie.slice(prefix.length)) : undefined;
}

export async function ensureCsrfCookie(force = false): Promise<void> {
  if (!force && readCookie(XSRF_COOKIE)) return;
  await send(`${API_PREFIX}/sanctum/csrf-cookie`, { credentials: 'same-origin' });
}

export function buildUrl(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const text = search.toString();
  // A path may carry a query of its own (a picker narrowed to a city: `/hotels/list?city_id=5`).
  return `${API_PREFIX}${path}${text ? `${path.includes('?') ? '&' : '?'}${text}` : ''}`;
}

/** fetch, with "no answer" turned into ApiError(0) and reported to the connection banner. */
async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error; // the caller gave up (a newer search), not the network
    connectionLost();
    throw new ApiError(0, null);
  }
  connectionAnswered();
  return response;
}

/**
 * The reply's file. An export that waits its turn on the server (server/exports/export-slots.ts) has
 * its headers at once with its place in the queue, and its first bytes when its turn comes.
 */
async function readFile(response: Response, onQueued?: (place: number | null) => void): Promise<Blob> {
  const place = Number(response.headers.get(EXPORT_QUEUE_HEADER));
  if (!onQueued || !(place > 0) || !response.body) return response.blob();
  onQueued(place);
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      onQueued(null);
      if (done) break;
      chunks.push(value);
    }
  } finally {
    onQueued(null);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? '' });
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET' || options.proof) {
    await ensureCsrfCookie();
    headers[XSRF_HEADER] = readCookie(XSRF_COOKIE) ?? '';
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await send(buildUrl(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal });

  if (response.ok) {
    if (response.status === 204) return undefined as T;
    if (options.binary) return (await readFile(response, options.onQueued)) as T;
    return (await response.json()) as T;
  }

  const error = new ApiError(response.status, await response.json().catch(() => null));
  if (error.sessionLost) onSessionLost();
  // The database is down or restarting (server/common/http/database-unavailable.ts): it says so itself.
  else if (response.status === 503 && error.serverMessage) toast.error(error.serverMessage, MESSAGES.errors.title);
  else if (response.status >= 500) toast.error(MESSAGES.errors.contactDevelopers, MESSAGES.errors.title);
  throw error;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  file: (path: string, query?: Query, onQueued?: (place: number | null) => void) => request<Blob>('GET', path, { query, binary: true, onQueued }),
  /** A GET that changes state (spec 02 §7 notify): sent with the CSRF proof, as a write is. */
  getChanging: <T>(path: string) => request<T>('GET', path, { proof: true }),
};
