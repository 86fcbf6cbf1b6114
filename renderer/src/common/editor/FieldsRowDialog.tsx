/**
 * A row dialog of plain fields (a sea tour's hotel group or transport pair): one panel, no tabs; Save
 * checks the row with `validate` (its shared schema) before putting it back (RowDialog, checkRow).
 */
import type { FieldErrors } from '@shared/validation';
import { FormFields, type FieldName, type FieldSpec } from '../form/fields';
import { RowDialog, checkRow, useRowDraft } from './RowDialog';

interface Props<Row> {
  id: string;
  title: string;
  draft: Row;
  setDraft(update: (current: Row) => Row): void;
  /** The row's errors from the last save of the record. */
  errors: FieldErrors;
  validate(row: Row): FieldErrors;
  /** Fields in a two-column grid; `wide` ones take the whole line. */
  fields: FieldSpec<Row>[];
  wide?: readonly FieldName<Row>[];
  onSave(row: Row): void;
  onClose(): void;
}

export function FieldsRowDialog<Row>({ id, title, draft, setDraft, errors: serverErrors, validate, fields, wide = [], onSave, onClose }: Props<Row>) {
  const row = useRowDraft(setDraft, serverErrors);
  const form = { values: draft, setValue: row.setValue, errors: row.errors };
  const save = () => {
    if (checkRow(validate(draft), row.setErrors)) onSave(draft);
  };
  const panel = (
    <div className="editor-grid">
      {fields.map((field) =>
        wide.includes(field.name) ? (
          <div key={field.name} className="editor-wide">
            <FormFields fields={[field]} form={form} editing idPrefix={id} />
          </div>
        ) : (
          <FormFields key={field.name} fields={[field]} form={form} editing idPrefix={id} />
        ),
      )}
    </div>
  );
  return (
    <RowDialog id={id} isOpen title={title} width="50vw" errors={row.errors} onSave={save} onClose={onClose}>
      {panel}
    </RowDialog>
  );
}
