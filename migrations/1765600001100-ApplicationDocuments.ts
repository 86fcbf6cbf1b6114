import type { MigrationInterface, QueryRunner } from 'typeorm';
import { versionedTableSql } from './versioning.js';

/**
 * An application's documents (issue 28 "Documents", spec 03 §3 "Document") and the organisation
 * details every generated document names.
 *
 * - `application_documents`: uploaded PDFs (`kind` null) and the generated voucher and contract
 *   (`kind` 'voucher' | 'contract', one of each per application). A generated row is inserted with
 *   `path` null while its job runs ('формируется') and gets its file when the job is done; an
 *   uploaded one has its file at once. The documents live outside the application's save (its
 *   version is not bumped by them), and go with the application (ON DELETE CASCADE); a file kept by
 *   a document cannot be removed under it (fk to files.path). `generated_at` is when a generated
 *   document's file was made (null while it is being made).
 * - `organization`: one row (id 1) of the operator's legal details, changed by the administrator;
 *   versioned like every edited record (the version check of PUT /api/organization).
 */
export class ApplicationDocuments1765600001100 implements MigrationInterface {
  name = 'ApplicationDocuments1765600001100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE application_documents (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        kind varchar(20) CHECK (kind IN ('voucher', 'contract')),
        name varchar(255) NOT NULL,
        path varchar(255) CONSTRAINT fk__path REFERENCES files (path) ON UPDATE CASCADE ON DELETE RESTRICT,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        generated_at timestamptz,
        CONSTRAINT ck_application_documents_uploaded_path CHECK (kind IS NOT NULL OR path IS NOT NULL)
      );
      CREATE INDEX ix_application_documents_application ON application_documents (application_id, id);
      CREATE UNIQUE INDEX uq_application_documents_kind ON application_documents (application_id, kind) WHERE kind IS NOT NULL;

      CREATE TABLE organization (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        legal_name varchar(255) NOT NULL DEFAULT '',
        inn varchar(12) NOT NULL DEFAULT '',
        ogrn varchar(15) NOT NULL DEFAULT '',
        address varchar(500) NOT NULL DEFAULT '',
        registry_number varchar(50) NOT NULL DEFAULT '',
        financial_guarantee varchar(1000) NOT NULL DEFAULT '',
        bank_name varchar(255) NOT NULL DEFAULT '',
        bik varchar(9) NOT NULL DEFAULT '',
        settlement_account varchar(20) NOT NULL DEFAULT '',
        correspondent_account varchar(20) NOT NULL DEFAULT '',
        phone varchar(50) NOT NULL DEFAULT '',
        email varchar(255) NOT NULL DEFAULT ''
      );
      INSERT INTO organization (id) VALUES (1);
    `);
    for (const statement of versionedTableSql('organization')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE organization; DROP TABLE application_documents;`);
  }
}
