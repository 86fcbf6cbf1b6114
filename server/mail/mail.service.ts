/**
 * Outgoing mail ("send login and password", spec 01 §4; ARCHITECTURE.md §2 `SMTP_URL`).
 * Every message is recorded in `mail_outbox`: status 'sent' when the SMTP server took it, 'kept'
 * (with the error, if any) when there is no SMTP_URL or the server refused it, so nothing a
 * colleague asked to send is lost and the UI can say it was not sent.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { decryptSecret } from '../common/secrets.js';
import { SERVER_CONFIG, type ServerConfig } from '../config.js';
import { LogService } from '../logs/log.service.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sender address when SMTP_URL does not name one (`?from=` in the URL). */
const DEFAULT_FROM = 'Тур Бэк-офис <no-reply@tour-backoffice.local>';

@Injectable()
export class MailService implements OnModuleDestroy {
  private transport: Transporter | undefined;
  private readonly from: string;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(LogService) private readonly logs: LogService,
  ) {
    let from = DEFAULT_FROM;
    if (config.smtpUrl) {
      try {
        from = new URL(config.smtpUrl).searchParams.get('from') ?? DEFAULT_FROM;
      } catch {
        // A malformed URL fails at send time and the message is kept with the error.
      }
    }
    this.from = from;
  }

  /** True when SMTP_URL is configured (a send is attempted). */
  get configured(): boolean {
    return Boolean(this.config.smtpUrl);
  }

  /**
   * "Send login and password" (spec 01 §4): decrypts the cabinet password and mails it with the login,
   * and notes on /logs whether the letter went out or was kept in the outbox.
   */
  async sendCabinetAccess(access: { to: string; holder: string; login: string; encryptedPassword: string; subject: string; source: string; meta: Record<string, unknown> }): Promise<{ sent: boolean }> {
    const password = await decryptSecret(this.db.manager, access.encryptedPassword);
    const result = await this.send({ to: access.to, subject: access.subject, text: MESSAGES.cabinetAccessLetter(access.holder, access.login, password) });
    await this.logs
      .write('notice', access.source, result.sent ? MESSAGES.cabinetAccessLog.sent : MESSAGES.cabinetAccessLog.kept, '', { ...access.meta, to: access.to })
      .catch(() => undefined);
    return result;
  }

  async send(message: MailMessage): Promise<{ sent: boolean }> {
    let error: string | null = null;
    let sent = false;
    if (this.config.smtpUrl) {
      try {
        // nodemailer is imported on the first letter, not at start-up (issue 9 "Start-up").
        this.transport ??= (await import('nodemailer')).default.createTransport(this.config.smtpUrl);
        await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        sent = true;
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        await this.logs
          .write('error', 'mail', 'Не удалось отправить письмо', error, { to: message.to, subject: message.subject })
          .catch(() => undefined);
      }
    }
    await this.db.query(
      `INSERT INTO mail_outbox (recipient, subject, body_text, body_html, status, error, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN now() END)`,
      [message.to, message.subject, message.text, message.html ?? null, sent ? 'sent' : 'kept', error, sent],
    );
    return { sent };
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
