import { Button, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useEffect } from 'react';
import { ApiError } from '../../api/http';
import { toast } from '../toaster';
import { FormFields } from '../form/fields';
import { VersionConflictDialog } from '../version/VersionConflictDialog';
import type { EditableScreenDefinition } from './definition';
import { useResourceForm } from './useResourceForm';

interface Props {
  definition: EditableScreenDefinition;
  /** The record to edit; absent for add (spec 01 §2.3: a dialog without id adds, with id edits). */
  id?: number;
  isOpen: boolean;
  onClose(): void;
  onSaved(): void;
}

/** The add/edit dialog over a list: validates with the shared schema, shows server field errors, blocks double saves. */
export function ResourceDialog({ definition, id, isOpen, onClose, onSaved }: Props) {
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

  // A record that cannot be read is not edited over (saving the blank form would overwrite it).
  useEffect(() => {
    if (!isOpen || !record.isError || record.isFetching) return;
    const error = record.error;
    if (!(error instanceof ApiError && (error.status >= 500 || error.status === 401 || error.status === 419))) {
      toast.error(resource.messages.loadFailed ?? MESSAGES.errors.generic);
    }
    onClose();
  }, [isOpen, record.isError, record.isFetching, record.error, resource, onClose]);

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={editing ? spec.titles.edit : spec.titles.create} canOutsideClickClose canEscapeKeyClose className="resource-dialog" style={{ width: spec.width ?? '50vw' }}>
      <form onSubmit={submit} noValidate>
        <DialogBody>{loading ? <Spinner /> : <FormFields fields={spec.fields} form={form} editing={editing} />}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={MESSAGES.list.cancel} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={MESSAGES.list.save} loading={saving} disabled={loading} />
            </>
          }
        />
      </form>
      <VersionConflictDialog {...conflict.dialog} />
    </Dialog>
  );
}
