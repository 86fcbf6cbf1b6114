/**
 * Which failures the client caused, and the reply each gets (issue 8 "Bad input never reaches a
 * 500"): they answer 4xx with a Russian message and are not logged as server errors.
 *
 * - Our own HttpExceptions (422, 404, 403, 409, …) keep their body.
 * - Errors raised before a route runs, which Nest maps to HttpExceptions with English texts — a
 *   malformed percent-encoding in the URL, JSON that does not parse or nests too deep, a body too
 *   large, an unknown route — get the Russian text of their kind.
 * - A value PostgreSQL refuses as data (out of range, invalid text) that validation let through is
 *   the client's input too: 422, logged only as a (rate-limited) warning so the gap can be closed.
 * - Not the client's doing but not a fault either: a save rolled back by a deadlock with a colleague's
 *   (409, a rate-limited warning): nothing was stored and trying again works.
 * - A client that went away mid-request (an upload abandoned half-way): a (rate-limited) warning,
 *   never an error row with a stack.
 * - Not the client's doing but answered the same way, for that request only: a wait for a free pooled
 *   connection that ran out (503, a rate-limited warning; never the outage state).
 */
import type { IncomingMessage } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES } from '../../../shared/messages.js';
import { isPoolBusy } from '../../database/database-availability.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseBusy, PG, pgErrorOf } from './errors.js';

export interface ClientErrorReply {
  status: number;
  body: object;
  headers?: Record<string, string>;
  /** Worth a warning row in /logs (a validation gap, a client gone mid-request), rather than nothing. */
  warn?: boolean;
  /** Write that warning after answering (it needs a pooled connection, which this reply is about). */
  warnAfterReply?: boolean;
  /** What the warning says before the error's own words (otherwise those alone). */
  note?: string;
}

/** The JSON body nests deeper than INPUT_LIMITS.jsonDepth (thrown by the body parser's check, bootstrap.ts). */
export class JsonTooDeep extends Error {
  readonly status = HttpStatus.BAD_REQUEST;
  readonly statusCode = HttpStatus.BAD_REQUEST;
  readonly expose = true;
  constructor(max: number) {
    super(MESSAGES.input.tooDeep(max));
  }
}

/** Russian texts of the statuses Nest and Express answer by themselves. */
const STATUS_TEXTS: Partial<Record<number, string>> = {
  [HttpStatus.NOT_FOUND]: MESSAGES.http.notFound,
  [HttpStatus.METHOD_NOT_ALLOWED]: MESSAGES.http.methodNotAllowed,
  [HttpStatus.PAYLOAD_TOO_LARGE]: MESSAGES.input.tooLarge,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: MESSAGES.input.unsupportedMediaType,
};

/**
 * PostgreSQL error classes that mean "this value cannot be data": 22 data exception (numeric out of
 * range, invalid text representation, character not in repertoire, …) and 54001 statement too
 * complex (nesting too deep for its parser).
 */
const isDataError = (code: string | undefined) => !!code && (code.startsWith('22') || code === '54001');

/** A transaction PostgreSQL rolled back because another one held what it needed: a deadlock or a serialization failure. */
const isConcurrencyFailure = (code: string | undefined) => code === PG.deadlockDetected || code === PG.serializationFailure;

/**
 * The client went away mid-request (a tab closed during an upload, a dropped Wi-Fi link, a font the
 * browser stopped loading). Told two ways:
 * - by the error's words: Express and body-parser say so with ECONNABORTED, the code a dropped
 *   database link may carry too — so it is told apart here, before anything blames the database;
 * - by the request itself, when it is given: its body never arrived whole and its connection is
 *   gone. Whatever failed then (multer's 'Request aborted' or 'Request closed', busboy's 'Unexpected
 *   end of form', ECONNRESET on the request stream, an upload's store cut off mid-file, in
 *   server/files/upload.interceptor.ts and stream-upload.interceptor.ts alike) failed because of that.
 */
export function isClientAbort(exception: unknown, request?: IncomingMessage): boolean {
  const { code, type, message } = (exception ?? {}) as { code?: unknown; type?: unknown; message?: unknown };
  if (code === 'ECONNABORTED' && (type === 'request.aborted' || (typeof message === 'string' && /^request aborted$/i.test(message)))) return true;
  return request !== undefined && !request.complete && (request.destroyed || request.socket?.destroyed === true);
}

/**
 * The reply to a failure the client caused, or null for a server error. `request` (the failed
 * request) lets an aborted upload be recognised whatever error it surfaced as.
 */
export function clientErrorReply(exception: unknown, request?: IncomingMessage): ClientErrorReply | null {
  // Nobody reads this reply; the (rate-limited) warning says what happened, without a stack.
  if (isClientAbort(exception, request)) return { status: HttpStatus.BAD_REQUEST, body: { message: MESSAGES.input.badRequest }, warn: true, note: MESSAGES.input.clientAborted };
  // Every pooled connection was busy for the whole wait: this request's 503, never an outage
  // (ARCHITECTURE.md §7 "Connections"); a warning shows on /logs when it keeps happening.
  if (isPoolBusy(exception)) {
    const busy = databaseBusy();
    return { status: busy.getStatus(), body: busy.getResponse() as object, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) }, warn: true, warnAfterReply: true };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    const cause = exception.cause;
    // Thrown by our code: its body is already the contract's.
    if (cause === undefined && typeof body === 'object' && body !== null && 'message' in body && !('statusCode' in body)) return { status, body };
    return { status, body: { message: messageOf(status, cause, typeof body === 'string' ? body : exception.message) } };
  }
  // Two writers met (a delete and a save locking the same rows in the other order): PostgreSQL rolled
  // this one back whole, so nothing is half-saved and the user may simply try again.
  if (isConcurrencyFailure(pgErrorOf(exception).code)) return { status: HttpStatus.CONFLICT, body: { message: MESSAGES.version.concurrent }, warn: true };
  if (isDataError(pgErrorOf(exception).code)) {
    const message = MESSAGES.input.badValue;
    return { status: HttpStatus.UNPROCESSABLE_ENTITY, body: { message, errors: { _: [message] } }, warn: true };
  }
  return null;
}

function messageOf(status: number, cause: unknown, text: string): string {
  if (cause instanceof JsonTooDeep) return text;
  if (cause instanceof URIError) return MESSAGES.input.badUrlEncoding;
  if (cause instanceof SyntaxError) return MESSAGES.input.badJson;
  if (cause === undefined && /[а-яё]/i.test(text)) return text;
  return STATUS_TEXTS[status] ?? (status >= 500 ? MESSAGES.http.serverError : MESSAGES.input.badRequest);
}
