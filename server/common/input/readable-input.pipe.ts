import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { assertSafeInput } from './json-input.js';

/**
 * Registered globally (app.module.ts): the body, query and route parameters of every route are
 * checked before any handler sees them — at most INPUT_LIMITS.jsonDepth levels, no control character
 * (but tab and line breaks) or lone surrogate in any text or key — and refused with a 422 naming the field. Runs after the auth
 * guard, so a caller without a session still gets 401 first.
 */
@Injectable()
export class ReadableInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') assertSafeInput(value, metadata.data ?? '');
    return value;
  }
}
