/**
 * The renderer half of a resource declaration: title, columns, switches, filters and form fields.
 * With the shared definition (path, schemas, sortable columns, switches, messages) it is all
 * `ResourceScreen` needs.
 */
import type { ListFilter } from '@shared/api';
import type { ResourceDefinition } from '@shared/resources/define';
import type { ReactNode } from 'react';
import type { FieldSpec } from '../form/fields';

export interface RowBase {
  id: number;
}

export interface ColumnSpec<Row> {
  /** Field of the row; sortable exactly when the shared definition lists it as sortable. */
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
  width?: number | string;
}

/** A switch column: `segment` is a key of the shared definition's `switches` (active, filter, …). */
export interface SwitchColumnSpec {
  segment: string;
  title: string;
}

export interface FilterSpec {
  param: ListFilter;
  label: string;
  /** Option texts for 1 and 0 of a flag filter. */
  yes: string;
  no: string;
}

export interface ResourceScreenDefinition<Row extends RowBase = RowBase> {
  resource: ResourceDefinition;
  title: string;
  subtitle?: string;
  columns: ColumnSpec<Row>[];
  switches?: SwitchColumnSpec[];
  filters?: FilterSpec[];
  form: {
    titles: { create: string; edit: string };
    fields: FieldSpec[];
    /** Values of a new record. */
    initial: Record<string, unknown>;
    /** Form values of a record read back from the API (e.g. `city.id` → `city_id`); default: the fields' own names. */
    toValues?: (record: Record<string, unknown>) => Record<string, unknown>;
    /** Dialog width; the spec's dialogs are 50vw unless said otherwise. */
    width?: string;
  };
  /** Delete is offered only where this says so (e.g. the row's can_delete). */
  canDelete?: (row: Row) => boolean;
  confirmDelete?: string;
}

export function defineResourceScreen<Row extends RowBase>(definition: ResourceScreenDefinition<Row>): ResourceScreenDefinition<Row> {
  return definition;
}

/** The whole renderer declaration of a handbook of id and name. */
export function namedHandbookScreen(resource: ResourceDefinition, texts: { title: string; create: string; edit: string; nameLabel?: string }) {
  return defineResourceScreen<RowBase & { name: string }>({
    resource,
    title: texts.title,
    columns: [
      { key: 'id', title: 'ID', width: 80 },
      { key: 'name', title: texts.nameLabel ?? 'Название' },
    ],
    form: {
      titles: { create: texts.create, edit: texts.edit },
      fields: [{ kind: 'text', name: 'name', label: texts.nameLabel ?? 'Название', required: true }],
      initial: { name: '' },
    },
  });
}
