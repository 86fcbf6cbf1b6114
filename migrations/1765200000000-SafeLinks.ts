import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Links are http(s) only (issue 15, ARCHITECTURE.md §7 "Security edge"): every URL field is now
 * validated by `optionalUrl()` (shared/validation.ts), and this cleans what was stored before.
 * A `javascript:`, `data:` or `vbscript:` link (anything that is not http or https) becomes NULL; a
 * bare host name typed without a scheme (`crimea-tour.ru`, which the agency's site accepted) gets
 * `http://` in front, so the record can still be saved without retyping it.
 *
 * Frozen here (migrations never import server code): the columns, their lengths and the rules.
 */
const LINK_COLUMNS: readonly { table: string; column: string; max: number }[] = [
  { table: 'agencies', column: 'site', max: 100 },
  { table: 'agencies', column: 'search_module_url', max: 255 },
  { table: 'hotels', column: 'site_url', max: 255 },
  { table: 'hotels', column: 'external_link', max: 255 },
  { table: 'transport_date_data', column: 'glonas_url', max: 255 },
];

/** An absolute http(s) link without spaces: kept (trimmed). */
const WEB_LINK = String.raw`^https?://\S+$`;
/** A host name with an optional port and path: `example.ru`, `www.example.ru/tours?x=1`. */
const BARE_HOST = String.raw`^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(:\d{1,5})?([/?#]\S*)?$`;

export class SafeLinks1765200000000 implements MigrationInterface {
  name = 'SafeLinks1765200000000';

  async up(db: QueryRunner): Promise<void> {
    for (const { table, column, max } of LINK_COLUMNS) {
      await db.query(
        `UPDATE ${table} SET ${column} = CASE
           WHEN btrim(${column}) ~* $1 THEN btrim(${column})
           WHEN btrim(${column}) ~ $2 AND length(btrim(${column})) + 7 <= ${max} THEN 'http://' || btrim(${column})
           ELSE NULL END
         WHERE ${column} IS NOT NULL AND ${column} !~* $1`,
        [WEB_LINK, BARE_HOST],
      );
    }
  }

  async down(): Promise<void> {
    // What was cleared was never a link anyone may follow: nothing to restore.
  }
}
