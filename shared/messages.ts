/**
 * Every user-facing text of the spec that both sides need lives here once.
 * Russian texts are exactly as in the spec; validation texts follow the wording of the spec's
 * examples ('Поле обязательно для заполнения.', 'Заполните поле').
 */
export const MESSAGES = {
  validation: {
    required: 'Поле обязательно для заполнения.',
    fillIn: 'Заполните поле',
    maxLength: (max: number) => `Количество символов в поле не может превышать ${max}.`,
    email: 'Поле должно быть действительным электронным адресом.',
    integer: 'Поле должно быть целым числом.',
    number: 'Поле должно быть числом.',
    min: (min: number) => `Значение поля должно быть не меньше ${min}.`,
    max: (max: number) => `Значение поля не может быть больше ${max}.`,
    oneOf: 'Выбрано недопустимое значение.',
    unique: 'Такое значение поля уже используется.',
    invalid: 'Поле заполнено неверно.',
    summary: 'Данные заполнены неверно.',
  },
  auth: {
    wrongCredentials: 'Неверный логин или пароль.',
    inactiveUser: 'Учётная запись отключена. Обратитесь к администратору.',
    throttled: (seconds: number) => `Слишком много попыток входа. Повторите попытку через ${seconds} сек.`,
    unauthenticated: 'Требуется авторизация.',
    csrfMismatch: 'Сессия устарела. Обновите страницу.',
    forbidden: 'Недостаточно прав для выполнения действия.',
    setupClosed: 'Первый администратор уже создан.',
  },
  http: {
    notFound: 'Запись не найдена.',
    serverError: 'Внутренняя ошибка сервера.',
  },
  /** Spec 01 §2.3 generic list texts. */
  list: {
    empty: 'Нет данных для отображения',
    shown: (from: number, to: number, count: number) => `Показано ${from}-${to} из ${count} записей`,
    nothingFound: 'Не найдено',
    searchPlaceholder: 'Поиск',
    add: 'Добавить',
    edit: 'Редактировать',
    delete: 'Удалить',
    confirmDelete: 'Вы действительно желаете удалить запись?',
    cancel: 'Отмена',
    save: 'Сохранить',
    yes: 'Да',
    no: 'Нет',
    active: 'Активен',
    inactive: 'Неактивен',
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
  users: {
    saved: 'Пользователь успешно сохранен',
    deleted: 'Пользователь успешно удален',
    cannotDeleteSelf: 'Нельзя удалить собственную учётную запись.',
    cannotDeactivateSelf: 'Нельзя отключить собственную учётную запись.',
  },
  countries: {
    saved: 'Страна успешно сохранена',
  },
  /** Uploads (spec 01 §5 "Photos", §8). */
  files: {
    tooLarge: (mb: number) => `Загружаемый файл не может быть больше ${mb} мб`,
    badFormat: 'Недопустимый формат файла.',
    required: 'Выберите файл.',
    oneFile: 'Можно загрузить только один файл.',
    malformed: 'Не удалось прочитать загружаемый файл.',
    notAPhoto: 'Можно удалить только загруженную фотографию.',
    uploadFailed: 'Произошла ошибка при загрузке файла',
    /** Editor image upload failure: title errors.saveFailedTitle, then this. */
    checkPhoto: 'Проверьте параметры фотографии: формат jpg, jpeg или png, размер не больше 2 мб',
    tooManyAtOnce: (max: number, given: number) => `За один раз можно загрузить не более ${max} файлов: взяты первые ${max} из ${given}.`,
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
