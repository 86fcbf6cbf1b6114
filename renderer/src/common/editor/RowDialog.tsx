/**
 * The add / edit / copy dialog of a collection row (a room, a price period, a stop): tabs with error marks,
 * Save (checks the row with its shared schema first; 'Заполните все обязательные поля' when it
 * refuses for empty required fields only, the save-failure toast for anything else) and Cancel. `errors` are the row's own (prefix taken off); the dialog's tabs and fields
 * read them.
 */
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { AppDialog } from '../AppDialog';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import type { FieldName } from '../form/fields';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { DialogForm } from '../form/DialogForm';
import { notifyInvalidForm } from '../failure';
import { clearSaveFailures } from '../toaster';
import { EditorTabs, type EditorTab } from './EditorTabs';
import { dropErrors } from './useAggregateEditor';

interface Props {
  id: string;
  isOpen: boolean;
  title: string;
  /** The row's parts with their error marks; a row of one part gives its fields as `children` instead (no tab header). */
  tabs?: EditorTab[];
  children?: ReactNode;
  errors: FieldErrors;
  onSave(): void;
  onClose(): void;
  width?: string;
  footer?: ReactNode;
  /** Save is offered but locked while the row lacks what it cannot be saved without (a tour meal's supplier or name). */
  saveDisabled?: boolean;
}

export function RowDialog({ id, isOpen, title, tabs, children, errors, onSave, onClose, width = '70vw', saveDisabled }: Props) {
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={title} canOutsideClickClose={false} canEscapeKeyClose className="row-dialog" style={{ width, maxWidth: 1200 }}>
      <DialogForm onSubmit={() => (saveDisabled ? undefined : onSave())}>
        <DialogBody className="row-dialog-body">
          {/* A row of one part (an intermediate stop, a weekday) needs no tab header. */}
          {tabs && tabs.length > 1 ? <EditorTabs id={id} tabs={tabs} errors={errors} /> : <div className="editor-tab-panel">{tabs?.[0]?.panel ?? children}</div>}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={MESSAGES.list.cancel} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={MESSAGES.list.save} disabled={saveDisabled} data-testid={`${id}-save`} />
            </>
          }
        />
      </DialogForm>
    </AppDialog>
  );
}

/**
 * Checks a row with `validate`: true when it may be saved (the failure toasts of earlier tries go),
 * else shows the toast and hands the errors over. `required` is the toast of a row refused only for empty required fields ('Заполните все
 * обязательные поля'); any other refusal gets the save-failure toast (notifyInvalidForm).
 */
export function checkRow(errors: FieldErrors, setErrors: (errors: FieldErrors) => void, required?: string): boolean {
  setErrors(errors);
  if (Object.keys(errors).length === 0) {
    // The row is right now: the failure toasts of its earlier tries go.
    clearSaveFailures();
    return true;
  }
  notifyInvalidForm(errors, { required });
  return false;
}

/**
 * A row dialog's draft and its errors: the errors start as the save's errors for this row (again
 * when those change or the dialog opens anew, `opened`), and changing a field drops its errors and
 * those of `alsoDrop` (a period's `to` answers the error its `from` carries).
 */
export function useRowDraft<Row>(setDraft: (update: (current: Row) => Row) => void, serverErrors: FieldErrors, opened?: unknown) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors);
  useEffect(() => setErrors(serverErrors), [serverErrors, opened]);
  /** A field of the row (a SetField of the row), its errors and those of `alsoDrop` answered. */
  const setValue = useCallback(
    <K extends FieldName<Row>>(name: K, value: Row[K], ...alsoDrop: string[]) => {
      setDraft((current) => ({ ...current, [name]: value }));
      setErrors((current) => [name, ...alsoDrop].reduce(dropErrors, current));
    },
    [setDraft],
  );
  return { errors, setErrors, setValue };
}
