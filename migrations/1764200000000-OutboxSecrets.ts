import type { MigrationInterface, QueryRunner } from 'typeorm';
import { cabinetSecretsV1 } from './frozen/cabinet-secrets-v1.js';

/**
 * Frozen (migrations/frozen/README.md): server/mail/outbox-secret.ts as of 2026-11-24. Stands for
 * the secret in a stored letter.
 */
const OUTBOX_SECRET_MARK = '[пароль хранится зашифрованным]';

/** The letter with its secret back in place of the last mark (frozen with OUTBOX_SECRET_MARK). */
function withSecret(bodyText: string, secret: string): string {
  const at = bodyText.lastIndexOf(OUTBOX_SECRET_MARK);
  return at < 0 ? bodyText : bodyText.slice(0, at) + secret + bodyText.slice(at + OUTBOX_SECRET_MARK.length);
}

/** The password line of "Send login and password" letters written before (shared/messages.ts cabinetAccessLetter). */
const PASSWORD_LINE = /\nПароль: ([\s\S]*)\n\nНе передавайте эти данные третьим лицам\.\n?$/;

/**
 * No cabinet password in plain text at rest (issue 8): letters keep it encrypted in
 * `secret_encrypted` (server/mail/outbox-secret.ts) while they wait for SMTP, and drop it once
 * sent; `kind` tells the cabinet-access letters apart, for the per-address limit. The letters
 * written before lose their password text: encrypted for those still waiting, gone for those sent.
 */
export class OutboxSecrets1764200000000 implements MigrationInterface {
  name = 'OutboxSecrets1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE mail_outbox ADD COLUMN kind varchar(32), ADD COLUMN secret_encrypted text`);
    await db.query(`CREATE INDEX ix_mail_outbox_cabinet_access ON mail_outbox (lower(recipient), created_at) WHERE kind = 'cabinet-access'`);

    const secrets = cabinetSecretsV1(db);
    const letters: { id: string; status: string; body_text: string }[] = await db.query(
      `SELECT id, status, body_text FROM mail_outbox WHERE body_text LIKE '%' || chr(10) || 'Пароль: %'`,
    );
    for (const letter of letters) {
      const match = PASSWORD_LINE.exec(letter.body_text);
      if (!match) continue;
      const start = match.index + '\nПароль: '.length;
      const bodyText = letter.body_text.slice(0, start) + OUTBOX_SECRET_MARK + letter.body_text.slice(start + match[1]!.length);
      const secret = letter.status === 'kept' ? await secrets.encrypt(match[1]!) : null;
      await db.query(`UPDATE mail_outbox SET body_text = $2, secret_encrypted = $3, kind = 'cabinet-access' WHERE id = $1`, [letter.id, bodyText, secret]);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    // Back to the old form: the waiting letters get their password text again.
    const secrets = cabinetSecretsV1(db);
    const waiting: { id: string; body_text: string; secret_encrypted: string }[] = await db.query(
      `SELECT id, body_text, secret_encrypted FROM mail_outbox WHERE secret_encrypted IS NOT NULL`,
    );
    for (const letter of waiting) {
      await db.query(`UPDATE mail_outbox SET body_text = $2 WHERE id = $1`, [letter.id, withSecret(letter.body_text, await secrets.decrypt(letter.secret_encrypted))]);
    }
    await db.query(`ALTER TABLE mail_outbox DROP COLUMN kind, DROP COLUMN secret_encrypted`);
  }
}
