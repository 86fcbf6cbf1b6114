/**
 * The server half of a resource declaration: its list (server/common/list: entity, search, sort,
 * filters, counts, rows) plus how inputs are mapped and checked. `ResourceService` and
 * `createResourceController` turn one of these into the whole HTTP contract of a list resource.
 */
import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { z } from 'zod';
import type { ResourceDefinition } from '../../../shared/resources/define.js';
import type { Role } from '../../../shared/roles.js';
import type { Actor } from '../auth/decorators.js';
import { ALIAS, type ServerList } from '../list/server-list.js';

export { ALIAS };

/** What a declaration's hooks get: who acts (user and session) and the save's transaction. */
export interface ResourceContext extends Actor {
  manager: EntityManager;
  /** The record being updated (already locked); absent on create. */
  id?: number;
}

export interface ServerResource<
  Entity extends ObjectLiteral = ObjectLiteral,
  Definition extends ResourceDefinition = ResourceDefinition,
> extends ServerList<Entity, Definition> {
  /** Who may delete its records, when fewer than `roles` (logs: the administrator only). */
  deleteRoles?: readonly Role[];
  /** Entity fields from validated input; default the input itself. */
  toEntity?: (
    input: z.output<Definition['createSchema']> | z.output<Definition['updateSchema']>,
    context: ResourceContext,
  ) => Partial<Entity> | Promise<Partial<Entity>>;
  /**
   * Refusals that wait on the network (a DNS look-up), run before the save's transaction: a request
   * holds a pooled connection only while it talks to PostgreSQL (ARCHITECTURE §7 "Connections").
   * Gets the body's fields as sent (the schema judges them later, inside) and a manager outside any transaction.
   */
  beforeTransaction?: (fields: Record<string, unknown>, context: Actor & { manager: EntityManager; id?: number }) => Promise<void>;
  /** Refusals beyond validation (throw to refuse), run inside the save's transaction. */
  checks?: {
    update?: (id: number, values: Partial<Entity>, context: ResourceContext) => void | Promise<void>;
    delete?: (id: number, context: ResourceContext) => void | Promise<void>;
    /** A list switch (`column` is e.g. `is_active`) about to be set to `value`. */
    switch?: (id: number, column: string, value: boolean, context: ResourceContext) => void | Promise<void>;
  };
  /** Runs inside the save's transaction after a create, update or switch. */
  afterSave?: (entity: Entity, values: Partial<Entity>, context: ResourceContext) => void | Promise<void>;
  /**
   * Runs in the request of `GET {path}/{id}` by a signed-in staff member, after the row is read and
   * before it is replied: e.g. a client or agency stops being new (`UPDATE … SET is_new = false`)
   * once a colleague opened it. The reply shows the row as it was read.
   */
  onShow?: (entity: Entity, context: Omit<ResourceContext, 'id'> & { id: number }) => Promise<void>;
  /**
   * Runs inside the delete's transaction once the row is gone, with the row as it was (read and
   * locked before the delete): clean-ups of what only this row used, e.g. its uploaded file.
   */
  afterDelete?: (entity: Entity, context: ResourceContext) => void | Promise<void>;
}

/**
 * Any declared resource, whatever its entity and definition: what ResourceService and the
 * controller factory take (they read declarations as plain objects), as ListService takes `AnyServerList`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerResource = ServerResource<any, any>;

export function defineServerResource<Entity extends ObjectLiteral, Definition extends ResourceDefinition>(
  resource: ServerResource<Entity, Definition>,
): ServerResource<Entity, Definition> {
  return resource;
}

/** The whole server declaration of a handbook of id and name. */
export function namedHandbookResource<Entity extends ObjectLiteral & { id: number; name: string }>(
  definition: ResourceDefinition,
  entity: new () => Entity,
  options: { roles?: readonly Role[] } = {},
): ServerResource<Entity> {
  return {
    definition,
    entity,
    roles: options.roles,
    searchExpression: `${ALIAS}.name`,
    toRow: ({ id, name }) => ({ id, name }),
  };
}
