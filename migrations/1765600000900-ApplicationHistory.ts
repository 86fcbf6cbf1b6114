import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The application's history (issue 28 "History"): who changed which audited field, when, from what to
 * what — one hash chain per application that nobody can quietly rewrite.
 *
 * - No foreign key to `applications` (a deleted application keeps its history, ending in a `deleted`
 *   row) nor to `users` (the user's id and name are copied: deleting a user changes nothing here).
 * - Append-only: statement triggers refuse UPDATE, DELETE and TRUNCATE. The app connects as a
 *   superuser, so grants alone would not hold; disabling the triggers is possible for a superuser,
 *   and that is what the chain is for.
 * - The chain: a BEFORE INSERT trigger numbers the row (`seq`, 1, 2, … per application), links it to
 *   the application's previous row (`prev_hash`) and computes `hash` with `application_history_hash`.
 *   The commands append under the application's row lock, so two saves cannot fork it; the unique
 *   (application_id, seq) refuses a fork even so.
 *
 * The canonical content hashed (docs/applications.md "History"): SHA-256 of the UTF-8 bytes of
 * PostgreSQL's text form of the jsonb array
 *   [application_id, seq, at as 'YYYY-MM-DDTHH:MI:SS.USZ' in UTC, user_id, user_name, actor, path,
 *    before, after, prev_hash as lowercase hex or null]
 * (jsonb's text form is canonical: keys sorted, no insignificant spaces).
 */
export class ApplicationHistory1765600000900 implements MigrationInterface {
  name = 'ApplicationHistory1765600000900';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE application_history (
        id bigserial PRIMARY KEY,
        application_id integer NOT NULL,
        seq integer NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        user_id integer,
        user_name text,
        actor text NOT NULL,
        path text NOT NULL,
        before jsonb,
        after jsonb,
        prev_hash bytea,
        hash bytea NOT NULL,
        UNIQUE (application_id, seq)
      );

      CREATE FUNCTION application_history_hash(application_id integer, seq integer, at timestamptz, user_id integer, user_name text, actor text, path text, before jsonb, after jsonb, prev_hash bytea)
        RETURNS bytea LANGUAGE sql STABLE AS $$
          SELECT sha256(convert_to(jsonb_build_array(application_id, seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            user_id, user_name, actor, path, before, after, encode(prev_hash, 'hex'))::text, 'UTF8'))
        $$;

      CREATE FUNCTION application_history_chain() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          last_seq integer;
          last_hash bytea;
        BEGIN
          SELECT h.seq, h.hash INTO last_seq, last_hash FROM application_history h WHERE h.application_id = NEW.application_id ORDER BY h.seq DESC LIMIT 1;
          NEW.seq := coalesce(last_seq, 0) + 1;
          NEW.prev_hash := last_hash;
          NEW.at := coalesce(NEW.at, now());
          NEW.hash := application_history_hash(NEW.application_id, NEW.seq, NEW.at, NEW.user_id, NEW.user_name, NEW.actor, NEW.path, NEW.before, NEW.after, NEW.prev_hash);
          RETURN NEW;
        END $$;

      CREATE FUNCTION application_history_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'application_history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
        END $$;

      CREATE TRIGGER application_history_chain BEFORE INSERT ON application_history FOR EACH ROW EXECUTE FUNCTION application_history_chain();
      CREATE TRIGGER application_history_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON application_history FOR EACH STATEMENT EXECUTE FUNCTION application_history_refuse();
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE application_history;
      DROP FUNCTION application_history_refuse();
      DROP FUNCTION application_history_chain();
      DROP FUNCTION application_history_hash(integer, integer, timestamptz, integer, text, text, text, jsonb, jsonb, bytea);
    `);
  }
}
