import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agency documents (spec 01 §3 "Agency document"): each row keeps one upload (`files.path`, which
 * a document holds alone), searched by name and description through a trigram index.
 */
export class AgencyDocuments1763971200000 implements MigrationInterface {
  name = 'AgencyDocuments1763971200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agency_documents (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        description varchar(400),
        sort smallint NOT NULL DEFAULT 10 CHECK (sort BETWEEN 1 AND 10),
        file_path varchar(255) NOT NULL CONSTRAINT fk__file REFERENCES files (path) ON UPDATE CASCADE ON DELETE RESTRICT,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_agency_documents_file UNIQUE (file_path)
      )`);
    // The list's search expression (server/agency-documents/agency-documents.resource.ts) must stay this exact expression.
    await db.query(`CREATE INDEX ix_agency_documents_search ON agency_documents USING gin ((name || ' ' || coalesce(description, '')) gin_trgm_ops)`);
    await db.query(`CREATE INDEX ix_agency_documents_name ON agency_documents (name, id)`);
    await db.query(`CREATE INDEX ix_agency_documents_sort ON agency_documents (sort, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agency_documents`);
  }
}
