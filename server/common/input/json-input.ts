/**
 * Checks any input must pass whatever the endpoint (issue 8 "Bad input never reaches a 500"):
 * JSON nests at most INPUT_LIMITS.jsonDepth levels (thousands of levels overflow the stack of the
 * code that walks it), and no text holds a C0 control character other than tab and line breaks (PostgreSQL
 * refuses NUL; XML 1.0, so every docx and xlsx export, refuses the rest) or half of a surrogate pair
 * (it cannot be stored as UTF-8 and would silently become U+FFFD).
 *
 * Used by the JSON body parser (bootstrap.ts), the global ReadableInputPipe, and any endpoint that
 * receives JSON as text — the `{payload}` of the aggregate editors: `parseJsonField(body.payload, 'payload')`.
 */
import { MESSAGES } from '../../../shared/messages.js';
import { INPUT_LIMITS } from '../../../shared/validation.js';
import { ValidationFailed } from '../http/errors.js';
import { FORBIDDEN_CONTROL_CHARACTERS } from './control-characters.js';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max`, told without parsing it (one pass, no recursion), so a
 * body of 50 000 opening brackets is refused before anything builds it. Brackets inside strings do
 * not count. Works on the raw bytes (UTF-8 never puts these ASCII bytes inside a multi-byte character).
 */
export function jsonTextExceedsDepth(text: string | Uint8Array, max: number = INPUT_LIMITS.jsonDepth): boolean {
  const code = typeof text === 'string' ? (index: number) => text.charCodeAt(index) : (index: number) => text[index]!;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = code(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * A text nobody can have typed, that PostgreSQL cannot store faithfully (NUL, half of a surrogate
 * pair: it would silently become U+FFFD) or that no document can hold (the other C0 controls).
 */
const unreadable = (text: string) => FORBIDDEN_CONTROL_CHARACTERS.test(text) || !(text as string & { isWellFormed(): boolean }).isWellFormed();

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * The first problem of a parsed value, walked without recursion: a level deeper than `maxDepth`
 * (objects and arrays count one each), or an unreadable text in a value or a key.
 */
export function findInputProblem(value: unknown, maxDepth: number = INPUT_LIMITS.jsonDepth): { path: string; problem: 'depth' | 'text' } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (unreadable(current)) return { path, problem: 'text' };
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      if (depth + 1 > maxDepth) return { path, problem: 'depth' };
      const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
      for (const [key, item] of entries) {
        const itemPath = join(path, key);
        if (typeof key === 'string' && unreadable(key)) return { path: itemPath, problem: 'text' };
        stack.push({ value: item, path: itemPath, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * The 422 of a problem found in `field` (or at the top of the body when `field` is empty). `nested: false`:
 * the value is a form sent as text inside `field` (the aggregate editors' `{payload}`), so a problem is
 * keyed by its path in the form, and only a problem at its top by `field`.
 */
function refusal(problem: { path: string; problem: 'depth' | 'text' }, field: string, maxDepth: number, nested = true): ValidationFailed {
  const path = problem.path === '' ? field || '_' : field && nested ? `${field}.${problem.path}` : problem.path;
  const message = problem.problem === 'depth' ? MESSAGES.input.tooDeep(maxDepth) : MESSAGES.input.unreadableText;
  return new ValidationFailed({ [path]: [message] });
}

/** 422 when `value` nests deeper than `max` levels (the field's message is keyed by `field`). */
export function assertJsonDepth(value: unknown, max: number = INPUT_LIMITS.jsonDepth, field = ''): void {
  const problem = findInputProblem(value, max);
  if (problem?.problem === 'depth') throw refusal(problem, field, max);
}

/** 422 when a text in `value` holds a control character (FORBIDDEN_CONTROL_CHARACTERS) or a lone surrogate, keyed by the dotted path under `field`. */
export function assertReadableText(value: unknown, field = ''): void {
  const problem = findInputProblem(value, Number.POSITIVE_INFINITY);
  if (problem) throw refusal(problem, field, Number.POSITIVE_INFINITY);
}

/** Both checks at once: 422 for too deep or unreadable input under `field` (`nested: false`: keyed by the form's own path, see refusal). */
export function assertSafeInput(value: unknown, field = '', maxDepth: number = INPUT_LIMITS.jsonDepth, options: { nested?: boolean } = {}): void {
  const problem = findInputProblem(value, maxDepth);
  if (problem) throw refusal(problem, field, maxDepth, options.nested);
}

/**
 * JSON sent as text inside a field (the `{payload}` of the aggregate editors): parsed with the depth
 * cap checked before parsing, and its texts checked; 422 keyed by `field` otherwise. Then parse the
 * value with the shared schema (parseInput), which sanitizes its rich-text fields.
 */
export function parseJsonField(text: unknown, field: string, maxDepth: number = INPUT_LIMITS.jsonDepth): unknown {
  if (typeof text !== 'string') throw new ValidationFailed({ [field]: [MESSAGES.validation.invalid] });
  if (jsonTextExceedsDepth(text, maxDepth)) throw new ValidationFailed({ [field]: [MESSAGES.input.tooDeep(maxDepth)] });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationFailed({ [field]: [MESSAGES.input.badJson] });
  }
  assertSafeInput(value, field, maxDepth);
  return value;
}
