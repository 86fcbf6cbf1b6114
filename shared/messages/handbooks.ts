/** Handbooks: countries, cities, vendors (spec 01 §8). Part of MESSAGES (../messages.ts). */
export const HANDBOOK_MESSAGES = {
  countries: {
    saved: 'Страна успешно сохранена',
  },
  cities: {
    saved: 'Город успешно сохранен',
    deleted: 'Город успешно удален',
    confirmDelete: 'Вы действительно желаете удалить город?',
    slugFormat: 'Допустимы строчные латинские буквы, цифры и дефис.',
    advantagesMax: (max: number) => `Не более ${max} преимуществ.`,
  },
  /** Vendors (spec 01 §8): the spec words every vendor message in English; translated, the English beside. */
  vendors: {
    saved: 'Поставщик успешно сохранён', // spec: 'Vendor successfully saved'
    deleted: 'Поставщик успешно удалён', // spec: 'Vendor successfully deleted'
    cleared: 'Внешние данные поставщика очищены', // spec: 'Vendor external data cleared'
    saveFailedTitle: 'Ошибка сохранения', // spec: 'Save error'
    saveFailedText: 'Проверьте правильность заполнения полей формы и попробуйте еще раз', // spec: 'Check the correctness of the form fields and try again'
    loadFailed: 'Не удалось получить данные', // spec: 'Failed to get data'
    deleteFailed: 'Произошла ошибка при удалении', // spec: 'An error occurred while deleting'
    clearFailed: 'Произошла ошибка при очистке', // spec: 'An error occurred while clearing'
    clearAction: 'Очистить внешние данные', // spec: 'Clear external data'
    /** The connector's settings in the vendor form (issue 31; not in the spec). */
    connector: {
      title: 'Подключение к сервису',
      protocol: 'Протокол',
      noProtocol: 'Не подключён',
      protocols: { v1: 'Протокол поставщика v1' },
      baseUrl: 'Адрес сервиса',
      login: 'Логин',
      password: 'Пароль',
      passwordKept: 'Сохранён — оставьте пустым, чтобы не менять',
      passwordDropped: 'Адрес сервиса изменён: сохранённый пароль будет сброшен, введите его заново',
      timeout: 'Таймаут ответа, мс',
    },
  },
} as const;
