/** The error replies of the HTTP contract (ARCHITECTURE.md §3), thrown from services and guards. */
import { HttpException, HttpStatus } from '@nestjs/common';
import type { z } from 'zod';
import type { RefusalCodes, ValidationErrorBody } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import { toFieldErrors, type FieldErrors } from '../../../shared/validation.js';
// Installs the rich-text sanitizer into the shared schemas parsed below (server/common/input/rich-text.ts).
import '../input/rich-text.js';

/** 422 {message, errors: {"field.path": [...]}}, with `codes: {"field.path": code}` for the refusals that have one (shared/api.ts). */
export class ValidationFailed extends HttpException {
  constructor(
    readonly errors: FieldErrors,
    readonly codes: RefusalCodes = {},
  ) {
    super({ message: firstMessage(errors), errors, ...(Object.keys(codes).length > 0 ? { codes } : {}) } satisfies ValidationErrorBody, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

function firstMessage(errors: FieldErrors): string {
  const first = Object.values(errors)[0]?.[0];
  return first ?? MESSAGES.validation.summary;
}

export const notFound = () => new HttpException({ message: MESSAGES.http.notFound }, HttpStatus.NOT_FOUND);
export const forbidden = (message: string = MESSAGES.auth.forbidden) =>
  new HttpException({ message }, HttpStatus.FORBIDDEN);
/** 405: the resource exists but does not take this method (POST/PUT on read-only logs). */
export const methodNotAllowed = () =>
  new HttpException({ message: MESSAGES.http.methodNotAllowed }, HttpStatus.METHOD_NOT_ALLOWED);
export const unauthenticated = () =>
  new HttpException({ message: MESSAGES.auth.unauthenticated }, HttpStatus.UNAUTHORIZED);
/** Laravel's "page expired": the XSRF token is missing or does not match. */
export const csrfMismatch = () => new HttpException({ message: MESSAGES.auth.csrfMismatch }, 419);

/** Validates input with a shared zod schema (its rich-text fields sanitized); failures become the 422 field map. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationFailed(toFieldErrors(result.error));
  return result.data;
}

/** PostgreSQL error codes the services translate into contract replies. */
export const PG = {
  foreignKeyViolation: '23503',
  /** A delete refused by a foreign key declared ON DELETE RESTRICT (NO ACTION ones answer foreignKeyViolation). */
  restrictViolation: '23001',
  uniqueViolation: '23505',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  /** Two transactions waited on each other; PostgreSQL rolled this one back. */
  deadlockDetected: '40P01',
  serializationFailure: '40001',
} as const;

/** A delete refused because another row still references this one (NO ACTION or RESTRICT). */
export const isStillReferenced = (error: unknown) => [PG.foreignKeyViolation, PG.restrictViolation].includes(pgErrorOf(error).code as never);

export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  const source = (error as { driverError?: unknown })?.driverError ?? error;
  return (source ?? {}) as { code?: string; constraint?: string };
}

/** 503 while the database cannot be reached (server/database/database-availability.ts); the client may retry. */
export const databaseUnavailable = (extra: Record<string, unknown> = {}) =>
  new HttpException({ message: MESSAGES.database.unavailable, ...extra }, HttpStatus.SERVICE_UNAVAILABLE);
/** 503 for one request that waited too long for a free pooled connection: busy, not down. */
export const databaseBusy = () => new HttpException({ message: MESSAGES.database.busy }, HttpStatus.SERVICE_UNAVAILABLE);
/** Seconds a client is asked to wait before retrying a 503 (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
