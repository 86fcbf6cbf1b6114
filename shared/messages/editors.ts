/** The big editors' own texts (ARCHITECTURE.md §7 "Aggregate editors") and the SEO fields several of them carry. Part of MESSAGES (../messages.ts). */
export const EDITOR_MESSAGES = {
  /** Big editors (ARCHITECTURE.md §7 "Aggregate editors"): the payload and its child rows. */
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
  /** The SEO fields of cities, hotels and bus tours (the page's H1, its meta title and description). */
  seo: { h1: 'Заголовок H1', title: 'Мета-заголовок', description: 'Мета-описание' },
} as const;
