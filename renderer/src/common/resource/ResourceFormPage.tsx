/**
 * The add, edit and copy pages of a resource whose declaration has `pages` (spec routes such as
 * transportation-create, transportation-edit {id}, transportation-copy {id}): the declaration's form
 * fields on a page, with an optional live preview beside them (`form.aside`). Copy reads the record
 * and saves it as a new one (spec 02 §4: "copy and create send a new record"). Saving goes back to
 * where the user came from.
 */
import { Button, Card, H2, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../../api/http';
import { FormFields } from '../form/fields';
import { useZodForm } from '../form/useZodForm';
import { notifyFailure } from '../failure';
import { ReadFailure } from '../ReadFailure';
import { toast } from '../toaster';
import { useFormVersionConflict } from '../version/useFormVersionConflict';
import { VersionConflictDialog } from '../version/VersionConflictDialog';
import type { EditableScreenDefinition } from './definition';
import { recordToValues, save } from './ResourceDialog';
import './formPage.css';

export type FormPageMode = 'create' | 'edit' | 'copy';

interface Props {
  definition: EditableScreenDefinition;
  mode: FormPageMode;
  /** Page titles by mode. */
  titles: Record<FormPageMode, string>;
  /** Where Cancel and a save go when there is no page to go back to (the list). */
  listPath: string;
}

export function ResourceFormPage({ definition, mode, titles, listPath }: Props) {
  const { resource, form: spec } = definition;
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'create' ? undefined : Number(params.id);
  const record = useQuery({
    queryKey: [resource.path, 'record', id],
    queryFn: ({ signal }) => api.get<{ data: Record<string, unknown> }>(`${resource.path}/${id}`, undefined, signal),
    enabled: id !== undefined && Number.isInteger(id),
    gcTime: 0,
  });
  const form = useZodForm(mode === 'edit' ? resource.updateSchema : resource.createSchema, spec.initial);
  const { setValues, setErrors } = form;
  const [saving, setSaving] = useState(false);
  /** A colleague saved the record after it was opened (409): reload it or keep editing. */
  const conflict = useFormVersionConflict(form, (data) => recordToValues(definition, data), () => record.refetch());
  const savingRef = useRef(false);

  useEffect(() => {
    setErrors({});
    if (mode === 'create') setValues(spec.initial);
    else if (record.data) {
      const values = recordToValues(definition, record.data.data);
      // A copy is a new record: it has no version of its own yet.
      if (mode === 'copy') delete values.version;
      setValues(values);
    }
  }, [mode, record.data, spec, definition, setValues, setErrors]);

  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(listPath);
  };

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
      await save(definition, mode === 'edit' ? id : undefined, form.values);
      toast.success(resource.messages.saved);
      back();
    } catch (error) {
      if (conflict.caught(error)) return;
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      // Offline or a lost session says what happened (the form stays); 403 and 409 the server's reason; any other refusal the save's text.
      notifyFailure(error, saveFailed.text, { title: saveFailed.title, fixed: !(error instanceof ApiError && (error.status === 403 || error.status === 409)) });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  if (record.isError) {
    return (
      <ReadFailure
        title={resource.messages.loadFailed ?? MESSAGES.errors.generic}
        error={record.error}
        onRetry={() => void record.refetch()}
        action={<Button text={MESSAGES.list.cancel} onClick={back} />}
        className="status-page"
      />
    );
  }
  const loading = id !== undefined && record.isPending;
  return (
    <Card className="resource-form-page" elevation={1}>
      <div className="screen-heading">
        <H2>{titles[mode]}</H2>
      </div>
      {loading ? (
        <Spinner />
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={spec.aside ? 'form-page-columns' : undefined}>
            <div className="form-page-fields">
              <FormFields fields={spec.fields} form={form} editing={mode === 'edit'} />
            </div>
            {spec.aside && <div className="form-page-aside">{spec.aside(form.values)}</div>}
          </div>
          <div className="form-page-footer">
            <Button text={MESSAGES.list.cancel} onClick={back} />
            <Button type="submit" intent={Intent.PRIMARY} text={MESSAGES.list.save} loading={saving} />
          </div>
        </form>
      )}
      <VersionConflictDialog {...conflict.dialog} />
    </Card>
  );
}
