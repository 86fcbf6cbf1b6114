/**
 * Every user-facing text of the spec that both sides need lives here once.
 * Russian texts are exactly as in the spec; validation texts follow the wording of the spec's
 * examples ('Поле обязательно для заполнения.', 'Заполните поле').
 *
 * The interface is Russian, yet the spec quotes some texts in English ('Vendor successfully saved',
 * 'Dates are not selected!'). They are shown in Russian — a deliberate choice — with the spec's
 * English kept in a `spec:` comment beside each translation, so every text stays traceable to the
 * spec. Protocol values (`status: 'CHANGED'`) are not texts and stay as they are.
 */
import { formatDateTime } from './format.js';

export const MESSAGES = {
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
  /** Spec 01 §2.3 generic list texts. */
  list: {
    empty: 'Нет данных для отображения',
    shown: (from: number, to: number, count: number) => `Показано ${from}-${to} из ${count} записей`,
    nothingFound: 'Не найдено',
    /** A picker waiting for the server's matches (not in the spec). */
    searching: 'Поиск…',
    /** A picker showing only the first `limit` matches (not in the spec: "Showing the first N. Narrow the search."). */
    pickerMore: (limit: number) => `Показаны первые ${limit}. Уточните поиск.`,
    searchPlaceholder: 'Поиск',
    add: 'Добавить',
    edit: 'Редактировать',
    copy: 'Копировать',
    view: 'Просмотр',
    close: 'Закрыть',
    delete: 'Удалить',
    confirmDelete: 'Вы действительно желаете удалить запись?',
    cancel: 'Отмена',
    save: 'Сохранить',
    yes: 'Да',
    no: 'Нет',
    active: 'Активен',
    newMark: 'Новый',
    inactive: 'Неактивен',
    all: 'все',
    choose: 'Выберите…',
    options: 'Варианты',
    removeItem: (name: string) => `Убрать «${name}»`,
    breadcrumbs: 'Путь к странице',
    collapsedBreadcrumbs: 'Скрытая часть пути',
    actions: 'Действия',
    loading: 'Загрузка',
    pageSize: 'Записей на странице',
    perPage: (size: number) => `по ${size}`,
    /** Row selection (not in the spec: the checkboxes' accessible names and the count of chosen rows). */
    selectRow: (id: number) => `Выбрать запись ${id}`,
    selectPage: 'Выбрать все записи страницы',
    selected: (count: number) => `Выбрано: ${count}`,
  },
  /** The applications list screen (spec 03 §2.1; issue 19): its labels beyond the spec's quoted texts. */
  applicationList: {
    sendMessage: 'Отправить сообщение',
    cancel: 'Аннулировать',
    editedFromFront: 'Изменена на сайте',
    requesterInactive: 'Заказчик неактивен',
    forth: 'Туда',
    back: 'Обратно',
    transferForth: 'Трансфер туда',
    transferBack: 'Трансфер обратно',
    total: 'Итого',
    agencyTotal: 'Агентству',
    paid: 'Оплачено',
    toPay: 'К оплате',
    resetFilters: 'Сбросить фильтры',
    selectRow: (number: string) => `Выбрать заявку №${number}`,
  },
  /** Spec 01 §8 error catalogue. */
  errors: {
    title: 'Ошибка',
    contactDevelopers: 'Обратитесь к разработчикам.',
    inUse: 'Невозможно удалить, т.к. запись используется',
    deleteFailed: 'Произошла ошибка при удалении',
    saveFailedTitle: 'Ошибка сохранения',
    saveFailedText: 'Проверьте правильность заполнения полей формы и попробуйте еще раз',
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
  /** Spec 02 §5, §8 (hotels and rooms): quoted in English, shown in Russian. */
  hotels: {
    saveFailed: 'Ошибка сохранения', // spec: 'Save error'
    checkFields: 'Проверьте правильность заполнения полей формы и попробуйте еще раз', // spec: 'Check the form fields are filled in correctly and try again'
    inUse: 'Невозможно удалить, т.к. запись используется', // spec: 'Cannot delete, because the record is in use'
    loadFailed: 'Произошла непредвиденная ошибка', // spec: 'An unforeseen error occurred'
    uploadFailed: 'Произошла ошибка при загрузке файла', // spec: 'An error occurred while uploading the file'
    savedTitle: 'Успешно', // spec: 'Success'
    saved: 'Отель успешно сохранен', // spec: 'The hotel has been saved successfully'
    fillRequired: 'Заполните все обязательные поля', // spec: 'Fill in all required fields'
    fieldRequired: (field: string) => `Поле «${field}» обязательно для заполнения`, // spec: 'The field X is required'
    datesNotSelected: 'Даты не выбраны!', // spec: 'Dates are not selected!'
    /** Above a hotel's copy (spec 02 §4 "Hotel copy": files, photos, videos and room photos emptied). */
    copyNotice: 'Это копия: файлы, фото и видео отеля и фото номеров не копируются — загрузите их заново.',
    fileTooLarge: (mb: number) => `Загружаемый файл не может быть больше ${mb} мб`, // spec: 'The uploaded file cannot be larger than N mb'
    badFormat: 'Недопустимый формат файла.', // spec: 'Invalid file format.'
  },
  /** Sea tours (spec 03 §2.10, §8). */
  seaTours: {
    saved: 'Тур успешно сохранен',
    deleted: 'Тур успешно удален',
    confirmDelete: 'Вы действительно желаете удалить тур?',
    /** A hotel of a commission group that is not in the tour's city. */
    hotelNotInCity: 'Отель не находится в городе тура',
    /** A hotel already in an earlier commission group of the tour. */
    hotelInOtherGroup: 'Отель уже входит в другую группу наценок',
    /** Transport pairs need the bus transfer type. */
    pairsNeedBus: 'Пары транспорта сохраняются только с типом трансфера «Автобус»',
    forthNotToCity: 'Транспорт «туда» не прибывает в город тура',
    backNotFromCity: 'Транспорт «обратно» не отправляется из города тура',
    samePair: 'Такая пара транспорта уже добавлена',
    /** The city select locked: hotels or transports of the city are chosen. */
    cityLocked: 'Город нельзя изменить, пока выбраны отели или транспорт',
    chooseCityFirst: 'Сначала выберите город тура',
  },
  /** Spec 03 (applications, tours, catalogue sections): quoted in English, shown in Russian. */
  applications: {
    editTitle: 'Редактирование', // spec: 'Editing'
    createTitle: 'Создание заявки', // spec: 'Creating an application'
    statusConfirm: (status: string) => `Обратите внимание на статус заявки! Текущий статус — ${status}`, // spec: 'Pay attention to the application status! Current status - X'
    confirmedPaymentRequired: 'Подтверждена, требуется оплата', // spec: 'Confirmed, payment required'
    fullPaymentRequired: 'Требуется полная оплата', // spec: 'Full payment required'
    specifyTour: 'Укажите тур', // spec: 'Specify the tour'
    specifyTitle: 'Укажите заголовок', // spec: 'Specify the title'
    specifyPrice: 'Укажите цену', // spec: 'Specify the price'
    imageUploadFailed: 'Произошла ошибка при загрузке изображения!', // spec: 'An error occurred while uploading the image!'
    exportFailed: 'Произошла непредвиденная ошибка', // spec: 'An unexpected error occurred'
    catalogSectionSaved: 'Успешно сохранено', // spec: 'Saved successfully'
    /** The pricing engine's refusals (issue 18), each a 422 on the named field. */
    noPriceForNight: (date: string) => `Нет цены на ночь ${date}: ни один период цен номера её не покрывает.`,
    noTariff: 'Нет тарифа между выбранными пунктами маршрута.',
    noServicePrice: (date: string) => `Нет цены услуги на ${date}.`,
    noMealPrice: (date: string) => `Нет цены питания на ${date}.`,
    discountMax: (max: number) => `Скидка не может быть больше ${max}.`,
    totalMax: (max: string) => `Итоговая стоимость не может превышать ${max}.`,
    officeSource: 'Создана в офисе',
    /** The application editor (spec 03 §2.3, §8; issue 18). */
    saved: 'Заявка успешно обновлена',
    loadFailed: 'Произошла непредвиденная ошибка',
    routeChanged: 'Маршрут успешно изменён!',
    routeChangeImpossible: 'Невозможно поменять маршрут для выбранного транспорта, места заняты!',
    stayOrder: 'Дата выезда должна быть позже даты заезда.',
    stayTooLong: (nights: number) => `Проживание не может быть длиннее ${nights} ночей.`,
    personsMax: (max: number) => `В заявке не больше ${max} человек (взрослых и детей).`,
    nobodyInRoom: 'Укажите, кто проживает в номере.',
    roomCap: (max: number) => `В номере не больше ${max} мест этой категории.`,
    agencyUserOnlyForAgency: 'Менеджер агентства указывается только для заявки агентства.',
    childrenAges: (count: number) => `Возрастов детей не больше, чем детей (${count}).`,
    serviceTwice: 'Эта услуга уже есть в заявке.',
    mealTwice: 'Это питание уже есть в заявке.',
    seatTwice: 'Это место уже выбрано в заявке.',
    seatTaken: 'Место уже занято.',
    seatsWithoutTransport: 'Места выбираются только вместе с транспортом.',
    seatsCount: (count: number) => `Мест должно быть столько, сколько едет взрослых и детей (${count}).`,
    notOfProduct: 'Не относится к выбранному продукту.',
    priceLocked: 'Цену нельзя изменить: заявка уже не новая или по ней есть оплаты.',
    agencyCommissionLocked: 'Комиссию агентства можно изменить только в статусе «В работе».',
    prepaymentLocked: 'Предоплату можно изменить только в статусе «Подтверждена, требуется оплата» и без оплат.',
    cancelledLocked: 'Аннулированная заявка не редактируется.',
    cancelOnlyByAction: 'Статус «Аннулирована» ставится только аннулированием заявки.',
    paidNeedsPayment: 'Статус «Оплачена» возможен только при полной оплате или переплате.',
    managerOnlySelf: 'Менеджер может назначить только себя.',
    paymentMethodLocked: 'Способ оплаты меняют только администратор и бухгалтер.',
    paymentsLocked: 'Оплаты вносят и меняют только администратор и бухгалтер.',
    paymentStatusLocked: 'Статус оплаты меняют только администратор и бухгалтер.',
    /** The seat and route changes (issue 18 "Seats"). */
    seatChanged: 'Место успешно изменено!',
    notApplicationSeat: 'Это место не относится к заявке.',
    arrivalAfterDeparture: 'Пункт прибытия должен быть после пункта отправления.',
    /** What the editor reads besides the application, when it cannot be read (issue 26): said in its place, with 'Повторить'. */
    productReadFailed: 'Не удалось загрузить данные продукта',
    productsReadFailed: 'Не удалось загрузить данные отелей и транспорта заявки',
    takenSeatsReadFailed: 'Не удалось загрузить занятые места',
    totalsFailed: 'Не удалось пересчитать итоги',
    /** The totals of a form the pricing refused (a 422): only empty required fields, or the first reason. */
    totalsWaitRequired: 'Итоги посчитаются, когда будут заполнены обязательные поля.',
    totalsRefused: (reason: string) => `Итоги не посчитаны: ${reason}`,
    /** The list and its row actions (spec 03 §2.1, §8; issue 19). */
    listTitle: 'Заявки',
    listSubtitle: 'Список заявок',
    clientOrAgency: 'Укажите либо клиента, либо агентство.',
    cancelConfirm: 'Вы действительно желаете аннулировать заявку?',
    cancelled: 'Заявка успешно аннулирована',
    cancelFailed: 'Произошла ошибка при аннулировании',
    alreadyCancelled: 'Заявка уже аннулирована.',
    deleted: 'Заявка удалена',
    deleteHasPayments: 'Заявку с оплатами или выплатами поставщикам удалить нельзя.',
    deleteOnlyAdministrator: 'Удалять заявки может только администратор.',
  },
  /** The chat with the requester and the bulk message (spec 03 §2.2, §8; issue 19). */
  applicationChat: {
    title: (number: string, requester: string) => `Заявка №${number}. Чат с ${requester}`,
    empty: 'Сообщений нет',
    sent: 'Сообщение отправлено',
    sendFailed: 'Произошла ошибка при отправке сообщения',
    bulkFailed: 'Произошла ошибка при Отправке сообщения',
    readAllFailed: 'Произошла ошибка',
    bulkTitle: 'Отправка сообщения',
    chatButton: 'Чат',
    send: 'Отправить',
    placeholder: 'Сообщение',
    unreadTitle: (count: number) => `Непрочитанных сообщений: ${count}`,
    sentAt: 'Отправлено',
    readAt: 'Прочитано',
    notRead: 'Не прочитано',
    requesterInactive: 'Заказчик неактивен: сообщения ему не отправляются.',
    notOfRequesterType: 'Заявка не от заказчика этого типа.',
    unknownApplication: 'Заявка не найдена.',
    noneActive: 'Все выбранные заказчики неактивны: сообщение не отправлено.',
    skippedInactive: (count: number) => `Не отправлено заказчикам, которые неактивны: ${count}`,
  },
  /** Spec 01 §2.14, §2.15, §8 (imports and the dashboard): quoted in English, shown in Russian. */
  imports: {
    title: 'Импорты', // spec: 'Imports'
    subtitle: 'список импортов', // spec: 'list of imports'
    editTitle: 'Редактирование', // spec: 'Editing'
    addTitle: 'Добавление', // spec: 'Adding'
    updateVendorData: 'Обновить данные поставщиков', // spec: 'update vendor data'
    restart: 'Перезапустить импорты', // spec: 'restart imports'
    selectAll: 'Выбрать все', // spec: 'Select all'
    clearSelection: 'Очистить выбор', // spec: 'Clear selection'
    saved: 'Импорт успешно сохранён', // spec: 'Import saved successfully'
    restarted: 'Импорты перезапущены', // spec: 'Imports restarted'
    updating: 'Данные обновляются', // spec: 'Data is being updated'
    unavailable: 'Сервис недоступен, попробуйте позже', // spec: 'Service unavailable, try again later'
    failed: 'Произошла ошибка', // spec: 'An error occurred'
  },
  dashboard: {
    title: 'Главная', // spec: 'Dashboard'
    statusFilter: 'Выберите статус заявки', // spec: 'choose application status'
    all: 'Все', // spec: 'All'
    excursion: 'Экскурсионная', // spec: 'Excursion'
    flight: 'Рейс', // spec: 'Flight'
    sum: 'Итого', // spec: 'Sum'
    loading: 'Загрузка…', // spec: 'Loading'
    noData: 'Нет данных', // spec: 'no data'
  },
  /** Bad input refused before it reaches a service (issue 8 "Bad input never reaches a 500"). */
  input: {
    badRequest: 'Некорректный запрос.',
    badUrlEncoding: 'Адрес запроса содержит неверно закодированные символы.',
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
  /** Big editors (ARCHITECTURE.md §7 "Aggregate editors"): the payload and its child rows. */
  /** The SEO fields of cities, hotels and bus tours (the page's H1, its meta title and description). */
  seo: { h1: 'Заголовок H1', title: 'Мета-заголовок', description: 'Мета-описание' },
  editor: {
    /** `{payload}` is missing or is not the form as JSON text. */
    payloadInvalid: 'Данные формы не удалось прочитать: ожидается JSON-объект.',
    /** A removed child row (a room, a price period) that other records still use. */
    childInUse: 'Запись используется в других данных и не может быть удалена.',
    /** Two price periods of one list (a room's, a meal's, a service's) share a day. */
    overlap: 'Период пересекается с другим периодом.',
    periodOrder: 'Дата начала не может быть позже даты окончания.',
    /** Titles of a price period's dialog by its mode (hotel rooms, tour services). */
    periodTitles: { create: 'Создание периода', edit: 'Редактирование периода', copy: 'Копирование периода' },
    /** Marks of the editor's tabs and rows. */
    tabHasErrors: 'На вкладке есть ошибки',
    rowHasErrors: 'В строке есть ошибки',
    add: 'Добавить',
    copy: 'Копировать',
    back: 'Назад',
    /** Leaving an editor with unsaved changes (Отмена, a menu link, closing the window) asks first. */
    unsaved: 'Изменения не сохранены. Уйти со страницы без сохранения?',
    leaveUnsaved: 'Уйти без сохранения',
    stay: 'Остаться',
  },
  users: {
    saved: 'Пользователь успешно сохранен',
    deleted: 'Пользователь успешно удален',
    cannotDeleteSelf: 'Нельзя удалить собственную учётную запись.',
    cannotDeactivateSelf: 'Нельзя отключить собственную учётную запись.',
    lastAdministrator: 'Нельзя снять роль администратора или отключить последнего активного администратора.',
  },
  countries: {
    saved: 'Страна успешно сохранена',
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
  },
  logs: {
    deleted: 'Лог успешно удалён', // spec: 'Log successfully deleted'
  },
  cities: {
    saved: 'Город успешно сохранен',
    deleted: 'Город успешно удален',
    confirmDelete: 'Вы действительно желаете удалить город?',
    slugFormat: 'Допустимы строчные латинские буквы, цифры и дефис.',
    advantagesMax: (max: number) => `Не более ${max} преимуществ.`,
  },
  /** Directions of the catalogue (spec 03 §8: 'Saved successfully' for catalogue sections and directions). */
  directions: {
    saved: 'Успешно сохранено', // spec: 'Saved successfully'
  },
  /** Catalogue sections (spec 03 §2.13, §5): 'Saved successfully', the slider and upload texts are in `applications`. */
  catalogSections: {
    /** The parent chosen is the section itself or one of its descendants (the tree would close into a ring). */
    ancestry: 'Раздел не может быть вложен в самого себя или в свой подраздел.',
    imageHint: (width: number, height: number, mb: number) => `Формат JPG/JPEG, не больше ${mb} МБ, рекомендуемый размер ${width}×${height}`,
    sliderFull: (max: number) => `В слайдере не больше ${max} туров.`,
  },
  /** Spec 01 §8 successes of the hotel handbooks. */
  hotelHandbooks: {
    mealSaved: 'Характеристика успешно сохранена',
    accommodationSaved: 'Условие успешно сохранено',
    serviceSaved: 'Услуга успешно сохранена',
    serviceDeleted: 'Услуга успешно удалена',
    promotionSaved: 'Акция успешно сохранена',
    directionSaved: 'Направление успешно сохранено',
    infrastructureSaved: 'Инфраструктура успешно сохранена',
    infrastructureTypeSaved: 'Тип инфраструктур успешно сохранен',
  },
  /** Spec 03 §8 successes of the tour dictionaries. */
  tourDictionaries: {
    categorySaved: 'Успешно сохранено',
    tradeOfferSaved: 'Торговое предложение успешно сохранено',
    tradeOfferDeleted: 'Торговое предложение успешно удалено',
    typeSaved: 'Тип успешно сохранен',
    typeDeleted: 'Тип успешно удален',
  },
  /** Tour services (spec 03 §5 "Tour services, price periods", §8). */
  tourServices: {
    saved: 'Услуга успешно сохранена',
    /** Its dates' texts are the meal dates' (MESSAGES.tours.mealDateFrom, mealDateTo): the spec words them alike. */
    adultPriceRequired: 'Поле Цена(взр) обязательно для заполнения.',
    /** A child age bracket whose to does not exceed its from: under the from field. */
    agesInvalid: 'Невалидные данные',
  },
  /** Excursion tours and their checklist (spec 03 §5, §8). */
  tours: {
    saved: 'Тур успешно сохранен',
    deleted: 'Тур успешно удален',
    checklistSaved: 'Чеклист успешно сохранен',
    checklistSaveFailed: 'Ошибка сохранения чеклиста',
    /** A PATCH whose points a colleague changed since they were read: nothing saved, these points named. */
    checklistConflict: 'Пункты чеклиста изменены другим пользователем — обновите чеклист и повторите:',
    checklistPointChanged: 'Пункт изменён другим пользователем.',
    checklistPointUnknown: 'Такого пункта нет в чеклисте тура.',
    checklistExists: 'Чеклист этого тура уже создан.',
    checklistMissing: 'У тура ещё нет чеклиста.',
    /** A PATCH's `current`, `past`, … that is not a list of dates or points, and an entry of one that is neither. */
    checklistGroup: 'Ожидается список дат или пунктов чеклиста.',
    checklistEntry: 'Ожидается дата или пункт чеклиста.',
    mealDateFrom: 'Поле Дата от обязательно для заполнения.',
    mealDateTo: 'Поле Дата до обязательно для заполнения.',
    mealPrice: 'Поле Цена обязательно для заполнения.',
    fillRequired: 'Заполните все необходимые поля',
    /** A meal names its supplier or its name (spec 03 §4: Save is disabled without either). */
    mealSupplierOrName: 'Укажите поставщика или название.',
    mealDay: (max: number) => `День тура — от 1 до ${max}.`,
    dayName: 'Поле название обязательно для заполнения.',
    dayDescription: 'Поле описание обязательно для заполнения.',
    transportForthRequired: 'Для этого типа тура укажите транспорт туда.',
    cityRequired: 'Для этого типа тура укажите город.',
    transportBackSame: 'Транспорт обратно не может совпадать с транспортом туда.',
    /** The transport is not one a tour can travel by from or to this place (the picker's forth/back). */
    dateTwice: 'Эта дата уже есть в туре.',
    sectionTwice: 'Этот раздел каталога уже выбран.',
    serviceTwice: 'Эта услуга уже выбрана.',
    tradeOfferTwice: 'Это торговое предложение уже выбрано.',
    serviceUnknown: 'Такой услуги нет.',
    fileLimit: (max: number) => `Не более ${max} файлов.`,
    /** Above a copy (spec 03 §4: copy clears meals, files, photos, videos, day photos and the checklist). */
    copyNotice: 'Это копия: питание, файлы, фото, видео, фото дней и чеклист не скопированы.',
    pastDates: (count: number) => `Прошедшие даты (${count})`,
  },
  /** Room dictionaries (spec 02): the spec names no texts, so the generic ones. */
  roomDictionaries: {
    saved: 'Успешно сохранено',
  },
  /** Agency documents (spec 01 §2.7, §8). */
  documents: {
    saved: 'Документ успешно сохранен',
    deleted: 'Успешно удалено',
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
  },
  /** Uploads (spec 01 §5 "Photos", §8). */
  files: {
    /** Hint of a file field: 'Допустимые форматы: pdf, doc; не более 10 МБ' (no formats known yet: the size only). */
    limitsHint: (formats: readonly string[], mb: string) =>
      formats.length > 0 ? `Допустимые форматы: ${formats.join(', ')}; не более ${mb} МБ` : `Не более ${mb} МБ`,
    replace: 'Заменить',
    keepCurrent: 'Оставить текущий',
    choose: 'Выберите файл…',
    browse: 'Обзор',
    tooLarge: (mb: number) => `Загружаемый файл не может быть больше ${mb} мб`,
    badFormat: 'Недопустимый формат файла.',
    required: 'Выберите файл.',
    oneFile: 'Можно загрузить только один файл.',
    malformed: 'Не удалось прочитать загружаемый файл.',
    notAPhoto: 'Можно удалить только загруженную фотографию.',
    /** DELETE /api/photos of an upload no record uses yet, by someone other than its uploader. */
    notYourUpload: 'Удалить файл, ещё не сохранённый в записи, может только тот, кто его загрузил.',
    /** A record points only at uploads made for its kind of field (a city's catalogue image at a city photo). */
    wrongKind: 'Этот файл загружен не для этого поля.',
    uploadFailed: 'Произошла ошибка при загрузке файла',
    /** Editor image upload failure: title errors.saveFailedTitle, then this. */
    checkPhoto: 'Проверьте параметры фотографии: формат jpg, jpeg или png, размер не больше 2 мб',
    tooManyAtOnce: (max: number, given: number) => `За один раз можно загрузить не более ${max} файлов: взяты первые ${max} из ${given}.`,
    /** 429: this user already has as many uploads running as one person may (server/files/upload-slots.ts). */
    tooManyInFlight: 'Слишком много файлов загружается одновременно. Дождитесь окончания текущих загрузок и повторите попытку.',
    /** 503: the server takes as many uploads at once as it may from everyone together. */
    serverBusyWithUploads: 'Сервер сейчас принимает слишком много файлов. Повторите попытку через несколько секунд.',
  },
  /** Transport (spec 02 §4, §5, §8; spec 01 §2.15): vehicle types, bus transports, schedules, the seat dashboard. */
  transport: {
    transportationSaved: 'Транспорт успешно сохранен',
    transportSaved: 'Направление успешно сохранено',
    dateDataSaved: 'Успешно сохранено',
    booked: 'Бронь установлена!',
    unbooked: 'Бронь снята!',
    notifyQueued: 'Уведомления будут отправлены в ближайшее время!',
    /** Asked before a manual booking is cancelled and before notifications are sent (issue 16). */
    confirmUnbook: (number: number, from: string, to: string) => `Снять бронь места ${number} (${from} → ${to})?`,
    unbook: 'Снять бронь',
    confirmNotify: (name: string) => `Отправить уведомление об отправлении «${name}» туристам его заявок?`,
    notify: 'Отправить уведомление',
    /** The schedule's Сохранить: bookings and departures are saved as they are made; the button reads the date again. */
    scheduleSaved: 'Все изменения сохранены',
    /** The seat dialog when every part of the route is booked for the seat. */
    seatFullyBooked: 'Место забронировано на всём маршруте.',
    /** Above a bus tour's copy (spec 02 §4: tariffs reset to zero on copy). */
    copyNotice: 'Это копия: тарифы сброшены в 0 — укажите цены на вкладке «Тарифы». Прошедшие даты отправления не скопированы.',
    /** Spec 02 §5: the toast of an intermediate stop with empty fields. */
    fillAllFields: 'Заполните все необходимые поля',
    /** Spec 02 §5: the name hint ("hint suggests adding the trip date"). */
    nameHint: 'Название должно быть уникальным: добавьте, например, дату рейса',
    seatTaken: 'Место уже забронировано на этом участке маршрута',
    noSuchSeat: 'Такого места нет в схеме салона',
    noSegment: 'Маршрут не ведёт из выбранного города в выбранный город',
    noDeparture: 'В эту дату рейса нет',
    /** A manual booking on a departure that has already left (today, by the server's calendar, is still bookable). */
    bookingPast: 'Нельзя забронировать место на прошедшую дату',
    /** Departure data names only applications with seats on that transport and date. */
    applicationsNotSeated: (numbers: string) => `Заявки без мест на этом рейсе в эту дату: ${numbers}`,
    onlyManual: 'Снять можно только ручную бронь: место занято туристом заявки',
    dayTaken: 'Этот день уже выбран',
    dayFixed: 'День недели нельзя изменить',
    datePast: 'Дата не может быть в прошлом',
    dateTaken: 'Эта дата уже добавлена',
    dateFixed: 'Дату нельзя изменить',
    /** The departure mode switch is locked while the current mode has rows (spec 02 §4). */
    modeLocked: 'Сначала удалите все дни или даты текущего режима',
    dayAfterDuration: (duration: number) => `Значение не может быть больше продолжительности (${duration})`,
    departureBeforeArrival: 'День отправления не может быть раньше дня прибытия',
    stopBeforePrevious: 'День прибытия не может быть раньше дня отправления с предыдущей остановки',
    tariffPair: 'Тариф задаётся только для пары пунктов маршрута по порядку следования',
    tariffTwice: 'Тариф для этой пары пунктов указан дважды',
    finishBeforeStart: 'Дата окончания не может быть раньше даты начала',
    /** A save that would move route points or departures out from under existing bookings. */
    bookingsInTheWay: (bookings: string) => `Нельзя изменить: есть брони мест (${bookings}). Сначала снимите их.`,
    secondDoorNeedsTwoColumns: 'Вторая дверь возможна только при двух колонках у двери',
    capacityHint: (capacity: number) => `Схема вмещает мест: ${capacity}`,
    /** The declared rows and the rear bench hold fewer places than `seats`: the scheme drew full rows after the declared ones. */
    schemeGrown: (rows: number) => `Схема дополнена рядами: ${rows} — в указанные ряды и задний ряд помещаются не все места`,
    /** Spec 01 §2.15. */
    dashboardTitle: 'Главная',
    dashboardLoading: 'Загрузка…',
    dashboardNoData: 'Нет данных',
    sum: 'Сумма',
    notifySubject: (transport: string, date: string) => `Информация о рейсе «${transport}» ${date}`,
    notifyLog: (count: number, kept: number) => `Уведомления о рейсе отправлены: ${count - kept} из ${count}`,
  },
  /** Spec 03 §2.4, §5, §8: routes (transport routes with hotels per point). */
  tourRoutes: {
    saved: 'Маршрут успешно сохранен',
    deleted: 'Маршрут успешно удален',
    loadFailed: 'Произошла непредвиденная ошибка',
    saveFailedTitle: 'Ошибка сохранения',
    saveFailedText: 'Проверьте правильность заполнения полей формы и попробуйте еще раз',
    confirmDelete: 'Вы действительно желаете удалить маршрут?',
    backBeforeForth: 'Дата возвращения не может быть раньше даты отправления',
    forthAfterBack: 'Дата отправления не может быть позже даты возвращения',
    pointTwice: 'Эта точка маршрута уже указана',
    notTransportPoint: 'Точка не входит в маршрут выбранного транспорта',
    hotelTwice: 'Этот отель уже выбран для точки',
    hotelNotInCity: 'Отель не находится в городе этой точки',
    /** A tab's points before a transport is chosen. */
    chooseTransport: 'Выберите транспорт, чтобы увидеть точки маршрута',
    noPoints: 'У транспорта нет точек маршрута',
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
  /** Replies of the list switches (spec 01 §4 "Active flags"), by the switch's path segment. */
  switches: {
    active: (name: string, on: boolean) => (on ? `«${name}» теперь активен` : `«${name}» теперь неактивен`),
    filter: (name: string, on: boolean) =>
      on ? `«${name}» используется как фильтр на сайте` : `«${name}» не используется как фильтр на сайте`,
    'point-filter': (name: string, on: boolean) =>
      on ? `«${name}» используется как выборочный фильтр` : `«${name}» не используется как выборочный фильтр`,
  } as Record<string, (name: string, on: boolean) => string>,
} as const;
