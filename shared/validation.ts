/**
 * Field builders for the zod schemas of every resource. They carry the spec's limits and the
 * Russian messages, and are used unchanged by the server (422 map) and the renderer's forms.
 */
import { z } from 'zod';
import { DATE_BOUNDS, isCalendarDate, parseTypedDate, typedDate, type DateBounds } from './dates.js';
import { MESSAGES } from './messages.js';
import { decimalPlaces, MONEY_SCALE } from './money.js';

const M = MESSAGES.validation;

/**
 * The message of any issue a schema raises without a text of its own (ARCHITECTURE.md §7: every
 * message the API sends is Russian). A field builder's own message always wins; this is what zod
 * would otherwise say in English — a row of `rooms: [null]` ('expected object, received null'),
 * `coords: [[]]`, a `catalog` that is a number, an unknown enum value — said with our texts:
 * a missing value is 'required', a value of the wrong kind 'invalid', lengths and bounds as the
 * field builders word them.
 */
export function russianIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? M.required : M.invalid;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return M.maxLength(max);
      if (issue.origin === 'array' || issue.origin === 'set') return M.maxItems(max);
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' ? M.max(max) : M.invalid;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? M.required : M.minLength(min);
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? M.required : M.minItems(min);
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' ? M.min(min) : M.invalid;
    }
    case 'invalid_format':
      return issue.format === 'email' ? M.email : M.invalid;
    case 'invalid_value':
      return M.oneOf;
    default:
      // not_multiple_of, unrecognized_keys, invalid_union, invalid_key, invalid_element, custom.
      return M.invalid;
  }
}

/*
 * Set once for every schema: every schema module builds its fields from this one (or imports a module
 * that does), and the server's parseInput imports it too, so both sides parse with these messages.
 * zod's own locales (even `z.locales.ru()`) are not used: their texts are not the spec's.
 */
z.config({ customError: russianIssueMessage });

/** A map of dotted field path to its messages, as in the 422 body. */
export type FieldErrors = Record<string, string[]>;

/** Blank strings (and undefined) mean "no value": optional fields store null, not ''. */
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const requiredMessage = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? M.required : M.invalid;

/** A required string of at most `max` characters, trimmed. */
export function requiredText(max: number, options: { min?: number } = {}) {
  let schema = z.string({ error: requiredMessage }).trim().min(1, M.required);
  if (options.min && options.min > 1) {
    schema = schema.min(options.min, M.minLength(options.min));
  }
  return schema.max(max, M.maxLength(max));
}

/** An optional string of at most `max` characters; blank becomes null. */
export function optionalText(max: number, options: { min?: number } = {}) {
  let schema = z.string({ error: M.invalid }).trim();
  if (options.min) {
    schema = schema.min(options.min, M.minLength(options.min));
  }
  return z.preprocess(blankToNull, schema.max(max, M.maxLength(max)).nullable());
}

/**
 * A password: taken exactly as typed — never trimmed (spaces around it are part of it) and never
 * cut: longer than `max` characters is refused with the length message. Blank (empty or spaces
 * only) is "required".
 */
export function passwordText(max: number, options: { min?: number } = {}) {
  const schema = z
    .string({ error: requiredMessage })
    .refine((text) => text.trim() !== '', { error: M.required, abort: true })
    .max(max, M.maxLength(max));
  return options.min && options.min > 1 ? schema.min(options.min, M.minLength(options.min)) : schema;
}

/** A password that may be left empty (an edit that keeps the current one: null); see passwordText. */
export function optionalPasswordText(max: number, options: { min?: number } = {}) {
  return z.preprocess((value) => (value === undefined || value === null || value === '' ? null : value), passwordText(max, options).nullable());
}

/**
 * Lines of information shown in search (a hotel's, a sea tour's `info`): at most `maxLines` lines,
 * each trimmed, at most `maxLine` characters; empty lines dropped, null when none is left.
 */
