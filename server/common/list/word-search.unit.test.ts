/** How the search box text is read as words and prefix ranges (word-search.ts); the application list tests check what the table finds. */
import { describe, expect, it } from 'vitest';
import { afterPrefix, searchWords, wordMatchIdsSql } from './word-search.js';

describe('searchWords', () => {
  it('reads runs of letters and digits, lower-cased, ё as е, each once', () => {
    expect(searchWords('Смирнов')).toEqual(['смирнов']);
    expect(searchWords('  АЛЁНА,  ёлкина-Петрова ')).toEqual(['алена', 'елкина', 'петрова']);
    expect(searchWords('ivan.petrov@mail.ru')).toEqual(['ivan', 'petrov', 'mail', 'ru']);
    expect(searchWords('иван Иван ИВАН')).toEqual(['иван']);
    expect(searchWords('Смирнов 2026')).toEqual(['смирнов', '2026']);
  });

  it('answers no word for a text without letters or digits', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords(' -,.;()+ ')).toEqual([]);
  });

  it('cuts a word to the 64 characters the table keeps', () => {
    expect(searchWords('я'.repeat(80))).toEqual(['я'.repeat(64)]);
  });
});

describe('afterPrefix', () => {
  it('is the prefix with its last character plus one (code point order)', () => {
    expect(afterPrefix('смирн')).toBe('смиро');
    expect(afterPrefix('912')).toBe('913');
    expect(afterPrefix('я')).toBe('ѐ');
    expect(afterPrefix('a😀')).toBe('a😁');
  });
});

describe('wordMatchIdsSql', () => {
  const search = { table: 'application_search_words', key: 'application_id' };
  it('makes one word distinct and intersects several', () => {
    expect(wordMatchIdsSql(search, ['смирн'])).toEqual({
      sql: 'SELECT DISTINCT w.application_id AS id FROM application_search_words w WHERE w.word >= :words_0_from AND w.word < :words_0_to',
      parameters: { words_0_from: 'смирн', words_0_to: 'смиро' },
    });
    const two = wordMatchIdsSql(search, ['смирн', 'ив']);
    expect(two.sql.split(' INTERSECT ')).toHaveLength(2);
    expect(two.parameters).toEqual({ words_0_from: 'смирн', words_0_to: 'смиро', words_1_from: 'ив', words_1_to: 'иг' });
  });
});
