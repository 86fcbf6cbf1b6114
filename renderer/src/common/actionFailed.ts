import { MESSAGES } from '@shared/messages';
import { notifyFailure } from './failure';

/**
 * A failed action (a status change, a token, "send login and password"): the server's own refusal
 * (422, 429, …), else 'Произошла ошибка' (spec 01 §8) — through the one failure helper, so offline
 * and an expired session say what happened; 5xx are shown by the app itself.
 */
export const actionFailed = (error: unknown): void => notifyFailure(error, MESSAGES.errors.generic);
