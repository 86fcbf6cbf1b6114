/**
 * A real SMTP server for the tests (the `smtp-server` package) on 127.0.0.1: the server under test
 * gets its URL as SMTP_URL, and tests read back what was delivered. Messages are decoded just enough
 * for single-part text mail as nodemailer writes it (RFC 2047 subjects, base64 or quoted-printable
 * bodies).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  /** e.g. smtp://127.0.0.1:52345 */
  url: string;
  messages: DeliveredMail[];
  /** Resolves with the next delivered message (or one already delivered after `after`). */
  next(after?: number): Promise<DeliveredMail>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: DeliveredMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMessage(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(after = messages.length) {
      while (messages.length <= after) await new Promise<void>((resolve) => waiters.push(resolve));
      return messages[after]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n') };
}
