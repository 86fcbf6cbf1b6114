import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { IncomingMessage } from 'node:http';
import { INPUT_LIMITS } from '../../../shared/validation.js';
import { JsonTooDeep } from '../http/client-errors.js';
import { jsonTextExceedsDepth } from './json-input.js';

/** The `verify` hook of a JSON body parser: refuses a body nested deeper than INPUT_LIMITS.jsonDepth before it is parsed. */
export function verifyJsonDepth(_request: IncomingMessage, _response: unknown, body: Buffer): void {
  if (jsonTextExceedsDepth(body, INPUT_LIMITS.jsonDepth)) throw new JsonTooDeep(INPUT_LIMITS.jsonDepth);
}

/**
 * The body parsers Nest would register (JSON, and url-encoded forms with nested keys), with the
 * JSON depth checked on the raw bytes before the body is parsed: a body nested 3000 levels deep is
 * refused with a Russian 400 instead of overflowing the stack of whatever walks it later.
 * (Express's own parsers: Nest's `useBodyParser` does not pass a `verify` hook through.)
 */
export function useBodyParsers(app: NestExpressApplication): void {
  app.use(express.json({ verify: verifyJsonDepth }));
  app.use(express.urlencoded({ extended: true }));
}
