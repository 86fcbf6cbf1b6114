/**
 * Route order (ARCHITECTURE.md §7): static segments are matched before parameters whatever the
 * module. For the administrator, the list and `/list` of every resource of server/resources.ts and
 * every static GET path of every feature controller answer something other than 404 (a `/:id` path,
 * called with id 1, must not fail) — `/api/hotels/meals` is never taken for `/api/hotels/:id`.
 */
import { RequestMethod, type Type } from '@nestjs/common';
import { MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../shared/roles.js';
import { FEATURE_MODULES, LATE_MODULES } from './app.module.js';
import { SERVER_RESOURCES } from './resources.js';
import { routeHandlers } from './test/route-table.js';
import { startTestApp, type ApiClient, type TestApp } from './test/test-app.js';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.signInAs(Role.Administrator)).client;
});
afterAll(() => app?.close());

/** Every GET path of the controllers of these modules (and the modules they import). */
function featureGetPaths(modules: Type[]): string[] {
  const paths = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (module: Type) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const imported of (Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []) as Type[]) visit(imported);
    for (const controller of (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []) as Type[]) {
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const { handler, method } of routeHandlers(controller)) {
        if (method !== RequestMethod.GET) continue;
        const route = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        paths.add(`/${[base, route].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/'));
      }
    }
  };
  modules.forEach(visit);
  return [...paths];
}

describe('route order', () => {
  it('every resource list and short list answers the administrator (no 404)', async () => {
    const resourcePaths = SERVER_RESOURCES.map((resource) => resource.definition.path).filter((path) => !path.includes(':'));
    expect(resourcePaths.length).toBeGreaterThan(20);
    for (const path of resourcePaths) {
      for (const suffix of ['', '/list']) {
        const response = await admin.get(`/api${path}${suffix}`);
        expect(response.status, `GET /api${path}${suffix}`).not.toBe(404);
        expect(response.status, `GET /api${path}${suffix}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
      }
    }
  });

  it('every GET path of every feature module answers the administrator (no 404)', async () => {
    const paths = featureGetPaths([...FEATURE_MODULES, ...LATE_MODULES]);
    expect(paths).toEqual(expect.arrayContaining(['/hotels', '/hotels/data', '/hotels/list', '/hotels/infrastructures/list', '/hotels/:id', '/hotels/services/icons', '/vendors/data']));
    const skipped = ['/storage/*path'];
    for (const path of paths.filter((candidate) => !skipped.includes(candidate))) {
      // With an unknown id a `/:id` route answers 404 by design; only static routes must never.
      const url = `/api${path.replace(/:[a-z_]+/g, '1')}`;
      const response = await admin.get(url);
      if (path.includes(':')) expect(response.status, `GET ${url}`).toBeLessThan(500);
      else expect(response.status, `GET ${url}: ${response.status}`).not.toBe(404);
    }
  });

  it('/api/tours/types and /api/tours/excursion/categories are the tour handbooks, not a tour whose id is "types"', async () => {
    for (const path of ['/api/tours/types', '/api/tours/excursion/categories', '/api/tours/excursion/trade-offers']) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(200);
      expect(response.body).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
    }
  });

  it('/api/hotels/meals is the meals handbook, not a hotel whose id is "meals"', async () => {
    const response = await admin.get('/api/hotels/meals');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
    for (const path of ['/api/hotels/services', '/api/hotels/accommodations', '/api/hotels/promotions', '/api/hotels/rooms/types', '/api/hotels/directions', '/api/hotels/infrastructure-types']) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
  });
});
