/**
 * A list whose records are edited on pages of their own (a big editor, or ResourceFormPage) links to
 * them with its toolbar and row actions: add, edit and copy (`copy: false` where the spec offers no
 * copy). The list's page travels in the query string, so the editor's Cancel and Save come back to it
 * (also when the editor was opened directly).
 */
import { MESSAGES } from '@shared/messages';
import { editorRoute, routePath, type EditorRouteName, type RouteName } from '@shared/routes';
import type { RowActionSpec, RowBase, ToolbarActionSpec } from './definition';

/** The list page the user came from (`?page=` of the current address). */
export const listPage = () => new URLSearchParams(window.location.search).get('page') ?? undefined;

/** Where an editor goes back to when there is no page to go back to: the list, on its page. */
export const listPath = (list: RouteName) => routePath(list, {}, { page: listPage() });

export function editorPageLinks<Row extends RowBase>(
  editor: EditorRouteName | { create: RouteName; edit: RouteName; copy: RouteName },
  offers: { copy: boolean } = { copy: true },
): { toolbar: ToolbarActionSpec[]; rowActions: RowActionSpec<Row>[] } {
  const routes = typeof editor === 'string' ? { create: editorRoute(editor, 'create'), edit: editorRoute(editor, 'edit'), copy: editorRoute(editor, 'copy') } : editor;
  const edit: RowActionSpec<Row> = { title: MESSAGES.list.edit, icon: 'edit', to: (row) => routePath(routes.edit, { id: row.id }, { page: listPage() }) };
  const copy: RowActionSpec<Row> = { title: MESSAGES.list.copy, icon: 'duplicate', to: (row) => routePath(routes.copy, { id: row.id }, { page: listPage() }) };
  return {
    toolbar: [{ text: MESSAGES.list.add, icon: 'add', intent: 'primary', to: () => routePath(routes.create, {}, { page: listPage() }) }],
    rowActions: offers.copy ? [edit, copy] : [edit],
  };
}
