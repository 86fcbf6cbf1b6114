/**
 * "Send login and password" (spec 01 §4, §7, §8): one contract for clients and agencies.
 * POST /api/{clients|agencies}/{id}/resend → {message, sent}.
 */

/** Who has a personal cabinet: the path segment of their resource. */
export type CabinetHolderKind = 'clients' | 'agencies';

export const cabinetAccessPath = (kind: CabinetHolderKind, id: number) => `/${kind}/${id}/resend`;

/** Reply of the resend: `sent` false when the letter waits in the outbox (no SMTP_URL, or the server refused it). */
export interface ResendReply {
  message: string;
  sent: boolean;
}

/**
 * Not in the spec: at most this many letters to one address in a sliding window, whoever asks and
 * for whom (a client and an agency may share an address); more is a 429. Enough for "it did not
 * arrive, send again", too few to flood a mailbox or to turn the office's mail into a spam source.
 */
export const CABINET_ACCESS_LIMIT = { letters: 3, minutes: 15 } as const;
