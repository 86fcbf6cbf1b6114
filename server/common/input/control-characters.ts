/**
 * C0 control characters other than tab, line feed and carriage return: nothing a person types, and
 * XML 1.0 cannot hold them, so a name holding U+0007 would make every document it is printed into
 * (the seating plan's docx, an xlsx) a file Word and Excel refuse. NUL is among them. Refused in any
 * input (json-input.ts) and dropped from sanitized rich text (rich-text.ts); a module of its own so
 * the sanitizer, which server/common/http/errors.ts loads, needs nothing that throws its errors.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this check's purpose
export const FORBIDDEN_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
