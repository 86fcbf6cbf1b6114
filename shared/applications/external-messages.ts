/**
 * The Comments tab of an application from an outside service (spec 03 §2.3, §3 "External-service
 * message", §7; issue 31): the supplier's messages about the booking and ours, through the vendor's
 * connector (server/imports/connectors).
 */
import { z } from 'zod';
import { requiredText } from '../validation.js';
import { APPLICATION_LIMITS } from './constants.js';

/** GET → {data: ExternalMessage[], types}; POST {type, text} → 201 {data: ExternalMessage}. */
export const externalMessagesPath = (applicationId: number) => `/external-services/${applicationId}/messages`;

/** POST: `text` (the word) or `message` (the spec's), at most APPLICATION_LIMITS.externalMessage characters. */
export const externalMessageSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !('text' in value) && 'message' in value ? { ...value, text: (value as { message: unknown }).message } : value),
  z.object({
    type: requiredText(64),
    text: requiredText(APPLICATION_LIMITS.externalMessage),
  }),
);

export interface ExternalMessage {
  id: string;
  type: string;
  /** ISO 8601. */
  date: string;
  author: string;
  is_our: boolean;
  text: string;
}

export interface ExternalMessages {
  data: ExternalMessage[];
  /** The kinds of message the supplier takes: the form's type select. */
  types: { id: string; name: string }[];
}
