/**
 * The table of a list screen: sortable headers, one-line rows (long text cut with '…', whole on
 * hover), switch columns, row actions, and the states between: loading, 'Нет данных для
 * отображения', and — when the list cannot be read — the reason with a 'Повторить' button, never an
 * empty table pretending there is no data.
 */
import { Button, Checkbox, HTMLTable, Icon, Intent, Spinner, Switch } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { mayWrite } from '@shared/resources/define';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../api/session';
import { ReadFailure } from '../ReadFailure';
import type { ColumnSpec, ResourceScreenDefinition, RowBase, SwitchColumnSpec } from './definition';
import type { ResourceList } from './useResourceList';
import type { RowActions } from './useRowActions';
import type { RowSelection } from './useRowSelection';

interface Props<Row extends RowBase, Stored> {
  definition: ResourceScreenDefinition<Row, Stored>;
  list: ResourceList<Row>;
  actions: RowActions<Row>;
  editable: boolean;
  onEdit(row: Row): void;
  onView(row: Row): void;
  /** Row selection (opt-in, useRowSelection): a checkbox column first, the header's for the page. */
  selection?: RowSelection;
  /** What a row's checkbox is called for screen readers (default 'Выбрать запись {id}'). */
  rowLabel?: (row: Row) => string;
}

/**
 * A cell: its content, and the full value shown on hover — the column's own `text`, else the content
 * when it is plain text. Plain text is the part cut with '…'; a rendered cell marks its own (`cell-value`).
 */
function Cell<Row extends RowBase>({ column, row }: { column: ColumnSpec<Row>; row: Row }) {
  const content = column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
  const plain = typeof content === 'string' || typeof content === 'number';
  return (
    <div className="cell" style={column.maxWidth ? { maxWidth: column.maxWidth } : undefined} title={column.text?.(row) ?? (plain && content !== '' ? String(content) : undefined)}>
      {plain ? <span className="cell-value">{content}</span> : content}
    </div>
  );
}

export function ResourceTable<Row extends RowBase, Stored>({ definition, list, actions, editable, onEdit, onView, selection, rowLabel }: Props<Row, Stored>) {
  const { resource } = definition;
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  // Outside the resource's writeRoles (the accountant on the tour handbooks): switches shown, not switched; no delete.
  const writable = user !== null && mayWrite(resource, user.role);
  const switches = definition.switches ?? [];
  // A switch column stands after the column its `after` names, else after all columns.
  const switchesAfter = (key: string | undefined) => switches.filter((column) => column.after === key || (key === undefined && !definition.columns.some((other) => other.key === column.after)));
  const columnCount = definition.columns.length + switches.length + 1 + (selection ? 1 : 0);
  const { list: query, rows, params } = list;

  const switchHeader = (column: SwitchColumnSpec) => (
    <th key={column.segment} className="switch-column">
      {column.title}
    </th>
  );
  const switchCell = (column: SwitchColumnSpec, row: Row) => (
    <td key={column.segment}>
      <Switch
        checked={Boolean((row as Record<string, unknown>)[resource.switches?.[column.segment] ?? ''])}
        disabled={actions.toggling || !writable}
        onChange={() => actions.toggle(row, column.segment)}
        aria-label={column.title}
        className="row-switch"
        role="switch"
      />
    </td>
  );
  const wholeRow = (content: ReactNode, className?: string) => (
    <tr>
      <td colSpan={columnCount} className={className}>
        {content}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (query.isError && !query.isFetching) {
    body = wholeRow(<ReadFailure error={query.error} onRetry={() => void query.refetch()} />, 'state-row');
  } else if (query.isPending || (query.isError && query.isFetching)) {
    body = wholeRow(<Spinner size={24} aria-label={MESSAGES.list.loading} />, 'state-row');
  } else if (rows.length === 0) {
    body = wholeRow(MESSAGES.list.empty, 'empty-row');
  } else {
    body = rows.map((row) => (
      <tr key={row.id} className={selection?.isSelected(row.id) ? 'row-selected' : undefined}>
        {selection && (
          <td className="select-column">
            <Checkbox className="row-checkbox" checked={selection.isSelected(row.id)} onChange={() => selection.toggle(row.id)} aria-label={rowLabel?.(row) ?? MESSAGES.list.selectRow(row.id)} />
          </td>
        )}
        {definition.columns.map((column) => [
          <td key={column.key} style={column.width ? { width: column.width } : undefined}>
            <Cell column={column} row={row} />
          </td>,
          ...switchesAfter(column.key).map((switchColumn) => switchCell(switchColumn, row)),
        ])}
        {switchesAfter(undefined).map((column) => switchCell(column, row))}
        <td className="row-actions">
          {/* aria-haspopup="dialog": the buttons that open a dialog (a form, a view, a question) say so. */}
          {definition.view && <Button variant="minimal" icon="eye-open" aria-label={MESSAGES.list.view} title={MESSAGES.list.view} aria-haspopup="dialog" onClick={() => onView(row)} />}
          {user &&
            (definition.rowActions ?? [])
              .filter((action) => action.visible?.(row, user) ?? true)
              .map((action) => (
                <Button
                  key={action.title}
                  variant="minimal"
                  icon={action.icon}
                  intent={action.intent}
                  aria-label={action.title}
                  title={action.title}
                  aria-haspopup={action.confirm || action.dialog ? 'dialog' : undefined}
                  disabled={actions.running}
                  onClick={() => actions.start(action, row, navigate)}
                />
              ))}
          {editable && <Button variant="minimal" icon="edit" aria-label={MESSAGES.list.edit} title={MESSAGES.list.edit} aria-haspopup="dialog" onClick={() => onEdit(row)} />}
          {user && writable && (definition.canDelete?.(row, user) ?? true) && (
            <Button variant="minimal" intent={Intent.DANGER} icon="trash" aria-label={MESSAGES.list.delete} title={MESSAGES.list.delete} aria-haspopup="dialog" onClick={() => actions.askDelete(row)} />
          )}
        </td>
      </tr>
    ));
  }

  return (
    <div className="table-frame">
      <HTMLTable className="resource-table" striped interactive compact aria-busy={query.isFetching}>
        <thead>
          <tr>
            {selection && (
              <th className="select-column">
                <Checkbox
                  className="row-checkbox"
                  checked={selection.page === 'all'}
                  indeterminate={selection.page === 'some'}
                  disabled={rows.length === 0}
                  onChange={selection.togglePage}
                  aria-label={MESSAGES.list.selectPage}
                />
              </th>
            )}
            {definition.columns.map((column) => {
              const sortable = resource.sortable.includes(column.key);
              const sorted = list.sortedColumn === column.key;
              return [
                <th
                  key={column.key}
                  style={column.width ? { width: column.width } : undefined}
                  className={sortable ? 'sortable' : undefined}
                  onClick={sortable ? () => list.sortBy(column.key) : undefined}
                  aria-sort={sorted ? (params.ascending ? 'ascending' : 'descending') : undefined}
                >
                  <span className="th-content">
                    {column.title}
                    {sortable && <Icon icon={sorted ? (params.ascending ? 'sort-asc' : 'sort-desc') : 'double-caret-vertical'} size={12} className="sort-icon" />}
                  </span>
                </th>,
                ...switchesAfter(column.key).map(switchHeader),
              ];
            })}
            {switchesAfter(undefined).map(switchHeader)}
            <th className="actions-column" aria-label={MESSAGES.list.actions} />
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </HTMLTable>
    </div>
  );
}
