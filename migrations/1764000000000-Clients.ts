import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clients (spec 01 §3 "Client"; phone stored as +7XXXXXXXXXX, the cabinet password encrypted), the mail outbox ("send login and password") and the application's
 * secrets (the key that encrypts cabinet passwords at rest, see server/common/secrets.ts).
 */
export class Clients1764000000000 implements MigrationInterface {
  name = 'Clients1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE clients (
        id serial PRIMARY KEY,
        surname varchar(50) NOT NULL,
        name varchar(50) NOT NULL,
        patronymic varchar(50),
        phone varchar(12) NOT NULL CHECK (phone ~ '^\\+7[0-9]{10}$'),
        email varchar(50),
        password_encrypted text,
        has_password boolean GENERATED ALWAYS AS (password_encrypted IS NOT NULL) STORED,
        is_active boolean NOT NULL DEFAULT true,
        is_new boolean NOT NULL DEFAULT true,
        full_name text GENERATED ALWAYS AS (surname || ' ' || name || coalesce(' ' || patronymic, '')) STORED,
        search_text text GENERATED ALWAYS AS (
          surname || ' ' || name || coalesce(' ' || patronymic, '') || ' ' || phone || coalesce(' ' || email, '')
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_clients_search ON clients USING gin (search_text gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_clients_full_name ON clients (full_name, id)`);
    // The header counter counts new clients: a partial index keeps that count cheap.
    await db.query(`CREATE INDEX ix_clients_new ON clients (id) WHERE is_new`);

    await db.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        recipient varchar(255) NOT NULL,
        subject varchar(255) NOT NULL,
        body_text text NOT NULL,
        body_html text,
        status varchar(8) NOT NULL CHECK (status IN ('sent', 'kept')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await db.query(`CREATE INDEX ix_mail_outbox_kept ON mail_outbox (id) WHERE status = 'kept'`);

    await db.query(`
      CREATE TABLE app_secrets (
        name varchar(64) PRIMARY KEY,
        value bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE app_secrets, mail_outbox, clients`);
  }
}
