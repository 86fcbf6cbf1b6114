import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';

/** Laravel's default: 5 failed attempts a minute per login. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_SECONDS = 60;

/**
 * Throttles failed sign-ins per login, in PostgreSQL so that every instance on a central database
 * counts the same attempts (keying by address would lock the whole office out: all requests come
 * from 127.0.0.1 in the desktop app).
 */
@Injectable()
export class LoginThrottleService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private key(login: string) {
    return login.trim().toLowerCase().slice(0, 255);
  }

  /** Throws 429 when the login has used up its attempts. */
  async assertAllowed(login: string): Promise<void> {
    const [row]: { attempts: number; oldest: Date | null }[] = await this.db.query(
      `SELECT count(*)::int AS attempts, min(created_at) AS oldest FROM login_attempts
        WHERE login = $1 AND created_at > now() - make_interval(secs => $2)`,
      [this.key(login), LOGIN_WINDOW_SECONDS],
    );
    if (row && row.attempts >= LOGIN_MAX_ATTEMPTS && row.oldest) {
      const retryAfter = Math.max(1, Math.ceil(LOGIN_WINDOW_SECONDS - (Date.now() - new Date(row.oldest).getTime()) / 1000));
      throw new HttpException({ message: MESSAGES.auth.throttled(retryAfter), retry_after: retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(login: string): Promise<void> {
    await this.db.query('INSERT INTO login_attempts (login) VALUES ($1)', [this.key(login)]);
    // Old rows are worthless; prune them for this login while we are here.
    await this.db.query(`DELETE FROM login_attempts WHERE login = $1 AND created_at < now() - interval '1 hour'`, [this.key(login)]);
  }

  async clear(login: string): Promise<void> {
    await this.db.query('DELETE FROM login_attempts WHERE login = $1', [this.key(login)]);
  }
}
