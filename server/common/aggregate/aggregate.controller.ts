/**
 * The controller of a big editor, built from a declaration as `createResourceController` builds a
 * list resource's: the declaration names the path, the feature's AggregateEditor, the form's shared
 * schema, how the form travels and who may call what; the class it gives serves the standard routes
 * (ARCHITECTURE.md §7 "Aggregate editors"). A feature's controller extends it with its own routes:
 *
 *   export class HotelsController extends AggregateController({ path: 'hotels', service: HotelsService, … }) {
 *     @Post('files') upload(…) { return this.service.upload(…); }
 *   }
 *
 * Nest finds the standard routes on the base class (its scanner walks the prototype chain, and so
 * does server/test/route-table.ts for the role matrix); the controller's path and roles are the
 * base's, inherited like its constructor.
 */
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, type Type } from '@nestjs/common';
import type { z } from 'zod';
import type { IdName } from '../../../shared/api.js';
import type { Role } from '../../../shared/roles.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../auth/decorators.js';
import { parseInput } from '../http/errors.js';
import { IdPipe } from '../http/id.pipe.js';
import type { AggregateEditor } from './aggregate-editor.js';
import { parsePayload } from './payload.js';

/** The standard routes, by the name of the method that serves each. */
export type AggregateAction = 'list' | 'data' | 'picker' | 'show' | 'create' | 'update' | 'switchActive' | 'remove';

/** The service a declaration names: an AggregateEditor, with the editor's `/data` lookups when it serves them. */
export type AggregateService<Form extends { version?: number | null }> = AggregateEditor<Form, unknown, IdName> & {
  /** GET /{path}/data: the selects' lookups through `readLookups` (one statement), with the query when they depend on it. */
  data?(query: Record<string, unknown>): Promise<unknown>;
};

export interface AggregateRoutes<Form extends { version?: number | null }, Service extends AggregateService<Form>> {
  /** Under /api, without a leading slash: `hotels`, `tours/services`. */
  path: string;
  service: Type<Service>;
  /** The form's shared zod schema: POST and PUT answer 422 on the field's dotted path before the service is asked. */
  schema: z.ZodType<Form>;
  /**
   * How POST and PUT carry the form: `payload` — `{payload: "<the form as JSON text>"}` (ARCHITECTURE.md §3,
   * the editors whose forms grow large); `json` — the form itself as the JSON body.
   */
  body: 'payload' | 'json';
  /** Who may call the routes (`default`), and an action's own roles where they differ (the pickers: every role). */
  roles: { default: readonly Role[] } & Partial<Record<AggregateAction, readonly Role[]>>;
  /** `PUT /{path}/{id}/active`, the list's switch of `is_active` (AggregateEditor.switchActive), where the root has one. */
  activeSwitch?: true;
  /** Standard routes the editor does not serve (a route has no `/data` and no picker). */
  without?: readonly Exclude<AggregateAction, 'switchActive'>[];
}

/** The base class of a big editor's controller: the standard routes of `routes`, on `this.service`. */
export function AggregateController<Form extends { version?: number | null }, Service extends AggregateService<Form>>(routes: AggregateRoutes<Form, Service>) {
  const without = new Set<AggregateAction>([...(routes.without ?? []), ...(routes.activeSwitch ? [] : ['switchActive' as const])]);
  const readForm = (body: unknown): Form => (routes.body === 'payload' ? parsePayload(routes.schema, body) : parseInput(routes.schema, body));
  if (!without.has('data') && typeof routes.service.prototype.data !== 'function') throw new Error(`${routes.service.name} serves no /data: name 'data' in \`without\``);

  @Controller(routes.path)
  class StandardAggregateRoutes {
    constructor(@Inject(routes.service) protected readonly service: Service) {}

    /** GET /{path}?query=&page=&limit=&orderBy=&ascending=&<filters> → {data, count}, rows with `can_delete`. */
    @Get()
    list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
      return this.service.list(query, viewer);
    }

    @Get('data')
    data(@Query() query: Record<string, unknown>) {
      return this.service.data!(query);
    }

    /** GET /{path}/list?query=&limit=&<filters> → {data: [{id, name, …}]}: the bounded picker of other editors. */
    @Get('list')
    picker(@Query() query: Record<string, unknown>) {
      return this.service.picker(query);
    }

    /** GET /{path}/{id} → {data: the editor's record, with `can_delete`}. */
    @Get(':id')
    show(@Param('id', IdPipe) id: number) {
      return this.service.show(id);
    }

    /** POST /{path}: create, and copy (a copy is a new aggregate). */
    @Post()
    @HttpCode(201)
    create(@Body() body: unknown, @CurrentActor() actor: Actor) {
      return this.service.create(readForm(body), actor);
    }

    /** PUT /{path}/{id}: 409 with the current record when the form's `version` is stale. */
    @Put(':id')
    update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
      return this.service.update(id, readForm(body), actor);
    }

    /** PUT /{path}/{id}/active {is_active?, version?} → {status: 'CHANGED', is_active, name, version}. */
    @Put(':id/active')
    switchActive(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
      return this.service.switchActive(id, body, actor);
    }

    /** DELETE /{path}/{id}: 404, or 403 while something outside the aggregate uses it. */
    @Delete(':id')
    remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
      return this.service.remove(id, actor);
    }
  }

  const prototype = StandardAggregateRoutes.prototype;
  for (const action of without) Reflect.deleteProperty(prototype, action);
  Roles(...routes.roles.default)(StandardAggregateRoutes);
  for (const [action, roles] of Object.entries(routes.roles)) {
    if (action === 'default' || without.has(action as AggregateAction)) continue;
    Roles(...roles)(prototype, action, Object.getOwnPropertyDescriptor(prototype, action)!);
  }
  return StandardAggregateRoutes;
}
