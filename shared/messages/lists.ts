/** The generic list screen (spec 01 §2.3) and the replies of its switches. Part of MESSAGES (../messages.ts). */
import { formatNumber } from '../format.js';

export const LIST_MESSAGES = {
  /** Spec 01 §2.3 generic list texts. */
  list: {
    empty: 'Нет данных для отображения',
    shown: (from: number, to: number, count: number) => `Показано ${formatNumber(from)}-${formatNumber(to)} из ${formatNumber(count)} записей`,
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
    /** A report dialog's action (renderer/src/common/ReportDialog.tsx). */
    download: 'Скачать',
    /** An export waiting behind the exports already being made (issue 37; X-Export-Queue, renderer/src/common/exportFile.ts). */
    exportQueued: (position: number) => `В очереди (${position})`,
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
  /** The line under a picker row's name that tells it apart from its namesakes (issue 27; not in the spec). */
  pickerDetail: {
    inn: (inn: string) => `ИНН ${inn}`,
    days: (days: number) => `${days} дн.`,
    route: (from: string, to: string) => `${from} → ${to}`,
    period: (from: string, to: string) => `${from} – ${to}`,
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