export function infoLines(maxLine: number, maxLines: number) {
  return z
    .preprocess((value) => value ?? [], z.array(z.string({ error: M.invalid }).trim().max(maxLine, M.maxLength(maxLine)), { error: M.invalid }).max(maxLines, M.maxItems(maxLines)))
    .transform((lines) => {
      const kept = lines.filter((line) => line !== '');
      return kept.length > 0 ? kept : null;
    });
}

/** A required e-mail of at most `max` characters, stored lower-case. */
export function requiredEmail(max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, M.required)
    .max(max, M.maxLength(max))
    .pipe(z.email({ error: M.email }))
    .transform((email) => email.toLowerCase());
}

/** The largest PostgreSQL `integer` (ids, counts): a bigger number never names a row. */
export const PG_INTEGER_MAX = 2_147_483_647;

/*
 * Liberal input, exact storage (ARCHITECTURE.md §7): outside clients of the original system send
 * numbers as text ('2', '3000') and flags as 0/1; forms send what was typed. The builders below read
 * those forms and store one. Blank — undefined, null, '' or only spaces — means "no value" for every
 * one of them, and a field says what no value is: a required field answers 'required', an optional
 * one stores null, a field with a default (a flag: false; money: 0) stores the default.
 */
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** Plain decimal text ('3000', ' -5 ', '12,5', '1200.505') as its number; anything else ('abc', '0x10', '1e3') unchanged, for the schema to refuse. */
const numericText = (value: unknown) => (typeof value === 'string' && /^\s*-?\d+(?:[.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(',', '.')) : value);
/** Blank becomes `blank` (undefined: required), numeric text its number. */
const readNumber = (blank: unknown) => (value: unknown) => (isBlank(value) ? blank : numericText(value));

const wholeNumber = (min: number, max: number, missing: string = M.required) =>
  z.number({ error: (issue) => (issue.input === undefined ? missing : M.integer) }).int(M.integer).min(min, M.min(min)).max(max, M.max(max));

/**
 * A required whole number in [min, max] (a count, a day, a price in whole roubles); numeric text
 * accepted, `'abc'` is 'must be an integer'. With `blank`, no value is that number (a sum that defaults to 0).
 */
export function requiredInteger(min: number, max: number, options: { blank?: number; missing?: string } = {}) {
  return z.preprocess(readNumber(options.blank), wholeNumber(min, max, options.missing));
}

/** An optional whole number in [min, max]; blank is null. */
export function optionalInteger(min: number, max: number) {
  return z.preprocess(readNumber(null), wholeNumber(min, max).nullable());
}

const recordId = () => z.number({ error: (issue) => (issue.input === undefined ? M.required : M.oneOf) }).int(M.oneOf).min(1, M.oneOf).max(PG_INTEGER_MAX, M.oneOf);

/** A required reference to a row (`city_id`, `meals[]`); `'12'` is 12; anything not a row id is 'invalid value'. */
export function id() {
  return z.preprocess(readNumber(undefined), recordId());
}

/** An optional reference to a row; blank is null. */
export function optionalId() {
  return z.preprocess(readNumber(null), recordId().nullable());
}

/** A row's own id inside an aggregate (rooms, periods, route points): blank for a new row (stored as absent). */
export function rowId() {
  return z.preprocess(readNumber(undefined), recordId().optional());
}

const FLAG_TEXT: Record<string, boolean> = { '1': true, '0': false, true: true, false: false };

/** A flag: `true`/`false`, `1`/`0`, `'1'`/`'0'` (`'true'`/`'false'`) stored as a boolean; blank is `defaultValue`. */
export function flag(defaultValue = false) {
  return z.preprocess(
    (value) => (isBlank(value) ? defaultValue : value === 1 || value === 0 ? value === 1 : typeof value === 'string' && value.trim() in FLAG_TEXT ? FLAG_TEXT[value.trim()] : value),
    z.boolean({ error: M.invalid }),
  );
}

/** A time of day HH:MM (`08:05`; `08:05:00` as PostgreSQL's `time` prints it is read as `08:05`); blank is null unless `required`. */
export function time(options: { required?: boolean } = {}) {
  const schema = z.string({ error: (issue) => (issue.input === undefined ? M.required : MESSAGES.fields.time) }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.fields.time);
  return z.preprocess(
    (value) => (isBlank(value) ? (options.required ? undefined : null) : typeof value === 'string' ? value.trim().replace(/^(\d\d:\d\d):\d\d$/, '$1') : value),
    options.required ? schema : schema.nullable(),
  );
}

/**
 * A decimal number within [min, max] written with at most `places` digits after the point — checked
 * on its exact decimal text (shared/money.ts), never by float division: `'1200.505'` says why it is
 * refused. Numbers and text with a point or a comma are read.
 */
function decimalNumber(min: number, max: number, places: number) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? M.required : M.number) })
    .min(min, M.min(min))
    .max(max, M.max(max))
    .refine((value) => decimalPlaces(value) <= places, MESSAGES.fields.decimals(places));
}

