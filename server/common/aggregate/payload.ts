/**
 * The `{payload: "<the form as JSON text>"}` body of the big editors (ARCHITECTURE.md §3): a body
 * parser that takes up to 5 MB on their routes (a hotel with 30 rooms × 12 periods is ~200 KB; every
 * other route keeps the 100 KB default), and `parsePayload`, the one way a body is read: the JSON text validated with
 * the feature's shared zod schema — 422 with indexed paths (`rooms.0.dates.1.from`), never a 500.
 */
import { HttpStatus } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { PAYLOAD_MAX_BYTES } from '../../../shared/editor.js';
import { MESSAGES } from '../../../shared/messages.js';
import { INPUT_LIMITS, type FieldErrors } from '../../../shared/validation.js';
import { parseInput, ValidationFailed } from '../http/errors.js';
import { verifyJsonDepth } from '../input/body-parsers.js';
import { assertSafeInput, jsonTextExceedsDepth } from '../input/json-input.js';

/**
 * The input-safety step of every body (server/common/input/), applied to what is inside `{payload}`
 * as well: the JSON depth cap and no control character / lone surrogate in any text — a 422 on the
 * form's own path (`tourists.0.last_name`), where the editor shows the schema's errors, not under
 * `payload.`. The rich-text fields are sanitized by `parseInput` itself: the schema's `richText()` /
 * `optionalRichText()` builders carry the server's sanitizer.
 */
export function secureInput<S extends z.ZodType>(_schema: S, value: unknown): unknown {
  assertSafeInput(value, 'payload', undefined, { nested: false });
  return value;
}

/** Reads `{payload}` as JSON text, applies the input-safety step and validates with `schema`. */
export function parsePayload<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return readPayload(schema, body).form;
}

/**
 * parsePayload's form, and the payload as it was received (what an outside source sent, kept raw).
 * `invalid`: a refused payload's errors in full (the applications: the rules judged on the fields that
 * parsed beside the schema's), instead of the schema's alone.
 */
export function readPayload<S extends z.ZodType>(schema: S, body: unknown, options: { invalid?: (value: Record<string, unknown>) => FieldErrors } = {}): { form: z.output<S>; raw: Record<string, unknown> } {
  const text = (body as { payload?: unknown } | null | undefined)?.payload;
  // Told on the text, before anything builds thousands of levels.
  if (typeof text === 'string' && jsonTextExceedsDepth(text)) throw new ValidationFailed({ payload: [MESSAGES.input.tooDeep(INPUT_LIMITS.jsonDepth)] });
  let value: unknown;
  try {
    value = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    value = undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ValidationFailed({ payload: [MESSAGES.editor.payloadInvalid] });
  const raw = value as Record<string, unknown>;
  const secured = secureInput(schema, raw);
  if (options.invalid && !schema.safeParse(secured).success) throw new ValidationFailed(options.invalid(raw));
  return { form: parseInput(schema, secured), raw };
}

/**
 * JSON bodies up to PAYLOAD_MAX_BYTES on the given routes (`/api/hotels`, `/api/hotels/:id`), mounted
 * before Nest's own parser (which then finds the body read). Larger bodies get 413 with the Russian text.
 */
export function payloadBodyParser(paths: string[]): RequestHandler {
  const parse = express.json({ limit: PAYLOAD_MAX_BYTES, verify: verifyJsonDepth });
  const router = express.Router();
  router.post(paths, parse);
  router.put(paths, parse);
  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if ((error as { type?: string })?.type === 'entity.too.large') {
      response.status(HttpStatus.PAYLOAD_TOO_LARGE).json({ message: MESSAGES.validation.tooLarge });
      return;
    }
    if (error instanceof SyntaxError || (error as { type?: string })?.type === 'entity.parse.failed') {
      response.status(HttpStatus.UNPROCESSABLE_ENTITY).json(new ValidationFailed({ payload: [MESSAGES.editor.payloadInvalid] }).getResponse());
      return;
    }
    next(error);
  });
  return router;
}
