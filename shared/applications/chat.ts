/**
 * The chat of an application with its requester and the bulk message (spec 03 §2.2, §3 "Chat
 * message", §5, §7; issue 19): the inputs' schemas, the answers' shapes and the paths, for the
 * server and the renderer.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { id, requiredText } from '../validation.js';
import { APPLICATION_LIMITS, RequesterType } from './constants.js';

const M = MESSAGES.validation;

/** The path segment of each requester type: `/{clients|agencies}/chat`. */
export const CHAT_REQUESTER_SEGMENTS = { [RequesterType.Client]: 'clients', [RequesterType.Agency]: 'agencies' } as const satisfies Record<RequesterType, string>;

export const CHAT_PATHS = {
  /** GET ?application_id= → {data: ChatMessage[]} newest first (the newest APPLICATION_LIMITS.chatHistory); POST {application_id, message} → {message, data: ChatMessage}. */
  chat: (type: RequesterType) => `/${CHAT_REQUESTER_SEGMENTS[type]}/chat`,
  /** POST {application_id} → {data: {read}}: the requester's messages read. */
  readAll: (type: RequesterType) => `/${CHAT_REQUESTER_SEGMENTS[type]}/chat/read-all`,
  /** POST {applications_ids, message} → {message, data: {sent, skipped_inactive}}. */
  bulk: '/applications/send-message',
  /** POST {applications_ids} → {data: UnreadCount[]}. */
  unread: '/applications/chats/unread-messages',
} as const;

/** Application ids of a bulk message or an unread-counts request: 1 to APPLICATION_LIMITS.chatApplications. */
const applicationIds = () =>
  z
    .array(id(), { error: M.required })
    .min(1, M.required)
    .max(APPLICATION_LIMITS.chatApplications, M.maxItems(APPLICATION_LIMITS.chatApplications));

export const chatQuerySchema = z.object({ application_id: id() });
export const readAllSchema = chatQuerySchema;
export const chatMessageSchema = z.object({ application_id: id(), message: requiredText(APPLICATION_LIMITS.chatMessage) });
export const bulkMessageSchema = z.object({ applications_ids: applicationIds(), message: requiredText(APPLICATION_LIMITS.bulkMessage) });
export const unreadCountsSchema = z.object({ applications_ids: applicationIds() });

/** One chat message (spec 03 §3): written by a staff member (`user`) or by the requester (`requester`). */
export interface ChatMessage {
  id: number;
  message: string;
  /** ISO date-times. */
  created_at: string;
  read_at: string | null;
  from_requester: boolean;
  /** The staff author (null for the requester's messages, or when the author was deleted). */
  user: { id: number; full_name: string } | null;
  /** The requester's side: the client, the agency's employee who wrote, or the agency. */
  requester: { full_name: string } | null;
}

export interface BulkMessageResult {
  /** Messages written. */
  sent: number;
  /** Applications skipped because their requester is inactive. */
  skipped_inactive: number[];
}

export interface UnreadCount {
  id: number;
  unread_messages_count: number;
}
