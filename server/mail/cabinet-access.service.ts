/**
 * "Send login and password" (spec 01 §4, §7, §8): the cabinet login and password of a client or an
 * agency, mailed to them. One path for both holders; what differs is only where the holder's
 * address, login and password are read and the texts (HOLDERS).
 *
 * The password is never in plain text at rest: the letter in the outbox carries the holder's own
 * ciphertext (the same cabinet-password key), and the text is completed only for the SMTP server.
 * At most CABINET_ACCESS_LIMIT letters go to one address in the window, whoever asks (429 after).
 */
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CABINET_ACCESS_LIMIT, type CabinetHolderKind, type ResendReply } from '../../shared/cabinet-access.js';
import { MESSAGES } from '../../shared/messages.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { notFound } from '../common/http/errors.js';
import { LogService } from '../logs/log.service.js';
import { MailService } from './mail.service.js';
import { OUTBOX_SECRET_MARK } from './outbox-secret.js';

/** The outbox `kind` of these letters, counted by the per-address limit. */
const CABINET_ACCESS_KIND = 'cabinet-access';
/** First key of the per-address advisory locks (the second is the address's hash). */
const RECIPIENT_LOCK_SPACE = 7_300_505;

interface Holder {
  /** How the letter greets them. */
  holder: string;
  to: string | null;
  login: string | null;
  password_encrypted: string | null;
}

const HOLDERS: Record<CabinetHolderKind, { sql: string; idKey: string; texts: { resent: string; resendRefused: string; mailSubject: string } }> = {
  // A client's login is their e-mail.
  clients: {
    sql: `SELECT full_name AS holder, email AS to, email AS login, password_encrypted FROM clients WHERE id = $1`,
    idKey: 'client_id',
    texts: MESSAGES.clients,
  },
  agencies: {
    sql: `SELECT 'агентство «' || legal_name || '»' AS holder, contact_email AS to, login, password_encrypted FROM agencies WHERE id = $1`,
    idKey: 'agency_id',
    texts: MESSAGES.agencies,
  },
};

@Injectable()
export class CabinetAccessService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(LogService) private readonly logs: LogService,
  ) {}

  /**
   * POST /api/{clients|agencies}/{id}/resend. 404 for an unknown id; 422 with the spec's text without
   * address, login or password; 429 over the per-address limit. `sent` false: the letter waits in
   * the outbox (no SMTP_URL, or the mail server refused it), and /logs says which.
   */
  async resend(kind: CabinetHolderKind, id: number, user: AuthUser): Promise<ResendReply> {
    const { sql, idKey, texts } = HOLDERS[kind];
    const [holder] = await this.db.query<Holder[]>(sql, [id]);
    if (!holder) throw notFound();
    const { to, login, password_encrypted: passwordEncrypted } = holder;
    if (!to || !login || !passwordEncrypted) throw new HttpException({ message: texts.resendRefused }, HttpStatus.UNPROCESSABLE_ENTITY);

    const letter = await this.db.transaction(async (manager) => {
      // One address at a time, so that simultaneous presses cannot outrun the limit.
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RECIPIENT_LOCK_SPACE, to.toLowerCase()]);
      const [recent] = await manager.query<{ letters: number; minutes_left: number }[]>(
        `SELECT count(*)::int AS letters,
                ceil(extract(epoch FROM min(created_at) + make_interval(mins => $3) - clock_timestamp()) / 60)::int AS minutes_left
           FROM mail_outbox WHERE kind = $2 AND lower(recipient) = $1 AND created_at > clock_timestamp() - make_interval(mins => $3)`,
        [to.toLowerCase(), CABINET_ACCESS_KIND, CABINET_ACCESS_LIMIT.minutes],
      );
      if (recent && recent.letters >= CABINET_ACCESS_LIMIT.letters) {
        const minutes = Math.min(CABINET_ACCESS_LIMIT.minutes, Math.max(1, recent.minutes_left));
        throw new HttpException({ message: MESSAGES.cabinetAccess.tooOften(minutes) }, HttpStatus.TOO_MANY_REQUESTS);
      }
      return this.mail.keep(
        {
          to,
          subject: texts.mailSubject,
          text: MESSAGES.cabinetAccessLetter(holder.holder, login, OUTBOX_SECRET_MARK),
          secretEncrypted: passwordEncrypted,
          kind: CABINET_ACCESS_KIND,
        },
        manager,
      );
    });
    const { sent } = await this.mail.deliver(letter);
    await this.logs
      .write('notice', kind, sent ? MESSAGES.cabinetAccessLog.sent : MESSAGES.cabinetAccessLog.kept, '', { [idKey]: id, user_id: user.id, to })
      .catch(() => undefined);
    return { message: texts.resent, sent };
  }
}
