/**
 * SQL of the digit search (server/common/list/digit-search.ts, docs/performance.md "Digit search"),
 * for migrations: the `phone_digits` function and a list's btree indexes. The engine's conditions
 * are ranges of these exact expressions, so the indexes answer them.
 *
 * Keep this file's output stable: migrations that ran already must produce the same SQL.
 */

/**
 * A phone's national digits: every digit, without the 7 or 8 before the ten digits of a Russian
 * number (`+7 (916) 123-45-67` and `8 916 1234567` are both `9161234567`); a foreign number keeps
 * all its digits. One SQL expression (inlined by the planner, so indexes on it need no function call).
 */
export const PHONE_DIGITS_FUNCTION_SQL = `CREATE FUNCTION phone_digits(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^[78]([0-9]{10})$', '\\1')`;

/**
 * The indexes of a list's digit search on `table`: for each phone column its national digits and
 * their reverse (a prefix and an ending are each one range of an index), for each number column its
 * reverse (the end of its sequence; the number itself is matched by its unique index). `COLLATE "C"`
 * orders by bytes, so a prefix is a range. INCLUDE (id, column) lets an unfiltered search read its
 * matching ids — and count them — from the index alone (an index-only scan).
 */
export function digitSearchIndexesSql(table: string, search: { phones?: readonly string[]; numbers?: readonly string[] }): string[] {
  const statements: string[] = [];
  for (const column of search.phones ?? []) {
    statements.push(
      `CREATE INDEX ix_${table}_${column}_digits ON ${table} ((phone_digits(${column})) COLLATE "C") INCLUDE (id, ${column})`,
      `CREATE INDEX ix_${table}_${column}_digits_reversed ON ${table} ((reverse(phone_digits(${column}))) COLLATE "C") INCLUDE (id, ${column})`,
    );
  }
  for (const column of search.numbers ?? []) {
    statements.push(`CREATE INDEX ix_${table}_${column}_reversed ON ${table} ((reverse(${column})) COLLATE "C") INCLUDE (id, ${column})`);
  }
  return statements;
}

/**
 * The digit search's second form (migration 1765400000600-DigitSearchColumns): each phone's national
 * digits stored beside it (`{column}_digits`, a generated column in byte order, `COLLATE "C"`), and
 * every index of the search carrying every digit column of the table. The engine then keeps the
 * ranges of one search apart (each range without the rows of the ranges before it) from the index
 * entries alone — no regular expression per entry — so the matches are counted without a
 * de-duplicating pass (server/common/list/digit-search.ts `digitMatchIdsSql`).
 * Drops the first form's indexes of the same names first, then rewrites the table once.
 */
export function digitSearchColumnsSql(table: string, search: { phones?: readonly string[]; numbers?: readonly string[] }): string[] {
  const phones = search.phones ?? [];
  const numbers = search.numbers ?? [];
  const digitColumns = [...phones.map((column) => `${column}_digits`), ...numbers];
  const carried = (key?: string) => ['id', ...digitColumns.filter((column) => column !== key)].join(', ');
  const statements: string[] = [];
  for (const column of phones) statements.push(`DROP INDEX IF EXISTS ix_${table}_${column}_digits`, `DROP INDEX IF EXISTS ix_${table}_${column}_digits_reversed`);
  for (const column of numbers) statements.push(`DROP INDEX IF EXISTS ix_${table}_${column}_reversed`);
  if (phones.length > 0) {
    const added = phones.map((column) => `ADD COLUMN ${column}_digits text COLLATE "C" GENERATED ALWAYS AS (phone_digits(${column})) STORED`);
    statements.push(`ALTER TABLE ${table} ${added.join(', ')}`);
  }
  for (const column of phones) {
    statements.push(
      `CREATE INDEX ix_${table}_${column}_digits ON ${table} (${column}_digits) INCLUDE (${carried(`${column}_digits`)})`,
      `CREATE INDEX ix_${table}_${column}_digits_reversed ON ${table} ((reverse(${column}_digits))) INCLUDE (${carried()})`,
    );
  }
  for (const column of numbers) {
    statements.push(`CREATE INDEX ix_${table}_${column}_reversed ON ${table} ((reverse(${column})) COLLATE "C") INCLUDE (${carried()})`);
  }
  return statements;
}
