/**
 * SQL of the word search (server/common/list/word-search.ts, docs/performance.md "Word search"), for
 * migrations: the `search_words` function and a list's words table with the triggers that keep it.
 * The engine matches each word of a query as a prefix range of `word` (`COLLATE "C"`: byte order, so
 * a prefix is one range of the btree), so the table's primary key must stay `(word, <key>)`.
 *
 * Keep this file's output stable: migrations that ran already must produce the same SQL.
 */

/**
 * The words of a search text: its runs of letters and digits, lower-cased, `ё` read as `е` (the
 * engine folds a query the same way, `searchWords`), each once, cut to 64 characters (a btree entry
 * has a size limit; a longer prefix is matched by its first 64). Inlined by the planner.
 */
export const SEARCH_WORDS_FUNCTION_SQL = `CREATE FUNCTION search_words(content text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT DISTINCT left(w, 64) FROM regexp_split_to_table(translate(lower(content), 'ё', 'е'), '[^[:alnum:]]+') w WHERE w <> ''
  $$`;

/** What a words table indexes: `source.column`'s words, by `source`'s id, in `table (word, key)`. */
export interface WordSearchTable {
  /** The words table, e.g. `application_search_words`. */
  table: string;
  /** Its column of the source row's id, e.g. `application_id`. */
  key: string;
  /** The searched table, e.g. `applications`. */
  source: string;
  /** Its searched text column, e.g. `search_text`. */
  column: string;
}

/**
 * The words table of `source.column` with its existing rows' words, then its triggers. The table is
 * filled before its keys are built and its foreign key checked (one pass each instead of a check per
 * word). The primary key `(word, key)` answers a prefix with the matching ids from the index alone;
 * the index on `key` serves the update's delete and the cascade of a deleted row.
 *
 * The triggers, in the writer's transaction: an INSERT statement adds its rows' words in one
 * statement (transition table: a bulk insert of 100 000 rows is one pass); an UPDATE that changes
 * the text replaces that row's words (a row trigger, so updates of other columns cost nothing).
 */
export function wordSearchTableSql({ table, key, source, column }: WordSearchTable): string[] {
  return [
    `CREATE TABLE ${table} (word text COLLATE "C" NOT NULL, ${key} integer NOT NULL)`,
    `INSERT INTO ${table} (word, ${key}) SELECT w, s.id FROM ${source} s, search_words(s.${column}) w`,
    `ALTER TABLE ${table} ADD CONSTRAINT pk_${table} PRIMARY KEY (word, ${key})`,
    `CREATE INDEX ix_${table}_${key} ON ${table} (${key})`,
    `ALTER TABLE ${table} ADD CONSTRAINT fk_${table}_${key} FOREIGN KEY (${key}) REFERENCES ${source}(id) ON DELETE CASCADE`,
    `CREATE FUNCTION ${table}_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO ${table} (word, ${key}) SELECT w, n.id FROM new_rows n, search_words(n.${column}) w;
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION ${table}_updated() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       DELETE FROM ${table} WHERE ${key} = OLD.id;
       INSERT INTO ${table} (word, ${key}) SELECT w, NEW.id FROM search_words(NEW.${column}) w;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER trg_${table}_insert AFTER INSERT ON ${source}
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_inserted()`,
    `CREATE TRIGGER trg_${table}_update AFTER UPDATE OF ${column} ON ${source}
       FOR EACH ROW WHEN (OLD.${column} IS DISTINCT FROM NEW.${column}) EXECUTE FUNCTION ${table}_updated()`,
  ];
}

/** Undoes `wordSearchTableSql`. */
export function dropWordSearchTableSql({ table }: WordSearchTable): string[] {
  return [`DROP TABLE ${table}`, `DROP FUNCTION ${table}_inserted() CASCADE`, `DROP FUNCTION ${table}_updated() CASCADE`];
}
