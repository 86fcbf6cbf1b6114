import { Button, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/http';
import { AppDialog } from '../AppDialog';
import { notifyFailure } from '../failure';
import { FormFields, type FieldSpec } from '../form/fields';
import { DialogForm } from '../form/DialogForm';
import { focusFirstField } from '../form/focus';
import { hasNewFile, toFormData, withoutFiles } from '../form/formData';
import { useZodForm } from '../form/useZodForm';
import { toast } from '../toaster';
import { useFormVersionConflict } from '../version/useFormVersionConflict';
import { VersionConflictDialog } from '../version/VersionConflictDialog';
import type { EditableScreenDefinition } from './definition';

interface Props {
  definition: EditableScreenDefinition;
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
export function ResourceDialog({ definition, id, isOpen, onClose, onSaved }: Props) {
  const { resource, form: spec } = definition;
  const editing = id !== undefined;
  const record = useQuery({
    queryKey: [resource.path, 'record', id],
    queryFn: ({ signal }) => api.get<{ data: Record<string, unknown> }>(`${resource.path}/${id}`, undefined, signal),
    enabled: isOpen && editing,
    gcTime: 0,
  });
  const form = useZodForm(editing ? resource.updateSchema : resource.createSchema, spec.initial);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const { setValues, setErrors } = form;
  /** A colleague saved the record after it was opened (409): reload it or keep editing. */
  const conflict = useFormVersionConflict(form, (data) => recordToValues(definition, data), () => record.refetch());
  const clearConflict = conflict.clear;

  // A record that cannot be read is not edited over (saving the blank form would overwrite it).
  useEffect(() => {
    if (!isOpen || !record.isError || record.isFetching) return;
    notifyFailure(record.error, resource.messages.loadFailed ?? MESSAGES.errors.generic, { write: false, fixed: true });
    onClose();
  }, [isOpen, record.isError, record.isFetching, record.error, resource, onClose]);

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    clearConflict();
    if (!editing) setValues(spec.initial);
    else if (record.data) setValues(recordToValues(definition, record.data.data));
  }, [isOpen, editing, record.data, spec, definition, setValues, setErrors, clearConflict]);

  const loading = editing && record.isPending;
  const focusFirst = useCallback(() => requestAnimationFrame(() => focusFirstField(bodyRef.current)), []);
  useEffect(() => {
    if (isOpen && !loading) focusFirst();
  }, [isOpen, loading, focusFirst]);

  const saveFailed = resource.messages.saveFailed ?? { title: MESSAGES.errors.saveFailedTitle, text: MESSAGES.errors.saveFailedText };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (savingRef.current || loading) return; // a save in progress blocks a second one
    if (!form.validate()) {
      toast.error(saveFailed.text, saveFailed.title);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      await save(definition, id, form.values);
      toast.success(resource.messages.saved);
      onSaved();
      onClose();
    } catch (error) {
      if (conflict.caught(error)) return;
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      // A refusal (403) says why; a wrong form says to check the fields.
      notifyFailure(error, saveFailed.text, { title: saveFailed.title, fixed: !(error instanceof ApiError && error.status === 403) });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

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
          <div ref={bodyRef}>{loading ? <Spinner aria-label={MESSAGES.list.loading} /> : <FormFields fields={spec.fields} form={form} editing={editing} />}</div>
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

/** Sends the form: JSON, or with `multipart` the form-data requests of ResourceFormSpec.multipart. */
export async function save(definition: EditableScreenDefinition, id: number | undefined, values: Record<string, unknown>): Promise<void> {
  const { resource, form } = definition;
  if (!form.multipart) {
    if (id !== undefined) await api.put(`${resource.path}/${id}`, values);
    else await api.post(resource.path, values);
    return;
  }
  const fileFields = form.fields.filter((field) => field.kind === 'file').map((field) => field.name);
  if (id === undefined) await api.post(resource.path, toFormData(values, fileFields));
  else if (hasNewFile(values, fileFields)) await api.post(`${resource.path}/${id}`, toFormData(values, fileFields, { _method: 'PUT' }));
  else await api.put(`${resource.path}/${id}`, withoutFiles(values, fileFields));
}

/**
 * The form's values of a record: the declaration's mapping, or each field's own name (a date range
 * has two); and the record's `version`, sent back with the save (ARCHITECTURE.md §7).
 */
export function recordToValues(definition: EditableScreenDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const values = fieldValues(definition, record);
  return typeof record.version === 'number' ? { ...values, version: record.version } : values;
}

function fieldValues(definition: EditableScreenDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const { form } = definition;
  if (form.toValues) return { ...form.initial, ...form.toValues(record) };
  const values: Record<string, unknown> = { ...form.initial };
  const names = (field: FieldSpec) => (field.kind === 'daterange' ? [field.name, field.toName] : [field.name]);
  for (const field of form.fields) {
    for (const name of names(field)) {
      // Passwords are never sent back, so they start empty.
      values[name] = field.kind === 'password' ? '' : (record[name] ?? form.initial[name] ?? null);
    }
  }
  return values;
}
