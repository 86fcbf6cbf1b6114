/**
 * The chat of an application with its requester, the bulk message and the unread counts (spec 03
 * §2.2, §7; issue 19). The requester writes from outside channels (the cabinet, the site) straight
 * into `application_messages`; the office reads and answers here. The unread count is the one the
 * database keeps on `applications` (migrations/1765400000200-ApplicationChat.ts): nothing here
 * counts messages, and nothing raises the application's version.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APPLICATION_LIMITS, type RequesterType } from '../../../shared/applications/constants.js';
import {
  bulkMessageSchema,
  chatMessageSchema,
  chatQuerySchema,
  readAllSchema,
  unreadCountsSchema,
  type BulkMessageResult,
  type ChatMessage,
  type UnreadCount,
} from '../../../shared/applications/chat.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Actor } from '../../common/auth/decorators.js';
import { notFound, parseInput, ValidationFailed } from '../../common/http/errors.js';

const C = MESSAGES.applicationChat;
type Sql = Pick<EntityManager, 'query'>;

/** The application with its requester's type and active flag (null: no such application). */
const REQUESTER_SQL = `
  SELECT a.requester_type, coalesce(c.is_active, g.is_active, false) AS active
    FROM applications a LEFT JOIN clients c ON c.id = a.client_id LEFT JOIN agencies g ON g.id = a.agency_id
   WHERE a.id = $1`;

/**
 * Messages as spec 03 §3 gives them, from the rows of `m`: a staff author, or the requester's side —
 * the agency's employee who wrote, else the client or the agency.
 */
const MESSAGE_COLUMNS = `
  m.id, m.message, m.created_at, m.read_at, m.from_requester,
  CASE WHEN u.id IS NOT NULL AND NOT m.from_requester THEN json_build_object('id', u.id, 'full_name', u.full_name) END AS user,
  CASE WHEN m.from_requester THEN json_build_object('full_name', coalesce(au.full_name, c.full_name, g.legal_name)) END AS requester`;
const MESSAGE_JOINS = `
  JOIN applications a ON a.id = m.application_id
  LEFT JOIN clients c ON c.id = a.client_id
  LEFT JOIN agencies g ON g.id = a.agency_id
  LEFT JOIN users u ON u.id = m.user_id
  LEFT JOIN agency_users au ON au.id = m.agency_user_id`;

interface MessageRow extends Omit<ChatMessage, 'created_at' | 'read_at'> {
  created_at: Date;
  read_at: Date | null;
}

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  message: row.message,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at?.toISOString() ?? null,
  from_requester: row.from_requester,
  user: row.user,
  requester: row.requester,
});

