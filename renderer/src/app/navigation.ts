/**
 * The shell's menus (spec 01 §2.1, §6): sidebar entries, header entries and the Handbooks
 * dropdown with its nested groups. Entries are route names; the role rules come from ROUTES.
 */
import type { IconName } from '@blueprintjs/core';
import type { RouteName } from '@shared/routes';
import type { NewItemsCounters } from '@shared/api';

export interface NavEntry {
  route: RouteName;
  label: string;
  icon?: IconName;
  /** Which counter of GET /api/new-items/check shows as its badge. */
  badge?: (counters: NewItemsCounters) => number;
}

export interface NavGroup {
  label: string;
  icon: IconName;
  entries: (NavEntry | NavGroup)[];
}

export const isGroup = (entry: NavEntry | NavGroup): entry is NavGroup => 'entries' in entry;

export const SIDEBAR: NavEntry[] = [
  { route: 'dashboard', label: 'Главная', icon: 'dashboard' },
  { route: 'applications', label: 'Заявки', icon: 'document', badge: (c) => c.applications.unwatched_count },
  { route: 'hotels', label: 'Отели', icon: 'office' },
  { route: 'tours', label: 'Экскурсионные туры', icon: 'map' },
  { route: 'sea-tours', label: 'Морские туры', icon: 'lifesaver' },
  { route: 'transport-schedules', label: 'Расписание автобусов', icon: 'calendar' },
  { route: 'agencies-files', label: 'Документы агентств', icon: 'folder-open' },
  { route: 'catalog-sections', label: 'Разделы каталога', icon: 'list-detail-view' },
  { route: 'tour-calculators', label: 'Калькуляторы туров', icon: 'calculator' },
  { route: 'imports', label: 'Импорты', icon: 'import' },
];

export const HEADER: NavEntry[] = [
  { route: 'agencies', label: 'Агентства', icon: 'briefcase', badge: (c) => c.agencies.new_count },
  { route: 'clients', label: 'Клиенты', icon: 'people', badge: (c) => c.clients.new_count },
  { route: 'vendors', label: 'Поставщики', icon: 'shop' },
  { route: 'analytics', label: 'Аналитика', icon: 'chart' },
  { route: 'users', label: 'Пользователи', icon: 'user' },
  { route: 'logs', label: 'Логи', icon: 'console' },
];

export const HANDBOOKS: NavGroup = {
  label: 'Справочники',
  icon: 'book',
  entries: [
    {
      label: 'Страны, города и направления',
      icon: 'globe',
      entries: [
        { route: 'countries', label: 'Страны' },
        { route: 'cities', label: 'Города' },
        { route: 'directions', label: 'Направления' },
      ],
    },
    {
      label: 'Отели',
      icon: 'office',
      entries: [
        { route: 'hotel-meals', label: 'Питание' },
        { route: 'hotel-accommodations', label: 'Условия размещения' },
        { route: 'hotel-services', label: 'Услуги' },
        { route: 'hotel-promotions', label: 'Акции' },
        { route: 'hotel-directions', label: 'Направления' },
        { route: 'hotel-infrastructures', label: 'Инфраструктура' },
        { route: 'hotel-infrastructure-types', label: 'Типы инфраструктуры' },
        {
          label: 'Номера',
          icon: 'home',
          entries: [
            { route: 'room-types', label: 'Типы' },
            { route: 'room-places', label: 'Размещение' },
            { route: 'room-descriptions', label: 'Описания' },
            { route: 'room-services', label: 'Услуги' },
            { route: 'room-equipment', label: 'Оснащение' },
            { route: 'room-furniture', label: 'Мебель' },
            { route: 'room-bathroom', label: 'Ванная комната' },
          ],
        },
      ],
    },
    {
      label: 'Экскурсионные туры',
      icon: 'map',
      entries: [
        { route: 'excursion-tour-categories', label: 'Категории' },
        { route: 'excursion-tour-trade-offers', label: 'Торговые предложения' },
        { route: 'tour-types', label: 'Типы туров' },
        { route: 'tour-services', label: 'Услуги туров' },
      ],
    },
    {
      label: 'Транспорт',
      icon: 'drive-time',
      entries: [
        { route: 'transportation', label: 'Транспортные средства' },
        { route: 'transports', label: 'Автобусные туры' },
        { route: 'routes', label: 'Маршруты' },
      ],
    },
    { route: 'organization', label: 'Реквизиты организации', icon: 'id-number' },
  ],
};
