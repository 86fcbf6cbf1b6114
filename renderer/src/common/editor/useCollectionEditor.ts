/**
 * Editing one row of a child collection in a dialog: add (a blank row), edit (a copy of the row, so
 * Cancel leaves it as it was) and copy (the row without its id, spec 02 §4), then put the row back.
 * The dialog sees the errors of its row (the server's, with the row's prefix taken off) until the
 * user saves the row again.
 */
import { errorsUnder } from '@shared/editor';
import type { FieldErrors } from '@shared/validation';
import { useState } from 'react';
import { dropErrors } from './useAggregateEditor';

export type RowDialogMode = 'create' | 'edit' | 'copy';

type DialogState<Item> = { open: false } | { open: true; mode: RowDialogMode; index: number | null; draft: Item };

export function useCollectionEditor<Item>(options: {
  items: Item[];
  onChange(items: Item[]): void;
  blank: () => Item;
  copy: (item: Item) => Item;
  /** Errors of the collection with its own prefix taken off (`3.dates.0.to`). */
  errors: FieldErrors;
  /** Told which row's errors are answered (a saved row) or that the rows moved (a deleted one: null). */
  onErrorsAnswered?: (index: number | null) => void;
}) {
  const [state, setState] = useState<DialogState<Item>>({ open: false });
  const { items, onChange } = options;
  const openCreate = () => setState({ open: true, mode: 'create', index: null, draft: options.blank() });
  const openEdit = (index: number) => setState({ open: true, mode: 'edit', index, draft: structuredClone(items[index]!) });
  const openCopy = (index: number) => setState({ open: true, mode: 'copy', index: null, draft: options.copy(structuredClone(items[index]!)) });
  const remove = (index: number) => {
    onChange(items.filter((_, position) => position !== index));
    options.onErrorsAnswered?.(null);
  };

  return {
    state,
    /** The errors the open dialog's row has from the last save (none for a new row). */
    rowErrors: state.open && state.mode === 'edit' && state.index !== null ? errorsUnder(options.errors, String(state.index)) : {},
    openCreate,
    openEdit,
    openCopy,
    /**
     * The collection's CollectionTable wiring: its rows, their errors, add, edit, delete, and copy
     * where the row is copied (declared by each table); `add: false` while no row can be added (a
     * full week, no product chosen yet).
     */
    table: (offers: { copy: boolean; add?: boolean }) => ({
      rows: items,
      errors: options.errors,
      onAdd: offers.add === false ? undefined : openCreate,
      onEdit: openEdit,
      onCopy: offers.copy ? openCopy : undefined,
      onDelete: remove,
    }),
    /** A new draft, or a change of the latest one (several changes in one event all count). */
    setDraft: (draft: Item | ((current: Item) => Item)) =>
      setState((current) => (current.open ? { ...current, draft: typeof draft === 'function' ? (draft as (current: Item) => Item)(current.draft) : draft } : current)),
    close: () => setState({ open: false }),
    /** Puts the dialog's row back (replacing the edited one, or appended). */
    commit: (item: Item) => {
      if (!state.open) return;
      if (state.index === null) onChange([...items, item]);
      else {
        onChange(items.map((existing, index) => (index === state.index ? item : existing)));
        options.onErrorsAnswered?.(state.index);
      }
      setState({ open: false });
    },
    remove,
  };
}

/**
 * A collection of a form edited in dialogs (`useCollectionEditor`) under its key (`meals`): its
 * errors with the key taken off, and a saved or deleted row answering the errors it had. `update` is
 * the form's SetField: it takes the key with a list of the collection's rows.
 */
export function useFormCollection<Item, Key extends string>(
  key: Key,
  options: {
    items: Item[];
    update(key: Key, items: Item[]): void;
    errors: FieldErrors;
    setErrors(change: (errors: FieldErrors) => FieldErrors): void;
    blank: () => Item;
    copy: (item: Item) => Item;
    /** Instead of `update(key, items)` (dates kept in order). */
    onChange?: (items: Item[]) => void;
  },
) {
  const rowErrors = errorsUnder(options.errors, key);
  const editor = useCollectionEditor<Item>({
    items: options.items,
    onChange: options.onChange ?? ((items) => options.update(key, items)),
    blank: options.blank,
    copy: options.copy,
    errors: rowErrors,
    onErrorsAnswered: (index) => options.setErrors((current) => dropErrors(current, index === null ? key : `${key}.${index}`)),
  });
  return { editor, rowErrors };
}

/** What a row's dialog gets from its collection editor: the mode, the draft, the row's errors of the last save, save and close. */
export interface RowDialogProps<Item> {
  mode: RowDialogMode;
  draft: Item;
  setDraft(update: (current: Item) => Item): void;
  serverErrors: FieldErrors;
  onSave(item: Item): void;
  onClose(): void;
}

/** The open dialog's props (null while no dialog is open). */
export function rowDialogProps<Item>(editor: ReturnType<typeof useCollectionEditor<Item>>): RowDialogProps<Item> | null {
  const { state } = editor;
  return state.open ? { mode: state.mode, draft: state.draft, setDraft: editor.setDraft, serverErrors: editor.rowErrors, onSave: editor.commit, onClose: editor.close } : null;
}
