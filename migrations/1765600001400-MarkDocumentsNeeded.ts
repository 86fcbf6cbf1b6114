import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Applications already confirmed (status 3, 5 or 6) when the generated documents arrived have none:
 * they are marked to be made, as a save reaching those statuses marks them
 * (server/applications/documents/documents-mark.ts), so the Documents tab offers «Сформировать
 * недостающие документы» without a save first. The mark is not data: the version trigger ignores it.
 */
export class MarkDocumentsNeeded1765600001400 implements MigrationInterface {
  name = 'MarkDocumentsNeeded1765600001400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      UPDATE applications a SET need_generate_docs = true
       WHERE a.status IN (3, 5, 6) AND NOT a.need_generate_docs
         AND (SELECT count(*) FROM application_documents d WHERE d.application_id = a.id AND d.kind IS NOT NULL AND d.path IS NOT NULL) < 2`);
  }

  async down(): Promise<void> {
    // A mark, not data: nothing to undo.
  }
}
