import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';

/** Laravel's default: 5 attempts a minute per login. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_SECONDS = 60;
/** Failed attempts older than this are worthless and deleted. */
const ATTEMPTS_KEPT_SECONDS = 60 * 60;
/** First key of the per-login advisory locks (the second is the login's hash). */
const LOGIN_LOCK_SPACE = 7_300_503;

/**
 * Throttles sign-ins per login, in PostgreSQL so that every instance on a central database counts
 * the same attempts (keying by address would lock the whole office out: all requests come from
 * 127.0.0.1 in the desktop app).
 *
 * An attempt is recorded before its password check, under a lock of that login: of any number of
 * simultaneous requests at most LOGIN_MAX_ATTEMPTS reach the check within a minute, the rest are
 * 429 (counting first and recording after let 30 parallel requests through). A successful sign-in
 * clears the login's attempts.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private key(login: string) {
    return login.trim().toLowerCase().slice(0, 255);
  }

  /** Takes one of the login's attempts for a password check, or throws 429 when none is left. */
  async reserveAttempt(login: string): Promise<void> {
    const key = this.key(login);
    const retryAfter = await this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOGIN_LOCK_SPACE, key]);
      // A statement after the lock sees every attempt committed before it (READ COMMITTED).
      const [row]: { attempts: number; retry_after: number }[] = await manager.query(
        `SELECT count(*)::int AS attempts,
                ceil(extract(epoch FROM min(created_at) + make_interval(secs => $2) - clock_timestamp()))::int AS retry_after
           FROM login_attempts WHERE login = $1 AND created_at > clock_timestamp() - make_interval(secs => $2)`,
        [key, LOGIN_WINDOW_SECONDS],
      );
      if (row && row.attempts >= LOGIN_MAX_ATTEMPTS) return Math.min(LOGIN_WINDOW_SECONDS, Math.max(1, row.retry_after));
      await manager.query('INSERT INTO login_attempts (login, created_at) VALUES ($1, clock_timestamp())', [key]);
      return null;
    });
    if (retryAfter !== null) {
      throw new HttpException({ message: MESSAGES.auth.throttled(retryAfter), retry_after: retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /** After a successful sign-in: the login starts afresh. */
  async clear(login: string): Promise<void> {
    await this.db.query('DELETE FROM login_attempts WHERE login = $1', [this.key(login)]);
  }

  /** Deletes attempts too old to count, of every login (run when someone signs in). */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM login_attempts WHERE created_at < now() - make_interval(secs => $1)', [ATTEMPTS_KEPT_SECONDS]);
  }
}
