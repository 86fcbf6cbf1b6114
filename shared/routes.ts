/**
 * Every named route of the spec (01 §2.2, 02 §2, 03 §2): its history-mode path and the page title.
 * `roles` narrows a route to the roles of spec 01 §6; without it every staff role may open it.
 * The renderer registers all of them; a route whose screen is not built yet shows an honest
 * "раздел в разработке" page.
 */
import { ACCESS, type Role } from './roles.js';

export interface RouteInfo {
  path: string;
  title: string;
  roles?: readonly Role[];
}

const adminManager = ACCESS.administratorAndManager;

/**
 * A big editor's three routes (spec 02 §4 "Form modes"), one page serving them all:
 * `<name>-create` at `<path>/create`, `<name>-edit` at `<path>/:id/edit`, `<name>-copy` at
 * `<path>/:id/copy`, titled 'Создание …', 'Редактирование …', 'Копирование …' with `what` (genitive:
 * 'отеля', 'автобусного тура').
 */
function editorRoutes<const Name extends string>(name: Name, path: string, what: string, roles?: readonly Role[]) {
  const route = (suffix: string, title: string): RouteInfo => ({ path: `${path}${suffix}`, title: `${title} ${what}`, ...(roles ? { roles } : {}) });
  return {
    [`${name}-create`]: route('/create', 'Создание'),
    [`${name}-edit`]: route('/:id/edit', 'Редактирование'),
    [`${name}-copy`]: route('/:id/copy', 'Копирование'),
  } as Record<`${Name}-create` | `${Name}-edit` | `${Name}-copy`, RouteInfo>;
}

