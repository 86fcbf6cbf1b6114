/**
 * A child collection of an aggregate (rooms of a hotel, price periods of a room) as a paged table:
 * its columns, an error-icon column for rows the server or the schema refused (errors under
 * `<index>.`), add / edit / copy / delete (delete only where `canDelete` says so, after a
 * confirmation). When new errors arrive, the page of the first refused row is shown.
 */
import { Button, Checkbox, HTMLTable, Icon, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { formatCommission } from '@shared/commission';
import { formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useEffect, useState, type ReactNode } from 'react';
import { Pagination } from '../resource/Pagination';
import { ConfirmDelete } from '../ConfirmDelete';

export interface CollectionColumn<Row> {
  title: string;
  render: (row: Row, index: number) => ReactNode;
  width?: number | string;
}

/** A form's sum as the money format reads it: a number or the text a field holds; anything else is no sum. */
const sumOf = (value: unknown): number | string | null => (typeof value === 'number' || typeof value === 'string' ? value : null);

/** A sum in a table cell: the shared money format (`150 000,00 ₽`, shared/format.ts) on one line; empty or null shows nothing. */
export const moneyCell = (value: unknown): ReactNode => <span className="money-cell">{formatMoney(sumOf(value))}</span>;

/** A money column: every row's sum through `moneyCell`. */
export function moneyColumn<Row>(title: string, value: (row: Row) => unknown): CollectionColumn<Row> {
  return { title, render: (row) => moneyCell(value(row)) };
}

/** A markup column: a percent for the percent type, else a sum in the shared money format (`10%`, `1 500,00 ₽`). */
export function commissionColumn<Row>(title: string, type: (row: Row) => number, sum: (row: Row) => unknown): CollectionColumn<Row> {
  return { title, render: (row) => <span className="money-cell">{formatCommission(type(row), sumOf(sum(row)) ?? 0)}</span> };
}

interface Props<Row> {
  /** What the table holds, in Russian: its accessible name ('Номера'). */
  label: string;
  /** A Latin name for the test ids of its rows (`rooms-row-0`); never shown nor read out. */
  name: string;
  rows: Row[];
  columns: CollectionColumn<Row>[];
  /** Errors of this collection with its own prefix taken off (`3.dates.0.to`). */
  errors: FieldErrors;
  pageSize: number;
  onAdd?: () => void;
  onEdit?: (index: number) => void;
  onCopy?: (index: number) => void;
  onDelete?: (index: number) => void;
  canDelete?: (row: Row) => boolean;
  confirmDelete?: string;
  addText?: string;
  disabled?: boolean;
  /** Rows checked in a leading checkbox column (the transport's dates: "delete selected"); no column without it. */
  selection?: { selected: ReadonlySet<number>; onChange(selected: Set<number>): void; label: (row: Row, index: number) => string };
  /** Buttons beside the add button (e.g. "delete selected"). */
  toolbar?: ReactNode;
}

export function CollectionTable<Row>({ label, name, rows, columns, errors, pageSize, onAdd, onEdit, onCopy, onDelete, canDelete, confirmDelete, addText, disabled, selection, toolbar }: Props<Row>) {
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const rowErrors = (index: number) => Object.keys(errorsUnder(errors, String(index))).length > 0;

  useEffect(() => {
    const first = rows.findIndex((_, index) => rowErrors(index));
    if (first !== -1) setPage(Math.floor(first / pageSize) + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only new errors move the page
  }, [errors]);
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const shown = rows.map((row, index) => ({ row, index })).slice((page - 1) * pageSize, page * pageSize);
  return (
    <div className="collection-table" role="group" aria-label={label}>
      {(onAdd || toolbar) && (
        <div className="collection-toolbar">
          {toolbar}
          {onAdd && <Button icon="add" intent={Intent.PRIMARY} text={addText ?? MESSAGES.editor.add} aria-haspopup="dialog" onClick={onAdd} disabled={disabled} />}
        </div>
      )}
      <HTMLTable compact striped className="resource-table">
        <thead>
          <tr>
            <th style={{ width: 32 }} aria-label="Ошибки" />
            {selection && <th style={{ width: 32 }} aria-label="Выбор" />}
            {columns.map((column) => (
              <th key={column.title} style={{ width: column.width }}>
                {column.title}
              </th>
            ))}
            <th style={{ width: 120 }} aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + (selection ? 3 : 2)} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {shown.map(({ row, index }) => (
            <tr key={index} className={rowErrors(index) ? 'row-has-errors' : undefined} data-testid={`${name}-row-${index}`}>
              <td>{rowErrors(index) && <Icon icon="error" intent={Intent.DANGER} title={MESSAGES.editor.rowHasErrors} aria-label={MESSAGES.editor.rowHasErrors} />}</td>
              {selection && (
                <td>
                  <Checkbox
                    className="collection-check"
                    aria-label={selection.label(row, index)}
                    checked={selection.selected.has(index)}
                    disabled={disabled}
                    onChange={(event) => {
                      const next = new Set(selection.selected);
                      if (event.currentTarget.checked) next.add(index);
                      else next.delete(index);
                      selection.onChange(next);
                    }}
                  />
                </td>
              )}
              {columns.map((column) => (
                <td key={column.title}>{column.render(row, index)}</td>
              ))}
              <td className="row-actions">
                {onEdit && <Button variant="minimal" icon="edit" aria-label={MESSAGES.list.edit} title={MESSAGES.list.edit} aria-haspopup="dialog" onClick={() => onEdit(index)} disabled={disabled} />}
                {onCopy && <Button variant="minimal" icon="duplicate" aria-label={MESSAGES.editor.copy} title={MESSAGES.editor.copy} aria-haspopup="dialog" onClick={() => onCopy(index)} disabled={disabled} />}
                {onDelete && (canDelete?.(row) ?? true) && (
                  <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={MESSAGES.list.delete} title={MESSAGES.list.delete} aria-haspopup="dialog" onClick={() => setToDelete(index)} disabled={disabled} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <div className="collection-footer">
        <span>{MESSAGES.list.shown(rows.length === 0 ? 0 : (page - 1) * pageSize + 1, Math.min(rows.length, page * pageSize), rows.length)}</span>
        <Pagination page={page} pages={pages} onPage={setPage} />
      </div>
      <ConfirmDelete
        item={toDelete}
        message={confirmDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(index) => {
          onDelete?.(index);
          setToDelete(null);
        }}
      />
    </div>
  );
}
