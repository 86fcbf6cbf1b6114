/**
 * The form of one record of a simple resource, wherever it is shown (ResourceDialog over a list,
 * ResourceFormPage on a route of its own): the record read for edit and copy, the values (a copy has
 * no version of its own yet), validation with the shared schema, one save at a time, the server's
 * 422 under the fields, the spec's save-failure toast, and the version conflict of a 409 (its dialog's
 * props are `conflict.dialog`: the caller renders VersionConflictDialog).
 */
import { copyName, copySlug } from '@shared/copy';
import type { EditorMode } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import type { ResourceDefinition } from '@shared/resources/define';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/http';
import type { FieldSpec } from '../form/fields';
import { hasNewFile, toFormData, withoutFiles } from '../form/formData';
import { useZodForm } from '../form/useZodForm';
import { notifyFailure, notifyInvalidForm } from '../failure';
import { toast } from '../toaster';
import { useFormVersionConflict } from '../version/useFormVersionConflict';
import { versionOf } from '../version/VersionConflictDialog';
import type { ResourceFormSpec } from './definition';

/** What a form needs of a resource: where its records live, its schemas and its save texts. */
export type FormResource = Pick<ResourceDefinition, 'path' | 'createSchema' | 'updateSchema'> & { messages: Pick<ResourceDefinition['messages'], 'saved' | 'saveFailed' | 'loadFailed'> };

/** A resource with its form: all a dialog or a form page needs (`Stored`: the record as its GET answers it). */
export interface ResourceWithForm<Stored = Record<string, unknown>> {
  resource: FormResource;
  form: ResourceFormSpec<Stored>;
}

interface Options {
  /** The record to edit or copy; absent for create. */
  id?: number;
  /**
   * A resource of one record living at its path (GET and PUT {path}: the organisation details), edited
   * in place (mode 'edit', no id): after a save the form holds the record the save answers, with its new version.
   */
  single?: boolean;
  mode: EditorMode;
  /** A closed dialog neither reads nor resets its form. */
  active?: boolean;
  /** After a successful save (its toast is shown). */
  onSaved?(): void;
}

export function useResourceForm<Stored extends object>(definition: ResourceWithForm<Stored>, { id, single = false, mode, active = true, onSaved }: Options) {
  const { resource, form: spec } = definition;
  const record = useQuery({
    queryKey: [resource.path, 'record', id],
    queryFn: ({ signal }) => api.get<{ data: Stored }>(single ? resource.path : `${resource.path}/${id}`, undefined, signal),
    enabled: active && (single || (id !== undefined && Number.isInteger(id))),
    gcTime: 0,
  });
  const form = useZodForm(mode === 'edit' ? resource.updateSchema : resource.createSchema, spec.initial);
  const { setValues, setErrors } = form;
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  /** A colleague saved the record after it was opened (409): reload it or keep editing. */
  const conflict = useFormVersionConflict<Stored>(form, (data) => recordToValues(definition, data), () => record.refetch());
  const clearConflict = conflict.clear;

  /** The values as they were shown (blank or read), as JSON: unsaved changes are any difference from them. */
  const shown = useRef<string | null>(null);
  const saved = useRef(false);
  const latest = useRef(form.values);
  latest.current = form.values;
  useEffect(() => {
    if (!active) return;
    setErrors({});
    clearConflict();
    saved.current = false;
    if (mode === 'create') {
      shown.current = JSON.stringify(spec.initial);
      setValues(spec.initial);
    } else if (record.data) {
      const values = recordToValues(definition, record.data.data);
      // A copy is a new record: it has no version of its own yet, and is named '… (копия)' with a slug of its own.
      if (mode === 'copy') {
        delete values.version;
        if (typeof values.name === 'string') values.name = copyName(values.name);
        if (typeof values.slug === 'string') values.slug = copySlug(values.slug);
      }
      shown.current = JSON.stringify(values);
      setValues(values);
    }
  }, [active, mode, record.data, spec, definition, setValues, setErrors, clearConflict]);
  /** Unsaved changes: the values differ from what was shown (read when the user leaves; nothing after a successful save). */
  const dirty = useCallback(() => !saved.current && shown.current !== null && JSON.stringify(latest.current) !== shown.current, []);

  const loading = (single || id !== undefined) && record.isPending;
  const saveFailed = resource.messages.saveFailed ?? { title: MESSAGES.errors.saveFailedTitle, text: MESSAGES.errors.saveFailedText };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (savingRef.current || loading) return; // a save in progress blocks a second one; nothing to save before the record is read
    const invalid = form.check();
    if (invalid) {
      notifyInvalidForm(invalid, saveFailed);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      if (single) {
        // The page stays: the form shows the record as saved (trimmed, with its new version), and a change after it is unsaved again.
        const reply = await api.put<{ data: Stored }>(resource.path, form.values);
        const values = recordToValues(definition, reply.data);
        shown.current = JSON.stringify(values);
        setValues(values);
      } else {
        await save(definition, mode === 'edit' ? id : undefined, form.values);
        saved.current = true;
      }
      toast.saved(resource.messages.saved);
      onSaved?.();
    } catch (error) {
      if (conflict.caught(error)) return;
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.fieldErrors);
        notifyInvalidForm(error.fieldErrors, saveFailed);
      }
      // Offline or a lost session says what happened (the form stays); 403 and 409 the server's reason; any other refusal the save's text.
      else notifyFailure(error, saveFailed.text, { title: saveFailed.title, fixed: !(error instanceof ApiError && (error.status === 403 || error.status === 409)), saveFailure: true });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return { form, record, saving, submit, conflict, loading, dirty };
}

/** Sends the form: JSON, or with `multipart` the form-data requests of ResourceFormSpec.multipart. */
export async function save<Stored>(definition: ResourceWithForm<Stored>, id: number | undefined, values: Record<string, unknown>): Promise<void> {
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
export function recordToValues<Stored extends object>(definition: ResourceWithForm<Stored>, record: Stored): Record<string, unknown> {
  const { form } = definition;
  const values = form.toValues ? { ...form.initial, ...form.toValues(record) } : fieldValues(form, Object.fromEntries(Object.entries(record)));
  const version = versionOf(record);
  return version === undefined ? values : { ...values, version };
}

function fieldValues(form: Pick<ResourceFormSpec, 'fields' | 'initial'>, record: Record<string, unknown>): Record<string, unknown> {
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
