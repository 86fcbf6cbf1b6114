import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads kept in PostgreSQL, so every office PC on the central database sees them:
 * `stored_files` holds each distinct content once (keyed by its SHA-256), `files` the named
 * uploads (`photos/city/<uuid>.jpg`) that point at it.
 */
export class Files1763856000000 implements MigrationInterface {
  name = 'Files1763856000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stored_files (
        sha256 char(64) PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        content bytea NOT NULL,
        mime varchar(100) NOT NULL,
        size integer NOT NULL CHECK (size >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Images and office files are compressed already: store out of line without trying pglz.
    await db.query(`ALTER TABLE stored_files ALTER COLUMN content SET STORAGE EXTERNAL`);

    await db.query(`
      CREATE TABLE files (
        id serial PRIMARY KEY,
        path varchar(255) NOT NULL,
        original_name varchar(255) NOT NULL,
        sha256 char(64) NOT NULL REFERENCES stored_files (sha256),
        mime varchar(100) NOT NULL,
        size integer NOT NULL CHECK (size >= 0),
        entity varchar(50),
        type varchar(50),
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_files_path ON files (path)`);
    await db.query(`CREATE INDEX ix_files_sha256 ON files (sha256)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE files, stored_files`);
  }
}
