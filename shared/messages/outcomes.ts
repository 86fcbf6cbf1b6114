/** How a request ends for the user: the error catalogue, successes, no connection or no session, a colleague's save first. Part of MESSAGES (../messages.ts). */
import { formatDateTime } from '../format.js';

export const OUTCOME_MESSAGES = {
  /** Spec 01 §8 error catalogue. */
  errors: {
    title: 'Ошибка',
    contactDevelopers: 'Обратитесь к разработчикам.',
    inUse: 'Невозможно удалить, т.к. запись используется',
    deleteFailed: 'Произошла ошибка при удалении',
    saveFailedTitle: 'Ошибка сохранения',
    saveFailedText: 'Проверьте правильность заполнения полей формы и попробуйте еще раз',
    /** Under a save-failure toast, after the first reasons a refused form names (issue 27): how many more the fields say. */
    moreReasons: (count: number) => `И ещё ${count} — у полей формы.`,
    generic: 'Произошла ошибка',
    unexpected: 'Произошла непредвиденная ошибка',
  },
  success: {
    deleted: 'Успешно удалено',
  },
  /**
   * When a request gets no answer, or the session is gone (issue 10 "Errors are not empty lists"):
   * said plainly, never shown as an empty list or as a form-validation toast.
   */
  connection: {
    offline: 'Нет связи с сервером',
    offlineHint: 'Проверяем соединение… Данные обновятся сами, когда связь появится.',
    notSaved: 'Нет связи с сервером — данные не сохранены',
    sessionExpired: 'Сессия истекла',
    sessionExpiredText: 'Войдите снова, чтобы продолжить: введённые данные не потеряются.',
    listFailed: 'Не удалось загрузить данные',
    pageFailed: 'Не удалось открыть раздел',
    retry: 'Повторить',
    /** The reason under "Не удалось загрузить данные" when the server sent no message of its own. */
    status: (status: number) => `Сервер ответил с ошибкой (код ${status}).`,
  },
  /** The version check (ARCHITECTURE.md §7): a colleague saved the record after it was opened. */
  version: {
    conflict: (savedBy: string | null, savedAt: Date) =>
      `Запись уже изменена${savedBy ? ` пользователем ${savedBy}` : ''} ${formatDateTime(savedAt)}. Ваши изменения не сохранены.`,
    title: 'Запись изменена другим пользователем',
    reload: 'Загрузить актуальные данные',
    keepEditing: 'Продолжить редактирование',
    /** A save that met a colleague's at the same moment and was rolled back whole (a deadlock): nothing of it was stored. */
    concurrent: 'Эти же данные в этот момент сохранял другой пользователь. Ничего не сохранено — повторите действие.',
  },
} as const;
