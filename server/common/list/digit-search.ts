/**
 * The search of a list by digits (ServerList `digitSearch`): phones and application numbers found
 * through btree indexes instead of the trigram index, so a fragment matching tens of thousands of
 * rows is counted exactly at the cost of reading index entries (docs/performance.md "Digit search").
 *
 * - A phone is matched by its *national digits* — the digits after +7 / 8 of a Russian number, all
 *   digits of any other (SQL `phone_digits`, migrations/digit-search.ts) — as a prefix (`912`,
 *   `8 912`, `7912`, `+7 (912`) or as its last digits (`4567`, `45-67`).
 * - A number `YYYY-NNNNNN` is matched exactly (`2026-000123`, also typed `2026-123`) or by the end
 *   of its sequence (`123`, `000123`); a number of a shorter sequence kept from elsewhere
 *   (`2611-04990`) exactly as typed, or by its end (`04990`).
 *
 * Each match is a range of one indexed expression (`COLLATE "C"`: byte order, so a prefix is the
 * range [prefix, prefix with its last digit + 1)); the migration's indexes must stay these exact
 * expressions: `{column}_digits` (the phone's national digits, a stored column in byte order),
 * `reverse({column}_digits)`, `reverse(column) COLLATE "C"` and `column`
 * (migrations/digit-search.ts `digitSearchColumnsSql`).
 */

/** What a list searches by digits: its phone columns and its number columns (plain columns of its table). */
export interface DigitSearch {
  /** Phones in any format (`+7XXXXXXXXXX`, `8 (916) 123-45-67`). */
  phones?: readonly string[];
  /** Numbers `YYYY-NNNNNN` (an application's number: the year and a sequence). */
  numbers?: readonly string[];
}

/** What a search box text asks of a digit search; null when it is not such a text (it goes to the trigram search). */
export interface DigitQuery {
  /** Prefixes of a phone's national digits. */
  phonePrefixes: string[];
  /** Endings of a phone's national digits. */
  phoneEndings: string[];
  /** A number typed whole, in its stored form. */
  number: string | null;
  /** The number as typed when its sequence is shorter than the stored form's (`2611-04990`: a number kept from elsewhere, or `2026-123`). */
  numberTyped?: string;
  /** The end of a number's sequence. */
  numberEnding: string | null;
}

/** The digits of a sequence are zero-padded to this width (migrations/1765400000000-Applications.ts). */
const NUMBER_SEQUENCE_WIDTH = 6;

/**
 * Reads the search box text as digits, for a list that searches `search`. Digits with the marks a
 * phone is written with (`+`, spaces, brackets, dashes) are a phone; `YYYY-N` is a number when the
 * list has numbers; plain digits are both. Anything else (a name, an e-mail, a name with digits) is
 * not a digit query.
 */
export function digitQuery(text: string, search: DigitSearch): DigitQuery | null {
  const typed = text.trim();
  const phones = (search.phones?.length ?? 0) > 0;
  const numbers = (search.numbers?.length ?? 0) > 0;
  const none: DigitQuery = { phonePrefixes: [], phoneEndings: [], number: null, numberEnding: null };

  const whole = /^(\d{4})-(\d+)$/.exec(typed);
  if (whole && numbers) {
    const number = `${whole[1]}-${whole[2]!.padStart(NUMBER_SEQUENCE_WIDTH, '0')}`;
    return number === typed ? { ...none, number } : { ...none, number, numberTyped: typed };
  }
  if (!/^\+?[\d\s()-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return null;
  const query = { ...none, numberEnding: numbers && /^\d+$/.test(typed) ? digits : null };
  if (phones) {
    if (typed.startsWith('+')) {
      // +7 is the country code of the stored phones; another one is a foreign number's first digits.
      const national = digits.startsWith('7') ? digits.slice(1) : digits;
      if (national !== '') query.phonePrefixes.push(national);
    } else {
      // 8 or 7 first may be the trunk prefix or the country code dialled (8 912…, 7912…), or a national digit.
      query.phonePrefixes.push(digits);
      if (/^[78]./.test(digits)) query.phonePrefixes.push(digits.slice(1));
      // Brackets mark the area code: the text is the start of a phone, not its end.
      if (!typed.includes('(')) query.phoneEndings.push(digits);
    }
  }
  return query.phonePrefixes.length + query.phoneEndings.length > 0 || query.numberEnding !== null ? query : null;
}

/** The conditions of a digit search on `alias`'s columns (one indexed range each, to be ORed) and their parameters. */
export interface DigitConditions {
  conditions: string[];
  parameters: Record<string, string>;
}

/** The first text after every text starting with `prefix`, in byte order (digits: the last one plus one). */
const afterPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

const reversed = (text: string) => [...text].reverse().join('');

export function digitConditions(search: DigitSearch, query: DigitQuery, alias: string): DigitConditions {
  const conditions: string[] = [];
  const parameters: Record<string, string> = {};
  const range = (expression: string, prefix: string) => {
    const name = `digits_${conditions.length}`;
    parameters[`${name}_from`] = prefix;
    parameters[`${name}_to`] = afterPrefix(prefix);
    conditions.push(`(${expression} >= :${name}_from AND ${expression} < :${name}_to)`);
  };
  for (const column of search.phones ?? []) {
    const digits = `${alias}.${column}_digits`;
    for (const prefix of query.phonePrefixes) range(digits, prefix);
    for (const ending of query.phoneEndings) range(`reverse(${digits})`, reversed(ending));
  }
  for (const column of search.numbers ?? []) {
    if (query.number !== null) {
      const name = `digits_${conditions.length}`;
      parameters[name] = query.number;
      if (query.numberTyped === undefined) conditions.push(`${alias}.${column} = :${name}`);
      else {
        parameters[`${name}_typed`] = query.numberTyped;
        conditions.push(`${alias}.${column} IN (:${name}, :${name}_typed)`);
      }
    }
    if (query.numberEnding !== null) range(`reverse(${alias}.${column}) COLLATE "C"`, reversed(query.numberEnding));
  }
  return { conditions, parameters };
}

/**
 * The ids matching a digit search, each condition read through its own index and kept apart from
 * the conditions before it (`UNION ALL`: a row matching two ranges — +7 912 … 912 — comes once, from
 * the first). Every digit index carries every digit column of its table (INCLUDE), so each part is an
 * index-only scan whose exclusion is read from the entries, and the parts' rows are distinct: an
 * unfiltered search is counted by adding them up, without a de-duplicating pass and without the table.
 */
export function digitMatchIdsSql(table: string, { conditions }: DigitConditions, alias: string): string {
  return conditions
    .map((condition, index) => {
      // IS NOT TRUE: a null phone makes an earlier condition null, which must not hide the row.
      const apart = index === 0 ? '' : ` AND (${conditions.slice(0, index).join(' OR ')}) IS NOT TRUE`;
      return `SELECT ${alias}.id FROM ${table} ${alias} WHERE ${condition}${apart}`;
    })
    .join(' UNION ALL ');
}
