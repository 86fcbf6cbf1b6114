/** The server's refusals at the edge of a request: the security checks, HTTP, bad input, the database's availability. Part of MESSAGES (../messages.ts). */
export const REQUEST_MESSAGES = {
  /** The security edge (server/common/security): refusals of requests from elsewhere. */
  security: {
    /** 421: the Host is not this computer nor one of ALLOWED_HOSTS (a DNS-rebinding page). */
    misdirected: 'Запрос отклонён: сервер не обслуживает этот адрес.',
    /** 403: a state-changing request sent by another site's page. */
    foreignOrigin: 'Запрос со сторонней страницы отклонён.',
  },
  http: {
    notFound: 'Запись не найдена.',
    /** A read-only resource (logs) refuses POST and PUT. */
    methodNotAllowed: 'Метод не поддерживается для этого ресурса.',
    serverError: 'Внутренняя ошибка сервера.',
  },
  /** Bad input refused before it reaches a service (issue 8 "Bad input never reaches a 500"). */
  input: {
    badRequest: 'Некорректный запрос.',
    badUrlEncoding: 'Адрес запроса содержит неверно закодированные символы.',
    /** Node's HTTP parser refused the request line or headers as too long (431), before any route. */
    headersTooLarge: 'Адрес запроса или его заголовки слишком длинные.',
    /** The request's headers did not arrive in time (408). */
    requestTimeout: 'Запрос не получен вовремя.',
    badJson: 'Тело запроса не является корректным JSON.',
    tooDeep: (max: number) => `Слишком глубокая вложенность данных: допускается не более ${max} уровней.`,
    tooLarge: 'Слишком большой объём запроса.',
    unsupportedMediaType: 'Неподдерживаемый формат тела запроса.',
    /** A control character (NUL, U+0007, …; tab and line breaks are fine) or half of a surrogate pair: nothing a person types, nothing PostgreSQL or a document stores. */
    unreadableText: 'Поле содержит недопустимые символы.',
    /** The warning in /logs of a request the client abandoned (a tab closed mid-upload, a dropped connection). */
    clientAborted: 'Клиент прервал запрос, не дослав его (закрыта вкладка или пропала связь).',
    /** A value PostgreSQL refused as data (out of range, wrong format) that validation let through. */
    badValue: 'Значение поля недопустимо.',
  },
  /**
   * The database cannot be reached (the embedded server is restarting, the central one is down): every
   * API request answers 503 with `unavailable` until it is back. Spec 01 §8 says for a 503
   * "Service unavailable, try again later".
   */
  database: {
    unavailable: 'База данных временно недоступна. Повторите попытку через несколько секунд.',
    /**
     * Every connection to the database is busy with other requests (the database itself answers):
     * this one request gives up after waiting; others go on.
     */
    busy: 'Сервер сейчас перегружен запросами. Повторите попытку через несколько секунд.',
    /** The desktop app's start-up dialog when the embedded database does not start. */
    embeddedStartFailed: (dataDir: string) =>
      `Не удалось запустить встроенную базу данных в папке «${dataDir}». Проверьте, что на диске есть место и папка доступна для записи, затем запустите приложение снова.`,
    /** Another copy of the app owns the data folder, but its database does not answer. */
    ownerNotAnswering: (dataDir: string, pid: number) =>
      `Папка данных «${dataDir}» занята другим запуском приложения (процесс ${pid}), но его база данных не отвечает. Закройте другую копию приложения (или завершите процесс ${pid}) и запустите приложение снова.`,
    detailsIn: (file: string) => `Подробности — в файле «${file}».`,
  },
} as const;
