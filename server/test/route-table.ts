/**
 * Every HTTP route the API serves, read from the controllers' decorators (their base classes' too): the feature modules
 * (FEATURE_MODULES), the generic resource controllers (SERVER_RESOURCES) and LATE_MODULES, in the order Nest
 * registers them. Tests that must cover every route (the role matrix) are generated from it, so a
 * new route joins them by itself.
 */
import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { API_PREFIX } from '../../shared/api.js';
import { FEATURE_MODULES, LATE_MODULES } from '../app.module.js';
import { createResourceController } from '../common/resource/resource.controller.js';
import { SERVER_RESOURCES } from '../resources.js';

export interface ApiRoute {
  method: string;
  /** With Nest's parameters: `/api/agencies/:id/approve`, `/api/storage/*path`. */
  path: string;
}

const segments = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);
const join = (...parts: string[]) => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

/**
 * A controller's route handlers as Nest's scanner finds them: its own methods, then those of the
 * classes it extends (an AggregateController's standard routes), a name found first hiding the same
 * name further down.
 */
export function routeHandlers(controller: Type): { handler: object; method: RequestMethod }[] {
  const handlers: { handler: object; method: RequestMethod }[] = [];
  const seen = new Set<string>();
  for (let prototype = controller.prototype as object | null; prototype && prototype !== Object.prototype; prototype = Reflect.getPrototypeOf(prototype)) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (name === 'constructor' || seen.has(name)) continue;
      seen.add(name);
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      const method = typeof handler === 'function' ? (Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined) : undefined;
      if (method !== undefined) handlers.push({ handler: handler as object, method });
    }
  }
  return handlers;
}

function routesOf(controller: Type): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const base of segments(Reflect.getMetadata(PATH_METADATA, controller))) {
    for (const { handler, method } of routeHandlers(controller)) {
      for (const path of segments(Reflect.getMetadata(PATH_METADATA, handler))) {
        routes.push({ method: RequestMethod[method], path: join(API_PREFIX, base, path) });
      }
    }
  }
  return routes;
}

const controllersOf = (module: Type): Type[] => (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) as Type[] | undefined) ?? [];

export function apiRoutes(): ApiRoute[] {
  const controllers: Type[] = [
    ...FEATURE_MODULES.flatMap(controllersOf),
    ...SERVER_RESOURCES.map(createResourceController),
    ...LATE_MODULES.flatMap(controllersOf),
  ];
  return controllers.flatMap(routesOf);
}
