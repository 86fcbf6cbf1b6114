import { MESSAGES } from '@shared/messages';
import { ApiError } from '../api/http';
import { toast } from './toaster';

/**
 * A failed action (a status change, a token, "send login and password"): the server's own refusal
 * (422, 429, …), else 'Произошла ошибка' (spec 01 §8). 401, 419 and 5xx are shown by the app itself.
 */
export function actionFailed(error: unknown): void {
  if (error instanceof ApiError && (error.status >= 500 || error.status === 401 || error.status === 419)) return;
  toast.error((error instanceof ApiError && error.status < 500 && error.serverMessage) || MESSAGES.errors.generic);
}
