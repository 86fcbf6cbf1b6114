/** MailService: sent through SMTP_URL and recorded, or kept in mail_outbox (no SMTP_URL, or the server refuses). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from './mail.service.js';
import { LogService } from '../logs/log.service.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { createDataSource } from '../database/data-source.js';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from '../config.js';

let db: TestDatabase;
let dataSource: DataSource;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [db, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  dataSource = createDataSource(db.url);
  await dataSource.initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
  await smtp?.close();
});

const service = (smtpUrl?: string) =>
  new MailService(dataSource, { smtpUrl } as ServerConfig, new LogService(dataSource));
const outbox = (to: string) =>
  db.query<{ status: string; error: string | null; subject: string; body_text: string; sent_at: Date | null }>(
    'SELECT status, error, subject, body_text, sent_at FROM mail_outbox WHERE recipient = $1',
    [to],
  );

describe('MailService', () => {
  it('sends through SMTP_URL and records the message as sent', async () => {
    const mail = service(`${smtp.url}?from=office%40tour.test`);
    const next = smtp.next();
    expect(await mail.send({ to: 'one@example.test', subject: 'Тема письма', text: 'Текст письма' })).toEqual({ sent: true });
    const delivered = await next;
    expect(delivered).toMatchObject({ from: 'office@tour.test', to: ['one@example.test'], subject: 'Тема письма' });
    expect(delivered.text).toContain('Текст письма');
    const [row] = await outbox('one@example.test');
    expect(row).toMatchObject({ status: 'sent', error: null, subject: 'Тема письма' });
    expect(row!.sent_at).toBeInstanceOf(Date);
    mail.onModuleDestroy();
  });

  it('keeps the message without SMTP_URL', async () => {
    expect(await service().send({ to: 'two@example.test', subject: 'S', text: 'T' })).toEqual({ sent: false });
    expect(await outbox('two@example.test')).toEqual([{ status: 'kept', error: null, subject: 'S', body_text: 'T', sent_at: null }]);
  });

  it('keeps the message with the error when the SMTP server cannot be reached', async () => {
    const mail = service('smtp://127.0.0.1:1');
    expect(await mail.send({ to: 'three@example.test', subject: 'S', text: 'T' })).toEqual({ sent: false });
    const [row] = await outbox('three@example.test');
    expect(row).toMatchObject({ status: 'kept', sent_at: null });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    mail.onModuleDestroy();
  });
});
