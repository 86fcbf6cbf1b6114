import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sanitizeRichText202611 } from './frozen/rich-text-2026-11.js';

/**
 * Control characters the server's sanitizer drops after the 2026-11 allow-list (one written as an
 * entity, `&#7;`, is decoded by the parser): server/common/input/json-input.ts as of 2026-11-27.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/**
 * Tour days' descriptions sanitized (issue 25): the day's schema took its description as a plain
 * string, so a `<script>`, an `onerror=` or a `javascript:` link an outside client sent was stored as
 * sent, while every other rich-text field was cleaned. The schema now cleans it as it cleans them;
 * this cleans what was stored before, with the allow-list the server has used since 2026-11.
 */
export class TourDayDescriptions1765500000000 implements MigrationInterface {
  name = 'TourDayDescriptions1765500000000';

  async up(db: QueryRunner): Promise<void> {
    let afterId = 0;
    for (;;) {
      const days: { id: number; description: string }[] = await db.query(`SELECT id, description FROM tour_days WHERE id > $1 ORDER BY id LIMIT 500`, [afterId]);
      if (days.length === 0) return;
      for (const day of days) {
        const clean = sanitizeRichText202611(day.description).replace(CONTROL_CHARACTERS, '');
        if (clean !== day.description) await db.query(`UPDATE tour_days SET description = $2 WHERE id = $1`, [day.id, clean]);
      }
      afterId = days[days.length - 1]!.id;
    }
  }

  async down(): Promise<void> {
    // What was removed was never the tours' content: there is nothing to put back.
  }
}
