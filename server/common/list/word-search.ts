/**
 * The search of a list by word prefixes (ServerList `wordSearch`): the words of the searched text
 * are kept in a table of their own, `(word, key)` with a btree on both (migrations/word-search.ts),
 * and each word of a query is matched as the prefix of a word — one range of that btree. A fragment
 * matching thousands of rows is then found and counted from the index alone, where the trigram
 * search rechecks every match in the table (docs/performance.md "Word search").
 *
 * The trade (as the digit search's): a fragment inside a word (`мирнов` of `Смирнов`) is not found.
 * Several words must all match (`смирн ив`: a Смирнов and an Иван… in the same text).
 */

/** A list's words table: its name and its column of the list table's id. */
export interface WordSearch {
  /** e.g. `application_search_words`. */
  table: string;
  /** e.g. `application_id`. */
  key: string;
}

/** A word is indexed by its first characters (migrations/word-search.ts `search_words`). */
const WORD_MAX_LENGTH = 64;

/**
 * The words of a search box text as the words table keeps them: runs of letters and digits,
 * lower-cased, `ё` read as `е`, each once; none for an empty or punctuation-only text.
 */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => [...word].slice(0, WORD_MAX_LENGTH).join(''));
  return [...new Set(words)];
}

/** The first text after every text starting with `prefix`, in code point order (= UTF-8 byte order, `COLLATE "C"`). */
export function afterPrefix(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  return points.join('') + String.fromCodePoint(last + 1);
}

/** The ids whose text has every word as a prefix of one of its words, and the statement's parameters. */
export interface WordMatch {
  sql: string;
  parameters: Record<string, string>;
}

/**
 * The ids matching `words`, from the words table's btree alone (index-only scans of its primary key
 * `(word, key)`): one range per word, intersected; one word's matches made distinct (a text may
 * have two words with the prefix).
 */
export function wordMatchIdsSql(search: WordSearch, words: readonly string[]): WordMatch {
  const parameters: Record<string, string> = {};
  const parts = words.map((word, index) => {
    parameters[`words_${index}_from`] = word;
    parameters[`words_${index}_to`] = afterPrefix(word);
    return `SELECT w.${search.key} AS id FROM ${search.table} w WHERE w.word >= :words_${index}_from AND w.word < :words_${index}_to`;
  });
  const sql = parts.length === 1 ? parts[0]!.replace(/^SELECT /, 'SELECT DISTINCT ') : parts.join(' INTERSECT ');
  return { sql, parameters };
}
