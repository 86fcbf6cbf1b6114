import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { fullName } from '../../../shared/resources/users.js';
import type { Role } from '../../../shared/roles.js';
import { SessionEntity } from '../../auth/session.entity.js';
import type { AuthUser } from './decorators.js';

/** A session ends after this long without a request (idle timeout)… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and this long after the sign-in, however busy (lifetime). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

@Injectable()
export class SessionService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Starts a session for the user and returns the cookie token; expired sessions of anyone go. */
  async create(userId: number): Promise<string> {
    const token = randomToken();
    await this.db.getRepository(SessionEntity).insert({ token_hash: hashToken(token), user_id: userId, last_seen_at: new Date() });
    await this.purgeExpired();
    return token;
  }

  /** Deletes every session past its idle timeout or lifetime (they are refused anyway; this keeps the table small). */
  async purgeExpired(): Promise<void> {
    await this.db.query(
      `DELETE FROM sessions WHERE last_seen_at < now() - make_interval(secs => $1) OR created_at < now() - make_interval(secs => $2)`,
      [SESSION_IDLE_MS / 1000, SESSION_LIFETIME_MS / 1000],
    );
  }

  /** The active user behind a cookie token, or null (unknown, expired, or the user was deactivated). */
  async resolve(token: string): Promise<{ user: AuthUser; tokenHash: string } | null> {
    const tokenHash = hashToken(token);
    const rows: { user_id: number; surname: string; name: string; patronymic: string | null; email: string; role: Role; last_seen_at: Date }[] =
      await this.db.query(
        `SELECT s.user_id, u.surname, u.name, u.patronymic, u.email, u.role, s.last_seen_at
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND u.is_active AND s.last_seen_at > now() - make_interval(secs => $2)
            AND s.created_at > now() - make_interval(secs => $3)`,
        [tokenHash, SESSION_IDLE_MS / 1000, SESSION_LIFETIME_MS / 1000],
      );
    const row = rows[0];
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
      await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
    }
    return { tokenHash, user: { id: row.user_id, name: fullName(row), email: row.email, role: row.role } };
  }

  async destroy(tokenHash: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  /** Ends every session of a user (deactivated, or password changed by an administrator). */
  async destroyAllOf(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, exceptTokenHash ?? '']);
  }
}
