import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vendor payments keep the vendors' own payment methods (issue 28 "Vendor payments";
 * shared/resources/vendors.ts PAYMENT_METHODS), not numbers. The stored numbers follow that list's
 * order: 1 → cash, 2 → bank_transfer, 3 → card, 4 → offset; any other number meant no known method
 * and becomes NULL. The CHECK keeps the column to those keys.
 */
export class VendorPaymentMethodKeys1765600001000 implements MigrationInterface {
  name = 'VendorPaymentMethodKeys1765600001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE vendor_payments ALTER COLUMN payment_method TYPE varchar(20) USING (CASE payment_method
        WHEN 1 THEN 'cash' WHEN 2 THEN 'bank_transfer' WHEN 3 THEN 'card' WHEN 4 THEN 'offset' END)`);
    await db.query(`ALTER TABLE vendor_payments ADD CONSTRAINT ck_vendor_payments_method CHECK (payment_method IN ('cash', 'bank_transfer', 'card', 'offset'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE vendor_payments DROP CONSTRAINT ck_vendor_payments_method`);
    await db.query(`
      ALTER TABLE vendor_payments ALTER COLUMN payment_method TYPE smallint USING (CASE payment_method
        WHEN 'cash' THEN 1 WHEN 'bank_transfer' THEN 2 WHEN 'card' THEN 3 WHEN 'offset' THEN 4 END)`);
  }
}
