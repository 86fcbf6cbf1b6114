/**
 * SQL of the counts the database keeps (ARCHITECTURE.md §7 "List engine": exact counts that stay
 * cheap at a million rows), for migrations.
 *
 * A counted table gets three statement-level triggers with transition tables: each INSERT, UPDATE
 * or DELETE statement adds one row per changed key to `row_counts` (`delta` = rows added minus
 * rows removed), in the writer's own transaction. A count is the sum of its deltas, so it is exact
 * in every snapshot — a reader sees exactly the deltas of the rows it sees — and writers never wait
 * for each other on a shared counter row. The list engine folds the deltas of a key into one row
 * when they pile up (server/common/list/row-counts.ts). Keys: '' counts every row; `column=value`
 * counts the rows with that value (e.g. `is_active=true`), for lists filtered by that column.
 *
 * Keep this file's output stable: migrations that ran already must produce the same SQL.
 */

/** The table and trigger function, once (migration 1764500000000-RowCounts). */
export const ROW_COUNTS_SQL = [
  `CREATE TABLE row_counts (
     id bigserial PRIMARY KEY,
     table_name text NOT NULL,
     key text NOT NULL,
     delta bigint NOT NULL
   )`,
  `CREATE INDEX ix_row_counts_key ON row_counts (table_name, key) INCLUDE (delta)`,
  `CREATE OR REPLACE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     key_column text;
     sign_of_new text := CASE TG_OP WHEN 'DELETE' THEN NULL ELSE '1' END;
     sign_of_old text := CASE TG_OP WHEN 'INSERT' THEN NULL ELSE '-1' END;
     changed text;
   BEGIN
     IF TG_OP = 'TRUNCATE' THEN
       DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
       RETURN NULL;
     END IF;
     -- Every key's rows: from new_rows with +1, from old_rows with -1 (an UPDATE has both).
     changed := concat_ws(' UNION ALL ',
       CASE WHEN sign_of_new IS NOT NULL THEN 'SELECT %2$s, 1 FROM new_rows' END,
       CASE WHEN sign_of_old IS NOT NULL THEN 'SELECT %2$s, -1 FROM old_rows' END);
     IF TG_OP <> 'UPDATE' THEN
       EXECUTE format('INSERT INTO row_counts (table_name, key, delta)
                       SELECT %1$L, key, sum(sign) FROM (' || changed || ') AS changed_rows (key, sign)
                        GROUP BY key HAVING sum(sign) <> 0', TG_TABLE_NAME, quote_literal(''));
     END IF;
     FOREACH key_column IN ARRAY TG_ARGV LOOP
       EXECUTE format('INSERT INTO row_counts (table_name, key, delta)
                       SELECT %1$L, key, sum(sign) FROM (' || changed || ') AS changed_rows (key, sign)
                        GROUP BY key HAVING sum(sign) <> 0',
                      TG_TABLE_NAME, format('%L || coalesce(%I::text, %L)', key_column || '=', key_column, ''));
     END LOOP;
     RETURN NULL;
   END $$`,
];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Statements that make the database keep `table`'s count, and per value of each of `keys` (boolean
 * or small-integer columns a list filters by), starting from the rows it holds now. Run inside the
 * migration's transaction: the triggers' lock keeps writers out until the starting counts are in.
 */
export function countedTableSql(table: string, keys: readonly string[] = []): string[] {
  const args = keys.map(literal).join(', ');
  const keyed = (column: string) =>
    `INSERT INTO row_counts (table_name, key, delta)
       SELECT ${literal(table)}, ${literal(`${column}=`)} || coalesce(${column}::text, ''), count(*) FROM ${table} GROUP BY 2`;
  return [
    `CREATE TRIGGER trg_${table}_count_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION count_rows(${args})`,
    `CREATE TRIGGER trg_${table}_count_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION count_rows(${args})`,
    ...(keys.length > 0
      ? [
          `CREATE TRIGGER trg_${table}_count_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
             FOR EACH STATEMENT EXECUTE FUNCTION count_rows(${args})`,
        ]
      : []),
    `CREATE TRIGGER trg_${table}_count_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION count_rows()`,
    `DELETE FROM row_counts WHERE table_name = ${literal(table)}`,
    `INSERT INTO row_counts (table_name, key, delta) SELECT ${literal(table)}, '', count(*) FROM ${table}`,
    ...keys.map(keyed),
  ];
}
