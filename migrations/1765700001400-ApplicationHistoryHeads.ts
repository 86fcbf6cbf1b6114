import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The head of each application's history chain (issue 37 "Smaller"): `application_history_heads`
 * keeps the last `seq` and `hash` of every chain, so `verify-history` sees a chain that lost its last
 * rows or vanished whole (the chain alone cannot tell: what is left of it still links up).
 *
 * - Written only by the history itself: an AFTER INSERT trigger on `application_history` upserts the
 *   head with the row the chain trigger just numbered and hashed, in the same transaction.
 * - Refused like the history: DELETE and TRUNCATE always; an UPDATE unless it comes from that trigger
 *   (`pg_trigger_depth() > 1`: the upsert runs inside it) and moves the head forward. Disabling
 *   the triggers is a superuser's act the chain and its head make visible together.
 * - Existing chains get their heads from their last rows.
 */
export class ApplicationHistoryHeads1765700001400 implements MigrationInterface {
  name = 'ApplicationHistoryHeads1765700001400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE application_history_heads (
        application_id integer PRIMARY KEY,
        last_seq integer NOT NULL,
        last_hash bytea NOT NULL
      );

      INSERT INTO application_history_heads (application_id, last_seq, last_hash)
        SELECT DISTINCT ON (application_id) application_id, seq, hash FROM application_history ORDER BY application_id, seq DESC;

      CREATE FUNCTION application_history_head() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO application_history_heads (application_id, last_seq, last_hash) VALUES (NEW.application_id, NEW.seq, NEW.hash)
            ON CONFLICT (application_id) DO UPDATE SET last_seq = EXCLUDED.last_seq, last_hash = EXCLUDED.last_hash
              WHERE EXCLUDED.last_seq > application_history_heads.last_seq;
          RETURN NULL;
        END $$;

      CREATE FUNCTION application_history_head_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF pg_trigger_depth() > 1 AND NEW.application_id = OLD.application_id AND NEW.last_seq > OLD.last_seq THEN
            RETURN NEW;
          END IF;
          RAISE EXCEPTION 'application_history_heads is written by the history only: UPDATE refused' USING ERRCODE = 'insufficient_privilege';
        END $$;

      CREATE FUNCTION application_history_heads_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'application_history_heads is written by the history only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
        END $$;

      CREATE TRIGGER application_history_head AFTER INSERT ON application_history FOR EACH ROW EXECUTE FUNCTION application_history_head();
      CREATE TRIGGER application_history_heads_update BEFORE UPDATE ON application_history_heads FOR EACH ROW EXECUTE FUNCTION application_history_head_update();
      CREATE TRIGGER application_history_heads_append_only BEFORE DELETE OR TRUNCATE ON application_history_heads FOR EACH STATEMENT EXECUTE FUNCTION application_history_heads_refuse();
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TRIGGER application_history_head ON application_history;
      DROP TABLE application_history_heads;
      DROP FUNCTION application_history_heads_refuse();
      DROP FUNCTION application_history_head_update();
      DROP FUNCTION application_history_head();
    `);
  }
}
