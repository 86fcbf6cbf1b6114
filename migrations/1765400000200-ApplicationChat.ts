import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chat of an application with its requester (issue 19; spec 03 §2.2, §3 "Chat message"):
 * the office writes from the chat dialog and the bulk message, the requester from outside channels
 * (the cabinet, the site). A message the requester wrote is unread until a staff member opens the chat.
 *
 * `applications.unread_messages_count` is the count the database keeps of the requester's unread
 * messages (statement triggers below, in the writer's transaction), so the list shows and filters it
 * without counting messages per row; `has_unread_messages` is its boolean, for the filter's index and
 * counted key. Neither is data of the application: the version trigger leaves them out, so a message
 * never makes a colleague's save stale.
 */
export class ApplicationChat1765400000200 implements MigrationInterface {
  name = 'ApplicationChat1765400000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE application_messages (
        id serial PRIMARY KEY,
        application_id integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1000),
        -- The requester's side (a client, an agency or one of its employees) or the office's.
        from_requester boolean NOT NULL,
        -- The staff author of an office message (kept as NULL if the user is deleted).
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        -- An agency's employee who wrote from the cabinet (NULL: the agency or the client itself).
        agency_user_id integer REFERENCES agency_users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Read by the other side: by the office for the requester's messages, by the requester for the office's.
        read_at timestamptz,
        CONSTRAINT ck__author CHECK (NOT from_requester OR user_id IS NULL)
      )`);
    // The chat reads newest first.
    await db.query(`CREATE INDEX ix_application_messages_chat ON application_messages (application_id, id DESC)`);
    await db.query(`CREATE INDEX ix_application_messages_unread ON application_messages (application_id) WHERE from_requester AND read_at IS NULL`);

    await db.query(`ALTER TABLE applications ADD COLUMN unread_messages_count integer NOT NULL DEFAULT 0 CHECK (unread_messages_count >= 0)`);
    await db.query(`ALTER TABLE applications ADD COLUMN has_unread_messages boolean GENERATED ALWAYS AS (unread_messages_count > 0) STORED`);
    await db.query(`DROP TRIGGER trg_applications_version ON applications`);
    await db.query(`CREATE TRIGGER trg_applications_version BEFORE UPDATE ON applications
                      FOR EACH ROW EXECUTE FUNCTION bump_record_version('is_watched', 'need_generate_docs', 'unread_messages_count')`);

    // One UPDATE per statement and application: a read-all of fifty messages moves the count once.
    await db.query(`
      CREATE FUNCTION count_unread_messages() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE applications a SET unread_messages_count = a.unread_messages_count + d.delta
            FROM (SELECT application_id, count(*) AS delta FROM new_rows WHERE from_requester AND read_at IS NULL GROUP BY 1) d
           WHERE a.id = d.application_id;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE applications a SET unread_messages_count = a.unread_messages_count - d.delta
            FROM (SELECT application_id, count(*) AS delta FROM old_rows WHERE from_requester AND read_at IS NULL GROUP BY 1) d
           WHERE a.id = d.application_id;
        ELSE
          UPDATE applications a SET unread_messages_count = a.unread_messages_count + d.delta
            FROM (SELECT application_id, sum(sign) AS delta FROM (
                    SELECT application_id, 1 AS sign FROM new_rows WHERE from_requester AND read_at IS NULL
                    UNION ALL
                    SELECT application_id, -1 FROM old_rows WHERE from_requester AND read_at IS NULL) changed
                   GROUP BY 1 HAVING sum(sign) <> 0) d
           WHERE a.id = d.application_id;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER trg_application_messages_unread_insert AFTER INSERT ON application_messages
                      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_unread_messages()`);
    await db.query(`CREATE TRIGGER trg_application_messages_unread_update AFTER UPDATE ON application_messages
                      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_unread_messages()`);
    await db.query(`CREATE TRIGGER trg_application_messages_unread_delete AFTER DELETE ON application_messages
                      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_unread_messages()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE application_messages`);
    await db.query(`DROP FUNCTION count_unread_messages()`);
    await db.query(`DROP TRIGGER trg_applications_version ON applications`);
    await db.query(`CREATE TRIGGER trg_applications_version BEFORE UPDATE ON applications
                      FOR EACH ROW EXECUTE FUNCTION bump_record_version('is_watched', 'need_generate_docs')`);
    await db.query(`ALTER TABLE applications DROP COLUMN has_unread_messages, DROP COLUMN unread_messages_count`);
  }
}
