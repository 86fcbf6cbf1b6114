import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads stored in chunks of 1 MB (`stored_file_chunks`) instead of one `bytea` per content, so a
 * 100 MB video is neither received nor served whole in memory, and a Range request reads only the
 * chunks it covers. The content already stored is cut into chunks here.
 */
export class FileChunks1765000000002 implements MigrationInterface {
  name = 'FileChunks1765000000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stored_file_chunks (
        sha256 char(64) NOT NULL REFERENCES stored_files (sha256) ON DELETE CASCADE ON UPDATE CASCADE,
        index integer NOT NULL CHECK (index >= 0),
        data bytea NOT NULL,
        PRIMARY KEY (sha256, index)
      )`);
    // Images, office files and videos are compressed already: out of line, without trying pglz.
    await db.query(`ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`);
    await db.query(`
      INSERT INTO stored_file_chunks (sha256, index, data)
      SELECT s.sha256, g.index, substring(s.content FROM g.index * 1048576 + 1 FOR 1048576)
        FROM stored_files s, generate_series(0, greatest(s.size - 1, 0) / 1048576) AS g(index)`);
    await db.query(`ALTER TABLE stored_files DROP COLUMN content`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE stored_files ADD COLUMN content bytea`);
    await db.query(`UPDATE stored_files s SET content = (SELECT string_agg(c.data, ''::bytea ORDER BY c.index) FROM stored_file_chunks c WHERE c.sha256 = s.sha256)`);
    await db.query(`UPDATE stored_files SET content = ''::bytea WHERE content IS NULL`);
    await db.query(`ALTER TABLE stored_files ALTER COLUMN content SET NOT NULL`);
    await db.query(`DROP TABLE stored_file_chunks`);
  }
}
