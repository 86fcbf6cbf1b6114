/** What form fields say: the generic checks (the spec's wording: 'Поле обязательно для заполнения.', 'Заполните поле'), the shared field builders' own, and the typed dates and periods. Part of MESSAGES (../messages.ts). */
export const FIELD_MESSAGES = {
  validation: {
    required: 'Поле обязательно для заполнения.',
    fillIn: 'Заполните поле',
    maxLength: (max: number) => `Количество символов в поле не может превышать ${max}.`,
    minLength: (min: number) => `Количество символов в поле должно быть не меньше ${min}.`,
    /** A list longer or shorter than its schema allows, where the field gives no text of its own. */
    maxItems: (max: number) => `Количество элементов не может превышать ${max}.`,
    minItems: (min: number) => `Количество элементов должно быть не меньше ${min}.`,
    email: 'Поле должно быть действительным электронным адресом.',
    integer: 'Поле должно быть целым числом.',
    number: 'Поле должно быть числом.',
    min: (min: number) => `Значение поля должно быть не меньше ${min}.`,
    max: (max: number) => `Значение поля не может быть больше ${max}.`,
    oneOf: 'Выбрано недопустимое значение.',
    unique: 'Такое значение поля уже используется.',
    invalid: 'Поле заполнено неверно.',
    digits: 'Поле должно содержать только цифры.',
    phone: 'Телефон может содержать только цифры, пробелы, скобки, дефисы и знак +.',
    jsonObject: 'Поле должно быть JSON-объектом.',
    /** Spec 01 §5: a phone by the mask +7 and 10 digits. */
    phoneMask: 'Телефон должен быть в формате +7 (999) 999-99-99.',
    /** The hint under a phone field: the mask with example digits (no Latin X). */
    phoneMaskHint: 'Формат: +7 (999) 999-99-99',
    tooLarge: 'Слишком большой объём данных.',
    summary: 'Данные заполнены неверно.',
    /** Every link field (optionalUrl): only http and https, never javascript:, data:, vbscript:. */
    url: 'Поле должно быть ссылкой, начинающейся с http:// или https://.',
  },
  /** The shared field builders (shared/validation.ts, shared/commission.ts) beyond the plain limits. */
  fields: {
    /** Money and decimal fields: numeric(12,2) keeps kopecks, nothing finer ('1200.505'). */
    decimals: (places: number) => (places === 0 ? 'Поле должно быть целым числом.' : `Допустимо не более ${places} ${places === 1 ? 'знака' : 'знаков'} после запятой.`),
    time: 'Время указывается в формате ЧЧ:ММ.',
    /** Spec 02 §4 "Auto-confirm": when on, a required status must be chosen (hotels and bus transports). */
    autoConfirmStatus: 'Выберите статус автоподтверждения',
    /** A tariff keyed by a city pair the route has at several pairs of points and the list does not repeat in route order. */
    tariffAmbiguous: 'Пара городов встречается в маршруте несколько раз: перечислите тарифы по парам пунктов в порядке маршрута',
  },
  /** Typed dates (DD.MM.YYYY) and periods, checked as the user leaves the field and by the server. */
  dates: {
    format: 'Введите дату в формате ДД.ММ.ГГГГ.',
    notBefore: (date: string) => `Дата не может быть раньше ${date}.`,
    notAfter: (date: string) => `Дата не может быть позже ${date}.`,
    /** A period needs both ends or neither. */
    bothEnds: 'Укажите обе даты периода.',
    order: 'Дата окончания не может быть раньше даты начала.',
    placeholder: 'ДД.ММ.ГГГГ',
    from: 'с',
    to: 'по',
    openCalendar: 'Открыть календарь',
    today: 'Сегодня',
    clear: 'Очистить',
  },
} as const;
