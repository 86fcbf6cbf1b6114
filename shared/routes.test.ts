import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.js';
import { Role } from './roles.js';
import { editorRoute, editorTitles, routeAllows, routePath, ROUTES } from './routes.js';

describe('routes', () => {
  it('builds paths from names, parameters and query', () => {
    expect(routePath('agencies-users', { agency_id: 5 })).toBe('/agencies/5/users');
    expect(routePath('applications', {}, { client_id: 12, agency_id: undefined })).toBe('/applications?client_id=12');
    expect(() => routePath('hotel-edit')).toThrow(/id/);
  });

  it('registers every route of spec 01 §2.2 with its path', () => {
    const paths = Object.values(ROUTES).map((route) => route.path);
    for (const path of ['/', '/auth', '/applications', '/users', '/countries', '/hotels/infrastructure_types', '/rooms/places', '/transports/schedules/:id', '/imports', '/excursion-tour-trade-offers']) {
      expect(paths).toContain(path);
    }
  });

  it('admits roles as spec 01 §6 says', () => {
    expect(routeAllows('users', Role.Administrator)).toBe(true);
    expect(routeAllows('users', Role.Manager)).toBe(false);
    expect(routeAllows('users', Role.Accountant)).toBe(false);
    expect(routeAllows('hotels', Role.Manager)).toBe(true);
    expect(routeAllows('hotels', Role.Accountant)).toBe(false);
    expect(routeAllows('agencies', Role.Accountant)).toBe(true);
  });

  it('gives each editor its create, edit and copy routes from one declaration, with the roles and titles of each', () => {
    expect(ROUTES['hotel-create']).toEqual({ path: '/hotels/create', title: 'Создание отеля', roles: ROUTES.hotels.roles });
    expect(ROUTES['hotel-edit']).toEqual({ path: '/hotels/:id/edit', title: 'Редактирование отеля', roles: ROUTES.hotels.roles });
    expect(ROUTES['transport-copy']).toEqual({ path: '/transports/:id/copy', title: 'Копирование автобусного тура', roles: ROUTES.transports.roles });
    expect(ROUTES['tour-edit'].title).toBe('Редактирование экскурсионного тура');
    expect(routePath(editorRoute('transportation', 'copy'), { id: 7 })).toBe('/transportation/7/copy');
    expect(routeAllows(editorRoute('hotel', 'edit'), Role.Accountant)).toBe(false);
    expect(editorTitles('transport')).toEqual({ create: 'Создание автобусного тура', edit: 'Редактирование автобусного тура', copy: 'Копирование автобусного тура' });
  });
});

describe('display formats (spec 01 §9)', () => {
  it('shows dates as DD.MM.YYYY and times as DD.MM.YYYY HH:mm', () => {
    expect(formatDate('2026-03-07')).toBe('07.03.2026');
    expect(formatDateTime(new Date(2026, 10, 22, 9, 5))).toBe('22.11.2026 09:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('');
  });
});
