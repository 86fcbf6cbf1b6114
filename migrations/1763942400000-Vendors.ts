import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Vendors (spec 01 §3 "Vendor"): searched by name or INN through a trigram index, sorted by name. */
export class Vendors1763942400000 implements MigrationInterface {
  name = 'Vendors1763942400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE vendors (
        id serial PRIMARY KEY,
        name varchar(128) NOT NULL,
        address varchar(100),
        email varchar(50),
        contact_name varchar(50),
        contact_phone varchar(30),
        inn varchar(12) CHECK (inn ~ '^[0-9]+$'),
        ogrn varchar(15) CHECK (ogrn ~ '^[0-9]+$'),
        contract_form varchar(128),
        comment varchar(200),
        payment_method varchar(20) CHECK (payment_method IN ('cash', 'bank_transfer', 'card', 'offset')),
        requisites varchar(255),
        is_external_service boolean NOT NULL DEFAULT false,
        payload jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The list's search expression (server/vendors/vendors.resource.ts) must stay this exact expression.
    await db.query(`CREATE INDEX ix_vendors_search ON vendors USING gin ((name || ' ' || coalesce(inn, '')) gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_vendors_name ON vendors (name, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE vendors`);
  }
}
