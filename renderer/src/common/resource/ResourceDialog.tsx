import { Button, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/http';
import { toast } from '../toaster';
import { FormFields, type FieldSpec } from '../form/fields';
import { hasNewFile, toFormData, withoutFiles } from '../form/formData';
import { useZodForm } from '../form/useZodForm';
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

/** The add/edit dialog over a list: validates with the shared schema, shows server field errors, blocks double saves. */
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
  const { setValues, setErrors } = form;
  /** A colleague saved the record after it was opened (409): reload it or keep editing. */
  const conflict = useFormVersionConflict(form, (data) => recordToValues(definition, data), () => record.refetch());
  const clearConflict = conflict.clear;

  // A record that cannot be read is not edited over (saving the blank form would overwrite it).
  useEffect(() => {
    if (!isOpen || !record.isError || record.isFetching) return;
    const error = record.error;
    if (!(error instanceof ApiError && (error.status >= 500 || error.status === 401 || error.status === 419))) {
      toast.error(resource.messages.loadFailed ?? MESSAGES.errors.generic);
    }
    onClose();
  }, [isOpen, record.isError, record.isFetching, record.error, resource, onClose]);

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    clearConflict();
    if (!editing) setValues(spec.initial);
    else if (record.data) setValues(recordToValues(definition, record.data.data));
  }, [isOpen, editing, record.data, spec, definition, setValues, setErrors, clearConflict]);

  const saveFailed = resource.messages.saveFailed ?? { title: MESSAGES.errors.saveFailedTitle, text: MESSAGES.errors.saveFailedText };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (savingRef.current) return; // a save in progress blocks a second one
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
      if (!(error instanceof ApiError && error.status >= 500)) {
        toast.error(error instanceof ApiError && error.status === 403 ? (error.serverMessage ?? saveFailed.text) : saveFailed.text, saveFailed.title);
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const loading = editing && record.isPending;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={editing ? spec.titles.edit : spec.titles.create} canOutsideClickClose canEscapeKeyClose className="resource-dialog" style={{ width: spec.width ?? '50vw' }}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {loading ? (
            <Spinner />
          ) : (
            <FormFields fields={spec.fields} form={form} editing={editing} />
          )}
        </DialogBody>
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
