/**
 * The create, edit and copy pages of a simple resource whose form wants a page of its own (spec routes
 * such as transportation-create, transportation-edit {id}, transportation-copy {id}; the mode comes
 * from the route): the form's fields with an optional live preview beside them (`form.aside`). Copy
 * reads the record and saves it as a new one (spec 02 §4: "copy and create send a new record").
 * Saving goes back to where the user came from. The list links here with toolbar and row actions `to`.
 */
import { Button, Card, H2, Intent, Spinner } from '@blueprintjs/core';
import type { EditorMode } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { useNavigate } from 'react-router-dom';
import { useEditorMode } from '../editor/useAggregateEditor';
import { useLeaveGuard } from '../editor/useLeaveGuard';
import { FormFields } from '../form/fields';
import { ReadFailure } from '../ReadFailure';
import { VersionConflictDialog } from '../version/VersionConflictDialog';
import { useResourceForm, type ResourceWithForm } from './useResourceForm';
import './formPage.css';

interface Props<Stored> {
  definition: ResourceWithForm<Stored>;
  /** Page titles by mode. */
  titles: Record<EditorMode, string>;
  /** Where Cancel and a save go when there is no page to go back to (the list). */
  listPath: string;
}

export function ResourceFormPage<Stored extends object>({ definition, titles, listPath }: Props<Stored>) {
  const { resource, form: spec } = definition;
  const navigate = useNavigate();
  const { mode, id } = useEditorMode();
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(listPath);
  };
  const { form, record, saving, submit, conflict, loading, dirty } = useResourceForm(definition, { id, mode, onSaved: back });
  const leaveGuard = useLeaveGuard(dirty);

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
      {leaveGuard}
    </Card>
  );
}
