/**
 * The renderer half of a resource declaration: title, columns, switches, filters and form fields.
 * With the shared definition (path, schemas, sortable columns, switches, messages) it is all
 * `ResourceScreen` needs.
 */
import type { IconName, Intent } from '@blueprintjs/core';
import type { ListFilter, SessionUser } from '@shared/api';
import type { ResourceDefinition } from '@shared/resources/define';
import type { ReactNode } from 'react';
import type { FieldSpec, OptionsSource } from '../form/fields';

export interface RowBase {
  id: number;
}

/**
 * A list column. Rows stay one line high: a cell never wraps; text longer than the column's
 * `maxWidth` is cut with '…' and shown whole on hover (1366×768 office screens).
 */
export interface ColumnSpec<Row> {
  /** Field of the row; sortable exactly when the shared definition lists it as sortable. */
  key: string;
  title: string;
  /** The cell's content; put long text in an element of class `cell-value` so it is the part cut with '…'. */
  render?: (row: Row) => ReactNode;
  /** The full value shown on hover; default: the cell's content when it is plain text. */
  text?: (row: Row) => string | null | undefined;
  /** Fixed width (short values: ids, dates). */
  width?: number | string;
  /** Cap of the column (a CSS length; `vw` lets it grow on a wider screen); default in styles.css. */
  maxWidth?: string;
}

/** A switch column: `segment` is a key of the shared definition's `switches` (active, filter, …). */
export interface SwitchColumnSpec {
  segment: string;
  title: string;
  /** Key of the column this switch column follows (the spec's column order); after all columns when absent. */
  after?: string;
}

/** A flag filter (1/0), or with `kind: 'select'` one value chosen from options (the log level). */
export type FilterSpec =
  | {
      kind?: 'flag';
      param: ListFilter;
      label: string;
      /** Option texts for 1 and 0 of a flag filter. */
      yes: string;
      no: string;
    }
  | { kind: 'select'; param: ListFilter; label: string; options: OptionsSource };

/** A row action beyond view, edit and delete (e.g. the vendors' "Clear external data"). */
export interface RowActionSpec<Row> {
  /** Tooltip and accessible name of the button. */
  title: string;
  icon: IconName;
  intent?: Intent;
  /** Offered only when this holds for the row and the signed-in user; always when absent. */
  visible?: (row: Row, user: SessionUser) => boolean;
  /** Asked first (with Yes/Cancel) when given. */
  confirm?: string | ((row: Row) => string);
  /** The work, with its own toasts; the list is refreshed when it settles. */
  run?: (row: Row) => unknown;
  /** A link instead of work: the page this row action opens (e.g. the agency's applications). */
  to?: (row: Row) => string;
  /** A dialog instead of work (e.g. the agency's monthly report): rendered open over the list until it calls `close`. */
  dialog?: (row: Row, close: () => void) => ReactNode;
}

/** A button of the list screen's heading, next to the add button (e.g. 'Экспорт'). */
export interface ToolbarActionSpec {
  text: string;
  icon: IconName;
  intent?: Intent;
  /** Offered only to users for whom this holds; always when absent. */
  visible?: (user: SessionUser) => boolean;
  /** The work, with its own toasts; the button shows it is busy until it settles. Gets the selected rows' ids on a `selectable` screen. */
  run?: (selected: number[]) => unknown;
  /** A link instead of work: the page the button opens (e.g. a big editor's create page). */
  to?: () => string;
  /** Works on the selected rows: disabled while none is chosen. */
  needsSelection?: boolean;
  /** The work changes the rows (the imports' restart): the list is read again when it settles. */
  refreshes?: boolean;
}

/**
 * The add/edit dialog of a resource. `Stored` is the record as its GET answers it (the resource's
 * shared type; untyped unless said), read into the form's values by `toValues`.
 */
