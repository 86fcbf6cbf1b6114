/** Sign-in, session and permission texts: a part of MESSAGES (../messages.ts). */
export const AUTH_MESSAGES = {
  auth: {
    wrongCredentials: 'Неверный логин или пароль.',
    inactiveUser: 'Учётная запись отключена. Обратитесь к администратору.',
    throttled: (seconds: number) => `Слишком много попыток входа. Повторите попытку через ${seconds} сек.`,
    unauthenticated: 'Требуется авторизация.',
    csrfMismatch: 'Сессия устарела. Обновите страницу.',
    forbidden: 'Недостаточно прав для выполнения действия.',
    setupClosed: 'Первый администратор уже создан.',
    /** /api/setup answers only requests from the computer the server runs on. */
    setupLocalOnly: 'Первого администратора можно создать только на компьютере, где запущен сервер.',
  },
} as const;
