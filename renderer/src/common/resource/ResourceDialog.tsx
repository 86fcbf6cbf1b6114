import { Button, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useCallback, useEffect, useRef } from 'react';
import { AppDialog } from '../AppDialog';
import { notifyFailure } from '../failure';
import { FormFields } from '../form/fields';
import { DialogForm } from '../form/DialogForm';
import { focusFirstField } from '../form/focus';
import { VersionConflictDialog } from '../version/VersionConflictDialog';
import { EditorTabs, type EditorTab } from '../editor/EditorTabs';
import { ownsPath } from '../editor/tabOwnership';
import type { FieldSpec } from '../form/fields';
import type { FormTabSpec } from './definition';
import { useResourceForm, type ResourceWithForm } from './useResourceForm';

interface Props<Stored> {
  definition: ResourceWithForm<Stored>;
  /** The record to edit; absent for add (spec 01 §2.3: a dialog without id adds, with id edits). */
  id?: number;
  isOpen: boolean;
  onClose(): void;
  onSaved(): void;
}

/**
 * The add/edit dialog over a list: validates with the shared schema, shows server field errors,
 * blocks double saves. The cursor starts in the first field; Enter in a field saves. A save that
 * fails keeps the dialog open with what was typed: offline ('Нет связи с сервером — данные не
 * сохранены'), with the session gone ('Сессия истекла', and the sign-in dialog over it), or refused.
 */
export function ResourceDialog<Stored extends object>({ definition, id, isOpen, onClose, onSaved }: Props<Stored>) {
  const { resource, form: spec } = definition;
  const editing = id !== undefined;
  const { form, record, saving, submit, conflict, loading } = useResourceForm(definition, {
    id,
    mode: editing ? 'edit' : 'create',
    active: isOpen,
    onSaved: () => {
      onSaved();
      onClose();
    },
  });
  const bodyRef = useRef<HTMLDivElement>(null);

  // A record that cannot be read is not edited over (saving the blank form would overwrite it).
  useEffect(() => {
    if (!isOpen || !record.isError || record.isFetching) return;
    notifyFailure(record.error, resource.messages.loadFailed ?? MESSAGES.errors.generic, { write: false, fixed: true });
    onClose();
  }, [isOpen, record.isError, record.isFetching, record.error, resource, onClose]);

  const focusFirst = useCallback(() => requestAnimationFrame(() => focusFirstField(bodyRef.current)), []);
  useEffect(() => {
    if (isOpen && !loading) focusFirst();
  }, [isOpen, loading, focusFirst]);

  return (
    <AppDialog
      isOpen={isOpen}
      onClose={onClose}
      onOpened={focusFirst}
      title={editing ? spec.titles.edit : spec.titles.create}
      canOutsideClickClose
      canEscapeKeyClose
      className="resource-dialog"
      style={{ width: spec.width ?? '50vw' }}
    >
      <DialogForm onSubmit={() => void submit()}>
        <DialogBody>
          <div ref={bodyRef}>
            {loading ? (
              <Spinner aria-label={MESSAGES.list.loading} />
            ) : spec.tabs ? (
              <EditorTabs id="resource-dialog-tabs" tabs={formTabs(spec.tabs, (fields) => <FormFields fields={fields} form={form} editing={editing} />)} errors={form.errors} />
            ) : (
              <FormFields fields={spec.fields} form={form} editing={editing} />
            )}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={MESSAGES.list.cancel} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={MESSAGES.list.save} loading={saving} disabled={loading} />
            </>
          }
        />
      </DialogForm>
      <VersionConflictDialog {...conflict.dialog} />
    </AppDialog>
  );
}

/** The dialog's tabs: each claims its fields (a date range both of its names) and its `owns`; the first also what no tab claims. */
function formTabs(tabs: FormTabSpec[], panel: (fields: FieldSpec[]) => EditorTab['panel']): EditorTab[] {
  const claims = tabs.map((tab) => [...tab.fields.flatMap((field) => (field.kind === 'daterange' ? [field.name, field.toName] : [field.name])), ...(tab.owns ?? [])]);
  const claimedElsewhere = (path: string) => claims.slice(1).some((owned) => ownsPath(owned, path));
  return tabs.map((tab, index) => ({
    id: tab.id,
    title: tab.title,
    owns: index === 0 ? (path: string) => ownsPath(claims[0]!, path) || !claimedElsewhere(path) : claims[index]!,
    panel: panel(tab.fields),
  }));
}
