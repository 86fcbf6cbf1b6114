/**
 * What the user is told when a request fails — one helper for every screen, so none handles errors
 * by hand. The HTTP client (api/http.ts) has already reacted where the reaction is global: no answer
 * shows the connection banner, a lost session the sign-in dialog, a 5xx the 'Ошибка' toast. This
 * helper adds what the action itself must say:
 * - no answer: 'Нет связи с сервером — данные не сохранены' for a change, nothing more for a read
 *   (the banner says it);
 * - session lost: 'Сессия истекла' for a change (the form stays open; sign in and save again);
 * - 5xx: nothing more;
 * - anything else (403, 404, 409, 422…): the server's own message, else the action's fallback text.
 * With `fixed`, an answered refusal says the action's own text rather than the server's message (a
 * save's 'Проверьте правильность заполнения полей формы…'); with `evenOn5xx` a 5xx says it too (the
 * export's 'Произошла непредвиденная ошибка' for any failure, spec 01 §8).
 */

interface FailureOptions {
  /** A change (save, delete, switch): offline and expired-session failures are said (default). A read: the banner says it. */
  write?: boolean;
  /** The action's own text for an answered refusal, not the server's message. */
  fixed?: boolean;
  /** The action's text after a 5xx too (besides the global 'Ошибка'). */
  evenOn5xx?: boolean;
  /** Title line of the toast (the spec's 'Ошибка сохранения'). */
  title?: string;
  /** Words around the reason of an answered failure (the file's name before it, a hint after it). */
  format?: (reason: string) => string;
}
import { MESSAGES } from '@shared/messages';
import { ApiError } from '../api/http';
import { toast } from './toaster';

/** The text of a failure, or null when the global reaction already said everything. */
export function failureText(error: unknown, fallback: string, options: FailureOptions = {}): string | null {
  const write = options.write ?? true;
  if (!(error instanceof ApiError)) return fallback;
  if (error.offline) return write ? MESSAGES.connection.notSaved : null;
  if (error.sessionLost) return write ? MESSAGES.connection.sessionExpired : null;
  if (error.status >= 500) return options.evenOn5xx ? fallback : null;
  return options.fixed ? fallback : (error.serverMessage ?? fallback);
}

/**
 * Shows the failure of an action as an error toast (with `title` when the spec gives one). Offline
 * and expired-session failures always say what happened, never the action's own validation texts.
 */
export function notifyFailure(error: unknown, fallback: string, options: FailureOptions = {}): void {
  const text = failureText(error, fallback, options);
  if (text === null) return;
  if (error instanceof ApiError && (error.offline || error.sessionLost)) toast.error(text);
  else toast.error(options.format ? options.format(text) : text, options.title);
}

/** Why a read failed, for an error state on the page: the server's message, 'Нет связи с сервером' or the status. */
export function readFailureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.errors.unexpected;
  if (error.offline) return MESSAGES.connection.offline;
  if (error.sessionLost) return MESSAGES.connection.sessionExpired;
  return error.serverMessage ?? MESSAGES.connection.status(error.status);
}
