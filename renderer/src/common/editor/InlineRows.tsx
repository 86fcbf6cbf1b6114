/**
 * Short rows edited in place inside a dialog (a day's meals, services and additional services, a
 * hotel's rooms): each row a line of the shared form fields, typed by the row, with its errors
 * (`<index>.<field>`) and a delete button; an add button below. The list's own error (too many
 * rows) shows under it.
 */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { FormFields, type FieldSpec, type SetField } from '../form/fields';

interface Props<Row> {
  /** Accessible name of the list and the prefix of its field ids. */
  label: string;
  testId: string;
  rows: Row[];
  onChange(rows: Row[]): void;
  /** The fields of a row; `row` is the row they belong to (a service's type decides its prices). */
  fields: (row: Row) => FieldSpec<Row>[];
  blank: () => Row;
  /** What else changes with a field (a handbook's meal gives the row its name). */
  change?: (row: Row, key: keyof Row, value: unknown) => Row;
  errors: FieldErrors;
  addText: string;
  max: number;
  disabled?: boolean;
}

export function InlineRows<Row extends object>({ label, testId, rows, onChange, fields, blank, change, errors, addText, max, disabled }: Props<Row>) {
  const set = (index: number): SetField<Row> => (key, value) =>
    onChange(rows.map((row, at) => (at === index ? (change ? change({ ...row, [key]: value }, key, value) : { ...row, [key]: value }) : row)));
  const listError = errors['']?.[0];
  return (
    <section className="calc-rows" aria-label={label} data-testid={testId}>
      {rows.length === 0 && <p className="calc-rows-empty">{MESSAGES.list.empty}</p>}
      {rows.map((row, index) => (
        <div className="calc-row" key={index} data-testid={`${testId}-${index}`}>
          <div className="calc-row-fields">
            <FormFields fields={fields(row)} form={{ values: row, setValue: set(index), errors: errorsUnder(errors, String(index)) }} editing disabled={disabled} idPrefix={`${testId}-${index}`} />
          </div>
          <Button variant="minimal" intent={Intent.DANGER} icon="trash" aria-label={`${MESSAGES.list.delete} ${index + 1}`} disabled={disabled} onClick={() => onChange(rows.filter((_, at) => at !== index))} />
        </div>
      ))}
      {listError && (
        <Callout intent={Intent.DANGER} compact>
          {listError}
        </Callout>
      )}
      {rows.length < max && !disabled && <Button icon="add" text={addText} onClick={() => onChange([...rows, blank()])} />}
    </section>
  );
}