/**
 * Money in roubles with kopecks within [min, max] (numeric(12,2) in PostgreSQL, a JSON number on the
 * wire): at most 2 decimals. Blank is 0 unless `required` (then the required message).
 */
export function money(min: number, max: number, options: { required?: boolean } = {}) {
  return z.preprocess(readNumber(options.required ? undefined : 0), decimalNumber(min, max, MONEY_SCALE));
}

/** Money that may be left empty (a catalogue price): blank is null. */
export function optionalMoney(min: number, max: number) {
  return z.preprocess(readNumber(null), decimalNumber(min, max, MONEY_SCALE).nullable());
}

/** An optional decimal measure (an area, a rating) with at most `places` decimals; blank is null. */
export function optionalDecimal(min: number, max: number, places: number) {
  return z.preprocess(readNumber(null), decimalNumber(min, max, places).nullable());
}

/** One of the given numeric values (role, status, type); numeric text (`'2'`) is its number, blank 'required'. */
export function requiredChoice<const T extends readonly number[]>(values: T) {
  return z.preprocess(
    readNumber(undefined),
    z.number({ error: requiredMessage }).refine((value): value is T[number] => values.includes(value), M.oneOf),
  ) as unknown as z.ZodType<T[number], number>;
}

export const activeFlag = () => flag(true);

/**
 * The version a form read (ARCHITECTURE.md §7 "Version check"), sent back with the save. Optional:
 * outside clients of the original system send none and are accepted as before.
 */
export const versionField = () =>
  z.preprocess(
    // Multipart forms send it as text; null is "no version" like an absent one.
    (value) => (value === null || value === '' ? undefined : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: M.integer }).int({ error: M.integer }).min(1, { error: M.min(1) }).max(PG_INTEGER_MAX, { error: M.max(PG_INTEGER_MAX) }).optional(),
  );

/**
 * Limits of any input, whatever the endpoint: how deep JSON may nest (a form nests a few levels,
 * an aggregate such as hotel → rooms → price periods a few more; thousands of levels only crash parsers).
 */
export const INPUT_LIMITS = { jsonDepth: 32 } as const;

/** Turns a zod error into the 422 field map: dotted paths, messages in order, no duplicates. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** An optional choice among fixed string values (an icon name); blank becomes null. */
export function optionalOneOf(values: readonly string[]) {
  return z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(values as [string, ...string[]], { error: M.oneOf }).nullable(),
  );
}

/** An optional e-mail of at most `max` characters, stored lower-case; blank becomes null. */
export function optionalEmail(max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalid })
      .trim()
      .max(max, M.maxLength(max))
      .pipe(z.email({ error: M.email }))
      .transform((email) => email.toLowerCase())
      .nullable(),
  );
}

/**
 * Whether `text` is a link a person may be sent to: a URL whose scheme is http or https (with a
 * host). `javascript:`, `data:`, `vbscript:` and anything else are not, whatever their case or the
 * spaces and control characters around them (the URL parser strips those as a browser does). With
 * `base` (the renderer passes the page's address) a relative link such as `/api/storage/…` is
 * resolved first and counts when it lands on http(s). ARCHITECTURE.md §7 "Security edge".
 */
export function isSafeUrl(text: unknown, base?: string): text is string {
  return safeUrl(text, base) !== null;
}

/** The http(s) URL `text` stands for (normalized by the URL parser), or null: see isSafeUrl. */
export function safeUrl(text: unknown, base?: string): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
}

