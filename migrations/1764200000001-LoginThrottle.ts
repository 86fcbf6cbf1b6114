import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in throttle takes an attempt in one statement (server/auth/login-throttle.service.ts):
 * `reserve_login_attempt(login, max, window_seconds)` locks the login (a transaction-level advisory
 * lock, held only while this one call runs), counts its attempts in the window and records a new one
 * when fewer than `max`. Returns 0 when the attempt was taken, else the seconds until one frees up.
 * Being one call, no connection waits for a lock held across round trips to the server, so a burst
 * on one login does not starve the pool. (In READ COMMITTED each statement of a volatile function
 * sees what committed before it, so the count after the lock is exact.)
 */
export class LoginThrottle1764200000001 implements MigrationInterface {
  name = 'LoginThrottle1764200000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION reserve_login_attempt(p_login varchar, p_max integer, p_window_seconds integer) RETURNS integer
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        recent integer;
        oldest timestamptz;
      BEGIN
        PERFORM pg_advisory_xact_lock(7300503, hashtext(p_login));
        SELECT count(*), min(created_at) INTO recent, oldest
          FROM login_attempts WHERE login = p_login AND created_at > clock_timestamp() - make_interval(secs => p_window_seconds);
        IF recent >= p_max THEN
          RETURN greatest(1, ceil(extract(epoch FROM oldest + make_interval(secs => p_window_seconds) - clock_timestamp())))::integer;
        END IF;
        INSERT INTO login_attempts (login, created_at) VALUES (p_login, clock_timestamp());
        RETURN 0;
      END $$`);
    // Old attempts of every login are deleted at each sign-in.
    await db.query(`CREATE INDEX ix_login_attempts_created_at ON login_attempts (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ix_login_attempts_created_at`);
    await db.query(`DROP FUNCTION reserve_login_attempt(varchar, integer, integer)`);
  }
}
