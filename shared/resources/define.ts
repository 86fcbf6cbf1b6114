/**
 * One resource, one definition: the part of a resource both sides need — its list (path, sortable
 * columns, filter schema, picker: shared/list.ts), input schemas (with the spec's limits and
 * messages) and texts. The server adds the entity and queries (server/common/resource and
 * server/common/list), the renderer adds columns and form fields (renderer/src/common/resource).
 */
import { z } from 'zod';
import type { ListDefinition, ListFilters } from '../list.js';
import { MESSAGES } from '../messages.js';
import type { Role } from '../roles.js';
import { requiredText } from '../validation.js';

export interface ResourceDefinition<
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = Create,
  Sortable extends string = string,
  Filters extends ListFilters = ListFilters,
> extends ListDefinition<Sortable, Filters> {
  createSchema: Create;
  updateSchema: Update;
  /**
   * Boolean columns switched from the list: `PUT {path}/{id}/{segment}` for each entry, e.g.
   * `{ active: 'is_active', filter: 'is_filter', 'point-filter': 'is_point_filter' }`.
   */
  switches?: Readonly<Record<string, string>>;
  /**
   * Records are written by the server only (logs): POST and PUT /{id} answer 405, and the screen
   * offers neither add nor edit. List, show and delete stay.
   */
  readOnly?: boolean;
  /**
   * Records are added by the server only (the import job's mapping list): POST answers 405 and the
   * screen offers no add. Edit and delete stay.
   */
  createdByServer?: boolean;
  /**
   * Who may add, edit, delete and switch its records, when fewer than those who read them (spec 03 §6:
   * the tour handbooks and the directions are the administrator's and the manager's, all three read
   * them). The server answers the others 403; the screen offers them no add, edit, delete or switch.
   */
  writeRoles?: readonly Role[];
  messages: {
    saved: string;
    deleted: string;
    /** Save-failure toast, when the spec words it differently (vendors are in English). */
    saveFailed?: { title: string; text: string };
    /** Delete-failure toast when the server sends no message; default 'Произошла ошибка при удалении'. */
    deleteFailed?: string;
    /** Toast when a record cannot be read for the dialog; default 'Произошла ошибка'. */
    loadFailed?: string;
  };
}

export function defineResource<Create extends z.ZodType, Update extends z.ZodType, Sortable extends string, Filters extends ListFilters = ListFilters>(
  definition: ResourceDefinition<Create, Update, Sortable, Filters>,
): ResourceDefinition<Create, Update, Sortable, Filters> {
  return definition;
}

/** Whether `role` may change the resource's records (its `writeRoles`; every role that reads it when absent). */
export const mayWrite = (definition: Pick<ResourceDefinition, 'writeRoles'>, role: Role): boolean => !definition.writeRoles || definition.writeRoles.includes(role);

/** The whole shared declaration of a handbook of id and name. */
export function defineNamedHandbook(options: { path: string; nameMax: number; saved: string; deleted?: string; writeRoles?: readonly Role[] }) {
  const schema = z.object({ name: requiredText(options.nameMax) });
  return defineResource({
    path: options.path,
    createSchema: schema,
    updateSchema: schema,
    sortable: ['id', 'name'],
    writeRoles: options.writeRoles,
    messages: { saved: options.saved, deleted: options.deleted ?? MESSAGES.success.deleted },
  });
}

export type ResourceInput<R extends ResourceDefinition> = z.input<R['createSchema']>;
