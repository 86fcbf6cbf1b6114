import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * «Обновить данные поставщиков» writes a vendor's catalogue page by page as it arrives into this
 * staging set (one `token` per reading), and swaps it into `vendor_items` in one transaction at the end
 * (issue 37): the catalogue is never held in memory, and a supplier failing half-way keeps the previous
 * one. Unlogged: a crash loses only readings that were going to be thrown away; leftovers of a killed
 * reading are deleted by the next one after a day.
 */
export class VendorItemsStaged1765700003700 implements MigrationInterface {
  name = 'VendorItemsStaged1765700003700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE UNLOGGED TABLE vendor_items_staged (
      token uuid NOT NULL,
      vendor_id integer NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
      type varchar(64) NOT NULL,
      id varchar(64) NOT NULL,
      name varchar(255) NOT NULL,
      staged_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (token, type, id)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE vendor_items_staged`);
  }
}
