/**
 * One resource, one definition: the part of a resource both sides need — its list (path, sortable
 * columns, filter schema, picker: shared/list.ts), input schemas (with the spec's limits and
 * messages) and texts. The server adds the entity and queries (server/common/resource and
 * server/common/list), the renderer adds columns and form fields (renderer/src/common/resource).
 */
import { z } from 'zod';
import type { ListDefinition, ListFilters } from '../list.js';
import { MESSAGES } from '../messages.js';
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

/** The whole shared declaration of a handbook of id and name. */
export function defineNamedHandbook(options: { path: string; nameMax: number; saved: string; deleted?: string }) {
  const schema = z.object({ name: requiredText(options.nameMax) });
  return defineResource({
    path: options.path,
    createSchema: schema,
    updateSchema: schema,
    sortable: ['id', 'name'],
    messages: { saved: options.saved, deleted: options.deleted ?? MESSAGES.success.deleted },
  });
}

export type ResourceInput<R extends ResourceDefinition> = z.input<R['createSchema']>;
