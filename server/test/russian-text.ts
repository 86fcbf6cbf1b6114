/**
 * Every message the API sends is Russian (ARCHITECTURE.md §7 "Security edge"): what the tests of bad
 * input check on each refusal. A Latin word of three letters or more in the `message` or in any of
 * the `errors` values is English that leaked (zod's 'Invalid input: expected object, received null',
 * a library's 'Unexpected end of form'), unless it is one of the names our own texts use or a word
 * of the request itself (a name the message quotes).
 */
const OUR_LATIN_WORDS = new Set(['JSON', 'http', 'https']);

/** The texts of a reply body: its message and every message of its errors map. */
function replyTexts(body: unknown): string[] {
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
  const texts = typeof message === 'string' ? [message] : [];
  if (errors && typeof errors === 'object') {
    for (const messages of Object.values(errors)) {
      if (Array.isArray(messages)) texts.push(...messages.filter((text): text is string => typeof text === 'string'));
      else texts.push(JSON.stringify(messages));
    }
  }
  return texts;
}

/** The Latin words of a reply's messages that are neither ours nor taken from `sent` (the request). */
export function englishWords(body: unknown, sent?: unknown): string[] {
  const request = sent === undefined ? '' : typeof sent === 'string' ? sent : JSON.stringify(sent) ?? '';
  const words = replyTexts(body).flatMap((text) => text.match(/[A-Za-z]{3,}/g) ?? []);
  return [...new Set(words.filter((word) => !OUR_LATIN_WORDS.has(word) && !request.includes(word)))];
}
