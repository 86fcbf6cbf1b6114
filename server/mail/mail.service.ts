/**
 * Outgoing mail ("send login and password", spec 01 §4; ARCHITECTURE.md §2 `SMTP_URL`).
 * Every message is first recorded in `mail_outbox` as 'kept' (waiting), then delivered: 'sent'
 * when the SMTP server took it; it stays 'kept' (with the error, if any) when there is no SMTP_URL
 * or the server refused it, so nothing a colleague asked to send is lost and the UI can say it was
 * not sent. Waiting letters go out when a server with SMTP_URL starts.
 *
 * A letter's secret (a cabinet password) never sits in the outbox in plain text: see outbox-secret.ts.
 */
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import { decryptSecret } from '../common/secrets.js';
import { SERVER_CONFIG, type ServerConfig } from '../config.js';
import { LogService } from '../logs/log.service.js';
import { withSecret } from './outbox-secret.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** With `secretEncrypted`: the text with OUTBOX_SECRET_MARK where the secret goes. */
  text: string;
  html?: string;
  /** The secret of the letter, encrypted with the cabinet-password key (server/common/secrets.ts). */
  secretEncrypted?: string;
  /** What the letter is, for limits (e.g. 'cabinet-access'). */
  kind?: string;
}

interface WaitingLetter {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  secret_encrypted: string | null;
}

/** Sender address when SMTP_URL does not name one (`?from=` in the URL). */
const DEFAULT_FROM = 'Тур Бэк-офис <no-reply@tour-backoffice.local>';
/** Waiting letters are looked up in batches of this many at start. */
const WAITING_BATCH = 50;

@Injectable()
export class MailService implements OnApplicationBootstrap, OnModuleDestroy {
  private transport: Transporter | undefined;
  private readonly from: string;
  private sweep: Promise<void> | undefined;
  private stopping = false;

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

  /** Records and delivers a message. */
  async send(message: MailMessage): Promise<{ sent: boolean }> {
    return this.deliver(await this.keep(message));
  }

  /** Records a message as waiting ('kept'), in the caller's transaction when given; returns its id. */
  async keep(message: MailMessage, manager: EntityManager = this.db.manager): Promise<string> {
    const [row] = await manager.query<{ id: string }[]>(
      `INSERT INTO mail_outbox (recipient, subject, body_text, body_html, status, kind, secret_encrypted)
       VALUES ($1, $2, $3, $4, 'kept', $5, $6) RETURNING id`,
      [message.to, message.subject, message.text, message.html ?? null, message.kind ?? null, message.secretEncrypted ?? null],
    );
    return row!.id;
  }

  /**
   * Sends a waiting letter, once across every instance (the row is locked while it is sent, and
   * skipped by others meanwhile). Sent: the row says so and forgets the secret; refused: the row
   * keeps waiting, with the error.
   */
  async deliver(id: string): Promise<{ sent: boolean }> {
    if (!this.config.smtpUrl) return { sent: false };
    return this.db.transaction(async (manager) => {
      const [letter] = await manager.query<WaitingLetter[]>(
        `SELECT recipient, subject, body_text, body_html, secret_encrypted FROM mail_outbox WHERE id = $1 AND status = 'kept' FOR UPDATE SKIP LOCKED`,
        [id],
      );
      if (!letter) return { sent: false };
      try {
        const text = letter.secret_encrypted ? withSecret(letter.body_text, await decryptSecret(manager, letter.secret_encrypted)) : letter.body_text;
        // nodemailer is imported on the first letter, not at start-up (issue 9 "Start-up").
        this.transport ??= (await import('nodemailer')).default.createTransport(this.config.smtpUrl!);
        await this.transport.sendMail({ from: this.from, to: letter.recipient, subject: letter.subject, text, html: letter.body_html ?? undefined });
      } catch (failure) {
        const error = failure instanceof Error ? failure.message : String(failure);
        await manager.query(`UPDATE mail_outbox SET error = $2 WHERE id = $1`, [id, error]);
        await this.logs.write('error', 'mail', 'Не удалось отправить письмо', error, { to: letter.recipient, subject: letter.subject }).catch(() => undefined);
        return { sent: false };
      }
      await manager.query(`UPDATE mail_outbox SET status = 'sent', sent_at = now(), error = NULL, secret_encrypted = NULL WHERE id = $1`, [id]);
      return { sent: true };
    });
  }

  /** Sends the letters that waited for SMTP (in the background: the start does not wait for the mail server). */
  onApplicationBootstrap(): void {
    if (!this.configured) return;
    this.sweep = this.deliverWaiting().catch((error: unknown) =>
      this.logs.error('mail', 'Не удалось отправить ожидающие письма', error).catch(() => undefined),
    );
  }

  private async deliverWaiting(): Promise<void> {
    for (let after = '0'; !this.stopping; ) {
      const batch = await this.db.query<{ id: string }[]>(`SELECT id FROM mail_outbox WHERE status = 'kept' AND id > $1 ORDER BY id LIMIT $2`, [after, WAITING_BATCH]);
      for (const { id } of batch) {
        if (this.stopping) return;
        await this.deliver(id);
      }
      if (batch.length < WAITING_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.sweep;
    this.transport?.close();
  }
}
