/**
 * A letter that carries a secret (the cabinet password of "Send login and password") is stored in
 * `mail_outbox` without it: `body_text` holds OUTBOX_SECRET_MARK where the secret goes, and
 * `secret_encrypted` the secret encrypted with the cabinet-password key (server/common/secrets.ts)
 * until the letter is sent; then it is cleared. The text is completed only for the SMTP server.
 */

/** Stands for the secret in a stored letter (and is what a colleague reading the outbox sees). */
export const OUTBOX_SECRET_MARK = '[пароль хранится зашифрованным]';

/**
 * The letter as sent: the last mark is the secret's place (the holder's name and the login, which
 * come earlier in the letter, could contain the same text; the password line follows them).
 */
export function withSecret(bodyText: string, secret: string): string {
  const at = bodyText.lastIndexOf(OUTBOX_SECRET_MARK);
  return at < 0 ? bodyText : bodyText.slice(0, at) + secret + bodyText.slice(at + OUTBOX_SECRET_MARK.length);
}
