import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, type Type } from '@nestjs/common';
import type { Role } from '../../../shared/roles.js';
import { CurrentActor, CurrentUser, Roles, type Actor, type AuthUser } from '../auth/decorators.js';
import { methodNotAllowed } from '../http/errors.js';
import { IdPipe } from '../http/id.pipe.js';
import { ResourceService } from './resource.service.js';
import type { AnyServerResource } from './server-resource.js';

/**
 * Builds the controller of one declared resource: list, `/list`, show, create, update, delete and
 * the list switches, at the resource's path. Routes are thin; the work is in ResourceService.
 */
export function createResourceController(resource: AnyServerResource): Type<unknown> {
  const path: string = resource.definition.path.replace(/^\//, '');

  @Controller(path)
  class ResourceController {
    constructor(@Inject(ResourceService) private readonly resources: ResourceService) {}

    @Get()
    list(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
      return this.resources.list(resource, query, viewer);
    }

    @Get('list')
    shortList(@Query() query: Record<string, unknown>) {
      return this.resources.shortList(resource, query);
    }

    @Get(':id')
    show(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
      return this.resources.show(resource, id, actor.user, actor);
    }

    @Post()
    @HttpCode(201)
    create(@Body() body: unknown, @CurrentActor() actor: Actor) {
      if (resource.definition.readOnly || resource.definition.createdByServer) throw methodNotAllowed();
      return this.resources.create(resource, body, actor);
    }

    @Put(':id')
    update(@Param('id', IdPipe) id: number, @Body() body: unknown, @CurrentActor() actor: Actor) {
      if (resource.definition.readOnly) throw methodNotAllowed();
      return this.resources.update(resource, id, body, actor);
    }

    @Delete(':id')
    remove(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
      return this.resources.remove(resource, id, actor);
    }

    /** The list switches of the definition: `active`, `filter`, `point-filter`, … */
    @Put(':id/:switch')
    switchFlag(@Param('id', IdPipe) id: number, @Param('switch') segment: string, @Body() body: unknown, @CurrentActor() actor: Actor) {
      return this.resources.switchFlag(resource, id, segment, body, actor);
    }
  }

  if (resource.roles) Roles(...resource.roles)(ResourceController);
  // The methods that change records, narrowed to the definition's writeRoles (delete to deleteRoles, when given).
  const writeRoles = resource.definition.writeRoles;
  const narrowed: [keyof ResourceController, readonly Role[] | undefined][] = [
    ['create', writeRoles],
    ['update', writeRoles],
    ['switchFlag', writeRoles],
    ['remove', resource.deleteRoles ?? writeRoles],
  ];
  for (const [method, roles] of narrowed) {
    if (roles) Roles(...roles)(ResourceController.prototype, method, Object.getOwnPropertyDescriptor(ResourceController.prototype, method)!);
  }

  const name = path.replace(/(^|[/_-])(\w)/g, (_, __, char: string) => char.toUpperCase());
  Object.defineProperty(ResourceController, 'name', { value: `${name}ResourceController` });
  return ResourceController;
}
