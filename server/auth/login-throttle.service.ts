import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { createLimiter } from '../common/limiter.js';

/** Laravel's default: 5 attempts a minute per login. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_SECONDS = 60;
/**
 * Sign-ins that may wait at once for their login's lock in the database; the others wait in line
 * here. Attempts on one login are taken one after the other: without this line a burst on one login
 * would park every connection of the pool behind that lock, and the whole API would wait with it.
 */
const RESERVATIONS_AT_ONCE = 3;
/** Failed attempts older than this are worthless and deleted. */
const ATTEMPTS_KEPT_SECONDS = 60 * 60;

/**
 * Throttles sign-ins per login, in PostgreSQL so that every instance on a central database counts
 * the same attempts (keying by address would lock the whole office out: all requests come from
 * 127.0.0.1 in the desktop app).
 *
 * An attempt is recorded before its password check, under a lock of that login (one call of the
 * database function reserve_login_attempt): of any number of simultaneous requests at most
 * LOGIN_MAX_ATTEMPTS reach the check within a minute, the rest are 429 (counting first and
 * recording after let 30 parallel requests through). A successful sign-in clears the login's attempts.
 */
@Injectable()
export class LoginThrottleService {
  private readonly inLine = createLimiter(RESERVATIONS_AT_ONCE);

  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private key(login: string) {
    return login.trim().toLowerCase().slice(0, 255);
  }

  /** Takes one of the login's attempts for a password check, or throws 429 when none is left. */
  async reserveAttempt(login: string): Promise<void> {
    // One statement: the database function of migration 1764200000001-LoginThrottle locks the
    // login, counts and records; so no two requests can both take the last attempt.
    const [row]: { retry_after: number }[] = await this.inLine(() =>
      this.db.query('SELECT reserve_login_attempt($1, $2, $3) AS retry_after', [this.key(login), LOGIN_MAX_ATTEMPTS, LOGIN_WINDOW_SECONDS]),
    );
    const retryAfter = Math.min(LOGIN_WINDOW_SECONDS, row?.retry_after ?? 0);
    if (retryAfter > 0) {
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
