/**
 * Input hygiene shared by every endpoint (ARCHITECTURE.md §7 "Security edge"). An endpoint that
 * receives JSON as text (the `{payload}` of the aggregate editors) calls, in this order:
 *
 *   const value = parseJsonField(body.payload, 'payload');   // depth cap + no control character / lone surrogate, else 422
 *   const input = parseInput(schema, value);                  // 422 map; sanitizes every richText()/optionalRichText() field
 *
 * `sanitizeRichText(html)` is there for HTML that does not pass through a shared schema.
 */
export { sanitizeRichText } from './rich-text.js';
export { assertJsonDepth, assertReadableText, assertSafeInput, findInputProblem, jsonTextExceedsDepth, parseJsonField } from './json-input.js';
export { ReadableInputPipe } from './readable-input.pipe.js';