@Injectable()
export class ApplicationChatService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The application's requester is of `type`: 404 without the application, 422 on `application_id` for the other type. Answers whether the requester is active. */
  private async requesterOf(sql: Sql, applicationId: number, type: RequesterType): Promise<{ active: boolean }> {
    const [row] = (await sql.query(REQUESTER_SQL, [applicationId])) as { requester_type: RequesterType; active: boolean }[];
    if (!row) throw notFound();
    if (row.requester_type !== type) throw new ValidationFailed({ application_id: [C.notOfRequesterType] });
    return { active: row.active };
  }

  /** GET /{clients|agencies}/chat?application_id= → the newest APPLICATION_LIMITS.chatHistory messages, newest first. */
  async list(type: RequesterType, query: unknown): Promise<{ data: ChatMessage[] }> {
    const { application_id } = parseInput(chatQuerySchema, query);
    await this.requesterOf(this.db, application_id, type);
    const rows = (await this.db.query(
      `SELECT ${MESSAGE_COLUMNS}
         FROM (SELECT * FROM application_messages WHERE application_id = $1 ORDER BY id DESC LIMIT $2) m ${MESSAGE_JOINS}
        ORDER BY m.id DESC`,
      [application_id, APPLICATION_LIMITS.chatHistory],
    )) as MessageRow[];
    return { data: rows.map(toMessage) };
  }

  /** POST /{clients|agencies}/chat {application_id, message}: the office's answer; refused while the requester is inactive. */
  async send(type: RequesterType, body: unknown, actor: Actor): Promise<{ message: string; data: ChatMessage }> {
    const input = parseInput(chatMessageSchema, body);
    const { active } = await this.requesterOf(this.db, input.application_id, type);
    if (!active) throw new ValidationFailed({ message: [C.requesterInactive] });
    const [row] = (await this.db.query(
      `WITH m AS (INSERT INTO application_messages (application_id, message, from_requester, user_id) VALUES ($1, $2, false, $3) RETURNING *)
       SELECT ${MESSAGE_COLUMNS} FROM m ${MESSAGE_JOINS}`,
      [input.application_id, input.message, actor.user.id],
    )) as MessageRow[];
    return { message: C.sent, data: toMessage(row!) };
  }

  /**
   * POST /{clients|agencies}/chat/read-all {application_id}: every unread message of the requester
   * read now, in one statement (its trigger takes the kept count down by as many, in this transaction).
   */
  async readAll(type: RequesterType, body: unknown): Promise<{ data: { read: number } }> {
    const { application_id } = parseInput(readAllSchema, body);
    return this.db.transaction(async (manager) => {
      await this.requesterOf(manager, application_id, type);
      // The application first (its count is what the trigger writes): a delete locks it before its
      // messages, so taking the messages first could deadlock with it.
      await manager.query(`SELECT 1 FROM applications WHERE id = $1 FOR NO KEY UPDATE`, [application_id]);
      const [, read] = (await manager.query(
        `UPDATE application_messages SET read_at = now() WHERE application_id = $1 AND from_requester AND read_at IS NULL`,
        [application_id],
      )) as [unknown, number];
      return { data: { read } };
    });
  }

  /**
   * POST /applications/send-message {applications_ids, message}: one message per application in one
   * transaction — an unknown id refuses the whole (422 on `applications_ids.{index}`, nothing written).
   * Applications whose requester is inactive are skipped and named in the answer (the chat offers
   * no input to them either); when every one is inactive nothing is sent (422).
   */
  async sendBulk(body: unknown, actor: Actor): Promise<{ message: string; data: BulkMessageResult }> {
    const input = parseInput(bulkMessageSchema, body);
    const ids = [...new Set(input.applications_ids)];
    return this.db.transaction(async (manager) => {
      // KEY SHARE: none of them is deleted before the insert below, and no save waits for it.
      const found = (await manager.query(
        `SELECT a.id, coalesce(c.is_active, g.is_active, false) AS active
           FROM applications a LEFT JOIN clients c ON c.id = a.client_id LEFT JOIN agencies g ON g.id = a.agency_id
          WHERE a.id = ANY($1::int[]) FOR KEY SHARE OF a`,
        [ids],
      )) as { id: number; active: boolean }[];
      const known = new Set(found.map((row) => row.id));
      const errors: Record<string, string[]> = {};
      input.applications_ids.forEach((applicationId, index) => {
        if (!known.has(applicationId)) errors[`applications_ids.${index}`] = [C.unknownApplication];
      });
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      const active = found.filter((row) => row.active).map((row) => row.id);
      if (active.length === 0) throw new ValidationFailed({ applications_ids: [C.noneActive] });
      const inserted = (await manager.query(
        `INSERT INTO application_messages (application_id, message, from_requester, user_id)
         SELECT id, $2, false, $3 FROM unnest($1::int[]) AS id RETURNING id`,
        [active, input.message, actor.user.id],
      )) as unknown[];
      const skipped = found.filter((row) => !row.active).map((row) => row.id).sort((a, b) => a - b);
      return { message: C.sent, data: { sent: inserted.length, skipped_inactive: skipped } };
    });
  }

  /** POST /applications/chats/unread-messages {applications_ids} → the kept counts; an id no application has is left out. */
  async unreadCounts(body: unknown): Promise<{ data: UnreadCount[] }> {
    const { applications_ids } = parseInput(unreadCountsSchema, body);
    const rows = (await this.db.query(`SELECT id, unread_messages_count FROM applications WHERE id = ANY($1::int[]) ORDER BY id`, [applications_ids])) as UnreadCount[];
    return { data: rows };
  }
}