export const ROUTES = {
  dashboard: { path: '/', title: 'Главная' },
  auth: { path: '/auth', title: 'Вход' },
  applications: { path: '/applications', title: 'Заявки' },
  ...editorRoutes('application', '/applications', 'заявки'),
  clients: { path: '/clients', title: 'Клиенты' },
  agencies: { path: '/agencies', title: 'Агентства' },
  'agencies-users': { path: '/agencies/:agency_id/users', title: 'Сотрудники агентства' },
  'agencies-files': { path: '/agencies/files', title: 'Документы агентств', roles: adminManager },
  users: { path: '/users', title: 'Пользователи', roles: ACCESS.administratorOnly },
  vendors: { path: '/vendors', title: 'Поставщики' },
  /** Issue 28: the operator's details every generated document names; read by all, changed by the administrator. */
  organization: { path: '/organization', title: 'Реквизиты организации' },
  logs: { path: '/logs', title: 'Логи' },
  analytics: { path: '/analytics', title: 'Аналитика' },
  imports: { path: '/imports', title: 'Импорты', roles: adminManager },
  /** Issue 31: the administrator's mapping list of the suppliers' values, opened from the Imports screen. */
  'imports-mappings': { path: '/imports/mappings', title: 'Сопоставления', roles: ACCESS.administratorOnly },
  countries: { path: '/countries', title: 'Страны' },
  cities: { path: '/cities', title: 'Города' },
  directions: { path: '/directions', title: 'Направления' },
  'catalog-sections': { path: '/catalog-sections', title: 'Разделы каталога', roles: adminManager },
  'hotel-meals': { path: '/hotels/meals', title: 'Питание' },
  'hotel-accommodations': { path: '/hotels/accommodations', title: 'Условия размещения' },
  'hotel-services': { path: '/hotels/services', title: 'Услуги отелей' },
  'hotel-promotions': { path: '/hotels/promotions', title: 'Акции' },
  'hotel-directions': { path: '/hotels/directions', title: 'Направления отелей' },
  'hotel-infrastructures': { path: '/hotels/infrastructures', title: 'Инфраструктура' },
  'hotel-infrastructure-types': { path: '/hotels/infrastructure_types', title: 'Типы инфраструктуры' },
  hotels: { path: '/hotels', title: 'Отели', roles: adminManager },
  ...editorRoutes('hotel', '/hotels', 'отеля', adminManager),
  'room-services': { path: '/rooms/services', title: 'Услуги номеров' },
  'room-equipment': { path: '/rooms/equipment', title: 'Оснащение номеров' },
  'room-furniture': { path: '/rooms/furniture', title: 'Мебель номеров' },
  'room-bathroom': { path: '/rooms/bathroom', title: 'Ванная комната' },
  'room-types': { path: '/rooms/types', title: 'Типы номеров' },
  'room-places': { path: '/rooms/places', title: 'Размещение в номерах' },
  'room-descriptions': { path: '/rooms/descriptions', title: 'Описания номеров' },
  transportation: { path: '/transportation', title: 'Транспортные средства', roles: adminManager },
  ...editorRoutes('transportation', '/transportation', 'транспортного средства', adminManager),
  transports: { path: '/transports', title: 'Автобусные туры', roles: adminManager },
  ...editorRoutes('transport', '/transports', 'автобусного тура', adminManager),
  'transport-schedules': { path: '/transports/schedules', title: 'Расписание автобусов', roles: adminManager },
  'transport-schedule': { path: '/transports/schedules/:id', title: 'Расписание рейса', roles: adminManager },
  routes: { path: '/routes', title: 'Маршруты', roles: adminManager },
  ...editorRoutes('route', '/routes', 'маршрута', adminManager),
  'excursion-tour-categories': { path: '/excursion-tour-categories', title: 'Категории экскурсионных туров' },
  'excursion-tour-trade-offers': { path: '/excursion-tour-trade-offers', title: 'Торговые предложения' },
  tours: { path: '/tours', title: 'Экскурсионные туры', roles: adminManager },
  ...editorRoutes('tour', '/tours', 'экскурсионного тура', adminManager),
  'tour-types': { path: '/tours/types', title: 'Типы туров' },
  'tour-services': { path: '/tours/services', title: 'Услуги туров', roles: adminManager },
  'sea-tours': { path: '/sea-tours', title: 'Морские туры', roles: adminManager },
  ...editorRoutes('sea-tour', '/sea-tours', 'морского тура', adminManager),
  'tour-calculators': { path: '/tour-calculators', title: 'Калькуляторы туров', roles: adminManager },
  ...editorRoutes('tour-calculator', '/tour-calculators', 'калькулятора тура', adminManager),
} as const satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof ROUTES;

/** The names of the editors registered with `editorRoutes` (`hotel`, `transport`…): each has `-create`, `-edit` and `-copy`. */
export type EditorRouteName = {
  [Name in RouteName]: Name extends `${infer Editor}-create` ? (`${Editor}-edit` | `${Editor}-copy` extends RouteName ? Editor : never) : never;
}[RouteName];

/** An editor's route of a mode: `editorRoute('hotel', 'edit')` → `'hotel-edit'`. */
export const editorRoute = <Editor extends EditorRouteName, Mode extends 'create' | 'edit' | 'copy'>(editor: Editor, mode: Mode) => `${editor}-${mode}` as `${Editor}-${Mode}` & RouteName;

/** An editor's headings by mode, from its routes' titles. */
export const editorTitles = (editor: EditorRouteName): Record<'create' | 'edit' | 'copy', string> => ({
  create: ROUTES[editorRoute(editor, 'create')].title,
  edit: ROUTES[editorRoute(editor, 'edit')].title,
  copy: ROUTES[editorRoute(editor, 'copy')].title,
});

/** Builds a path from a route name: `routePath('agencies-users', { agency_id: 5 })` → `/agencies/5/users`. */
export function routePath(
  name: RouteName,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const path = ROUTES[name].path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function routeAllows(name: RouteName, role: Role): boolean {
  const route: RouteInfo = ROUTES[name];
  return !route.roles || route.roles.includes(role);
}
