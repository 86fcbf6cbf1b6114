/** Partners: agencies, clients, agency documents and the letter of "Send login and password" (spec 01 §2.4, §2.6, §2.7, §4, §8). Part of MESSAGES (../messages.ts). */
export const PARTNER_MESSAGES = {
  /** Agencies (spec 01 §2.4, §4 "Agency status", "Send login and password", §8). */
  agencies: {
    saved: 'Агентство успешно сохранено',
    deleted: 'Успешно удалено',
    confirmDelete: 'Вы действительно желаете удалить агентство?',
    approved: (legalName: string) => `Агентство «${legalName}» подтверждено`,
    confirmApprove: (legalName: string) => `Подтвердить агентство «${legalName}»? Статус сменится на «Проверено», вернуть прежний будет нельзя.`,
    confirmContract: (legalName: string) => `Подтвердить подписание договора с агентством «${legalName}»? Статус сменится на «Договор подписан», вернуть прежний будет нельзя.`,
    contractSigned: (legalName: string) => `Договор с агентством «${legalName}» подписан`,
    /** A transition asked from another status (a colleague was first, or a stale list). */
    wrongStatus: (current: string) => `Действие недоступно: статус агентства «${current}».`,
    resent: 'Логин и пароль отправлен агентству',
    resendRefused: 'Не заполнено поле логина, контактной почты, пароля или агенство не сохранено',
    /** No SMTP_URL (or the mail server refused): the letter waits in the outbox (ARCHITECTURE.md §2). */
    keptNotSent: 'Письмо агентству не отправлено: почтовый сервер не настроен или недоступен. Письмо сохранено в исходящих.',
    resendButton: 'Отправить логин и пароль',
    mailSubject: 'Доступ в личный кабинет агентства',
    tokenGenerated: 'Токен успешно сгенерирован',
    tokenDeleted: 'Токен успешно удален',
    notConnected: 'Не подключен', // spec: 'Not connected'
    infoPlaceholder: 'не более 5000 символов',
    /** The monthly report (spec 01 §2.4, §9); its failure is errors.unexpected. */
    report: {
      action: 'Отчет за месяц',
      title: (legalName: string) => `Отчет агентства «${legalName}»`,
      year: 'Год',
      month: 'Месяц',
      sheet: 'Отчет',
      totals: 'Итого',
    },
  },
  /** Clients (spec 01 §2.6, §4 "Send login and password", §8). */
  clients: {
    saved: 'Клиент успешно сохранен',
    deleted: 'Успешно удалено',
    resent: 'Логин и пароль отправлен клиенту',
    resendRefused: 'Не заполнено поле почты, пароля или клиент не сохранен',
    /** No SMTP_URL (or the mail server refused): the letter waits in the outbox (ARCHITECTURE.md §2). */
    keptNotSent: 'Письмо клиенту не отправлено: почтовый сервер не настроен или недоступен. Письмо сохранено в исходящих.',
    resendButton: 'Отправить логин и пароль',
    export: 'Экспорт',
    applications: 'Заявки клиента',
    mailSubject: 'Доступ в личный кабинет',
  },
  /** Agency documents (spec 01 §2.7, §8). */
  documents: {
    saved: 'Документ успешно сохранен',
    deleted: 'Успешно удалено',
  },
  /** "Send login and password", for clients and agencies alike. */
  cabinetAccess: {
    /** 429: too many letters to one address (shared/cabinet-access.ts CABINET_ACCESS_LIMIT). */
    tooOften: (minutes: number) => `Письма с логином и паролем на этот адрес отправлялись слишком часто. Повторите попытку через ${minutes} мин.`,
  },
  /** Titles of the /logs notes about that letter. */
  cabinetAccessLog: { sent: 'Логин и пароль отправлены', kept: 'Письмо с логином и паролем сохранено, не отправлено' },
  /** The letter of "Send login and password" (spec 01 §4), to a client or an agency. */
  cabinetAccessLetter: (holder: string, login: string, password: string) =>
    [`Здравствуйте, ${holder}!`, '', 'Данные для входа в личный кабинет:', `Логин: ${login}`, `Пароль: ${password}`, '', 'Не передавайте эти данные третьим лицам.', ''].join('\n'),
} as const;
