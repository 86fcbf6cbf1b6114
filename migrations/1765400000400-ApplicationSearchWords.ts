import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropWordSearchTableSql, SEARCH_WORDS_FUNCTION_SQL, wordSearchTableSql, type WordSearchTable } from './word-search.js';

const APPLICATION_WORDS: WordSearchTable = { table: 'application_search_words', key: 'application_id', source: 'applications', column: 'search_text' };

/**
 * The applications list's word search (issue 19, server/common/list/word-search.ts): the words of
 * `applications.search_text` in `application_search_words`, kept by triggers, so a surname fragment
 * matching thousands of applications is found and counted as a prefix of a word from a btree alone,
 * not by rechecking every trigram match in the table. The trigram index stays (a fragment inside a
 * word is no longer searched by the list, but `search_text` keeps its index for other readers).
 */
export class ApplicationSearchWords1765400000400 implements MigrationInterface {
  name = 'ApplicationSearchWords1765400000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(SEARCH_WORDS_FUNCTION_SQL);
    for (const statement of wordSearchTableSql(APPLICATION_WORDS)) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const statement of dropWordSearchTableSql(APPLICATION_WORDS)) await db.query(statement);
    await db.query(`DROP FUNCTION search_words(text)`);
  }
}
