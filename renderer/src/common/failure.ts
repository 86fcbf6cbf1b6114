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
  /** A save's failure: its toast goes when a later save succeeds (toast.saved). */
  saveFailure?: boolean;
}
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
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
  const show = options.saveFailure ? toast.saveFailed : toast.error;
  if (error instanceof ApiError && (error.offline || error.sessionLost)) show(text);
  else show(options.format ? options.format(text) : text, options.title);
}

/** The messages that say only "this field is empty": 'Поле обязательно для заполнения.', 'Заполните поле', 'Выберите файл.', 'Поле «X» обязательно для заполнения', 'Поле Дата от обязательно для заполнения.' (spec 03 §5). */
export function isRequiredMessage(message: string): boolean {
  return (
    message === MESSAGES.validation.required ||
    message === MESSAGES.validation.fillIn ||
    message === MESSAGES.files.required ||
    /^Поле .+ обязательно для заполнения\.?$/.test(message)
  );
}

/** True when every message of the errors (there is at least one) is a required-field message. */
export function onlyRequiredMissing(errors: FieldErrors): boolean {
  const messages = Object.values(errors).flat();
  return messages.length > 0 && messages.every(isRequiredMessage);
}

export interface InvalidFormTexts {
  /** Toast of a form refused only for empty required fields ('Заполните все обязательные поля'); absent: the save-failure toast says it too. */
  required?: string;
  /** The save-failure toast (spec 01 §8: 'Ошибка сохранения' — 'Проверьте правильность заполнения полей формы и попробуйте еще раз'). */
  title?: string;
  text?: string;
  /**
   * The toast names the reasons too (invalidFormReasons): a server's refusal, whose reason may sit under
   * a field on another tab or one the user did not touch. The form's own checks mark the fields being edited.
   */
  reasons?: boolean;
}

/**
 * The toast of a form its schema or the server's 422 refused, decided from the messages: 'Заполните
 * все обязательные поля' (the form's `required` text) only when every message says a required field
 * is empty; any other refusal (overlapping periods, a number out of range…) the save-failure toast.
 * Either goes when a later save succeeds.
 */
export function notifyInvalidForm(errors: FieldErrors, texts: InvalidFormTexts = {}): void {
  if (texts.required && onlyRequiredMissing(errors)) toast.saveFailed(texts.required);
  else toast.saveFailed(texts.text ?? MESSAGES.errors.saveFailedText, texts.title ?? MESSAGES.errors.saveFailedTitle, texts.reasons ? invalidFormReasons(errors) : []);
}

/** How many of a refused form's reasons its toast names (the rest stand at their fields). */
export const TOAST_REASONS_MAX = 3;

/**
 * What a refused form's toast names besides 'Проверьте правильность…' (issue 27): the distinct reasons
 * that are more than an empty required field — a reason may sit under a field on another tab or under
 * a field the user did not touch (a cancelled application's status), where nobody would look. The
 * first `TOAST_REASONS_MAX`, then how many more.
 */
export function invalidFormReasons(errors: FieldErrors): string[] {
  const reasons = [...new Set(Object.values(errors).flat())].filter((message) => !isRequiredMessage(message));
  if (reasons.length <= TOAST_REASONS_MAX) return reasons;
  return [...reasons.slice(0, TOAST_REASONS_MAX), MESSAGES.errors.moreReasons(reasons.length - TOAST_REASONS_MAX)];
}

/** Why a read failed, for an error state on the page: the server's message, 'Нет связи с сервером' or the status. */
export function readFailureReason(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.errors.unexpected;
  if (error.offline) return MESSAGES.connection.offline;
  if (error.sessionLost) return MESSAGES.connection.sessionExpired;
  return error.serverMessage ?? MESSAGES.connection.status(error.status);
}