export interface ResourceFormSpec<Stored = Record<string, unknown>> {
  titles: { create: string; edit: string };
  fields: FieldSpec[];
  /** Values of a new record. */
  initial: Record<string, unknown>;
  /** Form values of a record read back from the API (e.g. `city.id` → `city_id`); default: the fields' own names. */
  toValues?: (record: Stored) => Record<string, unknown>;
  /** Dialog width; the spec's dialogs are 50vw unless said otherwise. */
  width?: string;
  /**
   * The dialog's fields on tabs (a catalogue section: data, images, SEO, slider), each with its
   * fields; `fields` still lists them all. A tab is marked red when an error lies under one of its
   * fields' names (or the paths of `owns`); the first tab takes whatever no other tab claims.
   */
  tabs?: FormTabSpec[];
  /** Shown beside the fields on a form page (ResourceFormPage), drawn from the current values: a live preview. */
  aside?: (values: Record<string, unknown>) => ReactNode;
  /**
   * Send the form as multipart (its `file` fields as file parts, see common/form/formData.ts):
   * create `POST {path}`; edit with a new file `POST {path}/{id}` with `_method=PUT` (Laravel's
   * method override); edit without a new file a JSON `PUT {path}/{id}` without the file fields.
   */
  multipart?: boolean;
}

/** A tab of a resource dialog (ResourceFormSpec.tabs). */
export interface FormTabSpec {
  id: string;
  title: string;
  fields: FieldSpec[];
  /** Error paths the tab claims besides its fields' names (a custom field's `tours`, `seo_content`). */
  owns?: readonly string[];
}

/** A read-only dialog showing one record (GET {path}/{id}, answering `Stored`), opened by the row's view action. */
export interface ResourceViewSpec<Stored = Record<string, unknown>> {
  title: string;
  render: (record: Stored) => ReactNode;
  /** Dialog width; default 50vw. */
  width?: string;
}

/** A list screen of rows `Row`; its dialogs read one record as `Stored` (GET {path}/{id}). */
export interface ResourceScreenDefinition<Row extends RowBase = RowBase, Stored = Record<string, unknown>> {
  resource: ResourceDefinition;
  title: string;
  /** Text under the title; a function gets the list reply ({data, count} and what else it holds, e.g. the employees' agency). */
  subtitle?: string | ((reply: Record<string, unknown> | undefined) => ReactNode);
  /** Breadcrumbs over the title, from the list reply; `to` makes a crumb a link. */
  breadcrumbs?: (reply: Record<string, unknown> | undefined) => { text: string; to?: string }[];
  columns: ColumnSpec<Row>[];
  switches?: SwitchColumnSpec[];
  filters?: FilterSpec[];
  /** Filters a screen draws itself (pickers, dates: the applications' filter bar), kept in the query string and sent like `filters`. */
  filterParams?: readonly ListFilter[];
  /**
   * The add/edit dialog. Without a form (or with a read-only shared definition) the screen offers
   * neither add nor edit; a resource edited on pages of its own (ResourceFormPage, or a big editor)
   * links to them with toolbar and row actions `to` instead.
   */
  form?: ResourceFormSpec<Stored>;
  /** A view action opening a read-only dialog of the record. */
  view?: ResourceViewSpec<Stored>;
  /** Row actions shown before edit and delete. */
  rowActions?: RowActionSpec<Row>[];
  /** Delete is offered only where this says so (e.g. the row's can_delete, or the signed-in user's role). */
  canDelete?: (row: Row, user: SessionUser) => boolean;
  confirmDelete?: string;
  /** A checkbox column choosing rows (kept across pages, cleared by a new filter), for toolbar actions `needsSelection`. */
  selectable?: boolean;
  /** Buttons next to the add button (exports). */
  toolbar?: ToolbarActionSpec[];
  /**
   * Other API replies that change with this resource, by path (their queries are keyed by it), read
   * again after the dialog is saved or closed — e.g. NEW_ITEMS_PATH, the header counters: opening a
   * client marks it seen on the server. The list itself is read again too.
   */
  invalidates?: readonly string[];
  /**
   * Rows that change on the server by themselves (a running import's progress): the list is read
   * again every `everyMs` while `while` holds for the page shown, and not otherwise (nor in a hidden window).
   */
  poll?: { everyMs: number; while: (rows: Row[]) => boolean };
}

export function defineResourceScreen<Row extends RowBase, Stored = Record<string, unknown>>(definition: ResourceScreenDefinition<Row, Stored>): ResourceScreenDefinition<Row, Stored> {
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