/**
 * An optional link of at most `max` characters (an agency's site and search module, a hotel's site,
 * a departure's tracking link — every URL field): only an absolute http:// or https:// URL without
 * spaces, stored as typed (trimmed); blank becomes null.
 */
export function optionalUrl(max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalid })
      .trim()
      .max(max, M.maxLength(max))
      .refine((text) => /^https?:\/\/\S+$/i.test(text) && isSafeUrl(text), M.url)
      .nullable(),
  );
}

/** An optional string of digits only (INN, OGRN), at most `max` of them; blank becomes null. */
export function optionalDigits(max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalid })
      .trim()
      .regex(/^\d*$/, M.digits)
      .max(max, M.maxLength(max))
      .nullable(),
  );
}

/** An optional phone number in free form (digits, spaces, brackets, dashes, a leading +); blank becomes null. */
export function optionalPhone(max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalid })
      .trim()
      .max(max, M.maxLength(max))
      .regex(/^\+?[\d\s()-]*$/, M.phone)
      .nullable(),
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The length of rich text as its editor counts it: the text, an image counting as one character,
 * markup not at all. (A limit of 20 000 means 20 000 characters a person typed, not of HTML.)
 */
export function richTextLength(html: string): number {
  return html
    .replace(/<img\b[^>]*>/gi, '\u0001')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => (name.startsWith('#') || ENTITIES[name.toLowerCase()] ? '\u0001' : entity)).length;
}

/**
 * What cleans rich text while a schema parses it. The identity in the renderer (its editor writes
 * only what the allow-list keeps, and the server decides anyway); on the server the HTML sanitizer
 * of server/common/input/rich-text.ts installs itself here. So every field built with `richText()`
 * or `optionalRichText()` — in any schema, nested rows and `{payload}` aggregates included — is
 * sanitized on write without code per field.
 */
let cleanRichText: (html: string) => string = (html) => html;

/** Installs the server's rich-text sanitizer (server/common/input/rich-text.ts); nothing else calls it. */
export function installRichTextCleaner(cleaner: (html: string) => string): void {
  cleanRichText = cleaner;
}

/**
 * Rich text (HTML from the rich-text editor), sanitized, of at most `max` characters of text.
 * `error` is the message of a value that is not a string (e.g. 'Заполните поле' in FAQ items).
 */
export function richText(max: number, options: { error?: string } = {}) {
  return z
    .string({ error: options.error ?? M.invalid })
    .transform((html) => cleanRichText(html))
    .refine((html) => richTextLength(html) <= max, M.maxLength(max));
}

/** Required rich text of at most `max` characters of text: absent, null, blank or only spaces is `message`. */
export function requiredRichText(max: number, message: string) {
  return z.preprocess((value) => (value === null ? undefined : value), richText(max, { error: message }).refine((html) => richTextLength(html.trim()) > 0, message));
}

/** Optional rich text of at most `max` characters of text; blank (no text, no image) becomes null. */
export function optionalRichText(max: number) {
  return z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && richTextLength(value) === 0) ? null : value),
    richText(max).nullable(),
  );
}

/**
 * A file chosen for a multipart form: required (create) or optional (edit, where absent keeps the
 * current one). The value is whatever stands for the file on each side: a File in the renderer's
 * form, the parsed multipart file on the server; the schema only checks that one is there.
 */
export function requiredFile() {
  return z.custom<unknown>((value) => value !== undefined && value !== null && value !== '', { error: MESSAGES.files.required });
}

/** See requiredFile: an optional file (on edit the current one stays unless a new one is sent). */
export function optionalFile() {
  return z.unknown().optional();
}

/** Digits of a phone by the mask "+7 and 10 digits" (spec 01 §5), stored as `+7XXXXXXXXXX`. */
export const PHONE_MASK_DIGITS = 10;

/**
 * A phone by the mask +7 and 10 digits (spec 01 §5): spaces, brackets and dashes of the mask are
 * accepted and dropped, the value is stored as `+7XXXXXXXXXX`. Optional unless `required`; blank is null.
 */
