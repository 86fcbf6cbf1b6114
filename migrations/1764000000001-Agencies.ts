import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partner agencies (spec 01 §3 "Agency") and their employees ("Agency employee").
 * The cabinet password must be sent to the agency ("Send login and password"), so it is stored
 * encrypted (server/common/secrets.ts), never in the clear and never in a reply.
 */
export class Agencies1764000000001 implements MigrationInterface {
  name = 'Agencies1764000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agencies (
        id serial PRIMARY KEY,
        legal_name varchar(255) NOT NULL,
        brand varchar(255),
        inn varchar(12) CHECK (inn ~ '^[0-9]+$'),
        site varchar(100),
        legal_address varchar(255),
        actual_address varchar(255),
        company_email varchar(50),
        company_phone varchar(30),
        contact_name varchar(50),
        contact_phone varchar(12) CHECK (contact_phone ~ '^\\+7[0-9]{10}$'),
        contact_email varchar(50),
        contract_number varchar(50),
        login varchar(50),
        password_encrypted text,
        has_password boolean GENERATED ALWAYS AS (password_encrypted IS NOT NULL) STORED,
        commission_type smallint NOT NULL DEFAULT 1 CHECK (commission_type IN (1, 2)),
        commission_sum integer NOT NULL DEFAULT 0
          CHECK (commission_sum >= 0 AND commission_sum <= CASE WHEN commission_type = 2 THEN 100 ELSE 1000000 END),
        status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
        info varchar(5000),
        is_active boolean NOT NULL DEFAULT true,
        has_search_module boolean NOT NULL DEFAULT false,
        search_module_url varchar(255),
        vk_settings jsonb NOT NULL DEFAULT '{"vk_token": null, "vk_group_id": null}' CHECK (jsonb_typeof(vk_settings) = 'object'),
        is_new boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One cabinet per login, whatever its case.
    await db.query(`CREATE UNIQUE INDEX uq_agencies_login ON agencies (lower(login))`);
    // The list's search expression (server/agencies/agencies.resource.ts) must stay this exact expression.
    await db.query(
      `CREATE INDEX ix_agencies_search ON agencies USING gin ((legal_name || ' ' || coalesce(brand, '') || ' ' || coalesce(inn, '') || ' ' || coalesce(contact_email, '')) gin_trgm_ops)`,
    );
    await db.query(`CREATE INDEX ix_agencies_legal_name ON agencies (legal_name, id)`);
    // The header counter counts the new ones (GET /api/new-items/check).
    await db.query(`CREATE INDEX ix_agencies_new ON agencies (id) WHERE is_new`);

    await db.query(`
      CREATE TABLE agency_users (
        id serial PRIMARY KEY,
        agency_id integer NOT NULL CONSTRAINT fk__agency_id REFERENCES agencies (id) ON DELETE CASCADE,
        full_name varchar(255) NOT NULL,
        phone varchar(30),
        email varchar(50),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_agency_users_agency ON agency_users (agency_id, id)`);
    await db.query(`CREATE INDEX ix_agency_users_full_name ON agency_users (agency_id, full_name, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agency_users`);
    await db.query(`DROP TABLE agencies`);
  }
}
