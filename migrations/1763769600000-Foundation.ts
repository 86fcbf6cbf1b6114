import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff users, sessions, sign-in throttle, countries and logs; pg_trgm for fast list search. */
export class Foundation1763769600000 implements MigrationInterface {
  name = 'Foundation1763769600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await db.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        surname varchar(50) NOT NULL,
        name varchar(50) NOT NULL,
        patronymic varchar(50),
        email varchar(50) NOT NULL,
        password_hash varchar(100) NOT NULL,
        role smallint NOT NULL CHECK (role IN (1, 2, 3)),
        is_active boolean NOT NULL DEFAULT true,
        full_name text GENERATED ALWAYS AS (surname || ' ' || name || coalesce(' ' || patronymic, '')) STORED,
        search_text text GENERATED ALWAYS AS (surname || ' ' || name || coalesce(' ' || patronymic, '') || ' ' || email) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_users_email ON users (email)`);
    await db.query(`CREATE INDEX ix_users_search ON users USING gin (search_text gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_users_full_name ON users (full_name, id)`);

    await db.query(`
      CREATE TABLE sessions (
        token_hash char(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_sessions_user ON sessions (user_id)`);

    await db.query(`
      CREATE TABLE login_attempts (
        id bigserial PRIMARY KEY,
        login varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_login_attempts_login ON login_attempts (login, created_at)`);

    await db.query(`
      CREATE TABLE countries (
        id serial PRIMARY KEY,
        name varchar(128) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_countries_name ON countries (lower(name))`);
    await db.query(`CREATE INDEX ix_countries_search ON countries USING gin (name gin_trgm_ops)`);

    await db.query(`
      CREATE TABLE logs (
        id serial PRIMARY KEY,
        level smallint NOT NULL,
        level_name varchar(20) NOT NULL,
        source varchar(255) NOT NULL,
        title varchar(255) NOT NULL,
        msg text NOT NULL DEFAULT '',
        meta jsonb NOT NULL DEFAULT '{}',
        env jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_logs_level ON logs (level, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE logs, countries, login_attempts, sessions, users`);
  }
}