export function maskedPhone(options: { required?: boolean } = {}) {
  const phone = z
    .string({ error: options.required ? requiredMessage : M.invalid })
    .trim()
    .transform((text) => text.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\+7\\d{${PHONE_MASK_DIGITS}}$`), M.phoneMask));
  if (options.required) return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), phone);
  return z.preprocess(blankToNull, phone.nullable());
}

/**
 * A calendar date YYYY-MM-DD within `bounds` (DATE_BOUNDS unless the field says otherwise): text that
 * is not a real date gets 'Введите дату в формате ДД.ММ.ГГГГ.' — the renderer sends what was typed
 * when it is not a date, so the server refuses it under the field instead of dropping it.
 */
function calendarDate(bounds: DateBounds, required: boolean, missing?: string) {
  const min = bounds.min ?? DATE_BOUNDS.min;
  const max = bounds.max ?? DATE_BOUNDS.max;
  const whenMissing = missing ? (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? missing : M.invalid) : requiredMessage;
  return z.string({ error: required ? whenMissing : MESSAGES.dates.format }).superRefine((text, context) => {
    if (!isCalendarDate(text)) context.addIssue({ code: 'custom', message: MESSAGES.dates.format });
    else if (text < min) context.addIssue({ code: 'custom', message: MESSAGES.dates.notBefore(typedDate(min)) });
    else if (text > max) context.addIssue({ code: 'custom', message: MESSAGES.dates.notAfter(typedDate(max)) });
  });
}

/** An optional calendar date YYYY-MM-DD within `bounds`; blank becomes null. */
export function optionalDate(bounds: DateBounds = DATE_BOUNDS) {
  return z.preprocess(blankToNull, calendarDate(bounds, false).nullable());
}

/** A required calendar date YYYY-MM-DD within `bounds`; `missing` is the field's own message when it is blank (spec 03: 'Поле Дата от обязательно…'). */
export function requiredDate(bounds: DateBounds = DATE_BOUNDS, options: { missing?: string } = {}) {
  return z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), calendarDate(bounds, true, options.missing));
}

/** DD.MM.YYYY (any form parseTypedDate reads) as YYYY-MM-DD; YYYY-MM-DD and anything else unchanged, for calendarDate to judge. */
const fromTypedDate = (value: unknown) => (typeof value === 'string' && parseTypedDate(value) ? parseTypedDate(value) : value);

/**
 * A date exchanged as DD.MM.YYYY (route dates, spec 03 §1): DD.MM.YYYY or YYYY-MM-DD read, stored
 * YYYY-MM-DD (write it back with `typedDate`); blank becomes null.
 */
export function optionalTypedDate(bounds: DateBounds = DATE_BOUNDS) {
  return z.preprocess(fromTypedDate, optionalDate(bounds));
}

/** A required date exchanged as DD.MM.YYYY (see optionalTypedDate); `missing` as in requiredDate. */
export function requiredTypedDate(bounds: DateBounds = DATE_BOUNDS, options: { missing?: string } = {}) {
  return z.preprocess(fromTypedDate, requiredDate(bounds, options));
}

/**
 * A period of two date fields (use in superRefine): both ends or neither — with `required`, both —
 * and the end not before the start. The message stands under the end that is missing or wrong.
 */
export function checkDateRange(values: Record<string, unknown>, context: z.RefinementCtx, from: string, to: string, options: { required?: boolean } = {}) {
  const start = values[from];
  const end = values[to];
  const given = (value: unknown) => typeof value === 'string' && value !== '';
  if (!given(start) && !given(end)) {
    if (options.required) context.addIssue({ code: 'custom', path: [from], message: M.required });
    return;
  }
  if (!given(start)) context.addIssue({ code: 'custom', path: [from], message: MESSAGES.dates.bothEnds });
  else if (!given(end)) context.addIssue({ code: 'custom', path: [to], message: MESSAGES.dates.bothEnds });
  else if (isCalendarDate(start as string) && isCalendarDate(end as string) && (end as string) < (start as string)) {
    context.addIssue({ code: 'custom', path: [to], message: MESSAGES.dates.order });
  }
}
