/**
 * A list of handbook rows each with a number beside it — a hotel's services with a sum, meals with a
 * cost, a room's equipment (spec 02 §3 "id and sum"), or infrastructure with a paid flag. Rows are
 * chosen from `options`; the errors are the list's own (`2.sum`).
 */
import { Button, Checkbox, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import type { Option } from '../form/fields';
import { NumberField } from '../form/NumberField';

export interface ListItem {
  id: number;
  sum?: number | string | null;
  pay?: boolean;
}

interface Props {
  label: string;
  options: Option[];
  /** The options offered for adding (e.g. infrastructure of the chosen type); default all of `options`. */
  addable?: Option[];
  value: ListItem[];
  onChange(items: ListItem[]): void;
  errors: FieldErrors;
  /** What stands beside each row: a sum (default) or a paid flag. */
  extra?: 'sum' | 'pay';
  sumLabel?: string;
  disabled?: boolean;
}

export function ItemSumList({ label, options, addable, value, onChange, errors, extra = 'sum', sumLabel = 'Сумма', disabled }: Props) {
  const free = (addable ?? options).filter((option) => !value.some((item) => item.id === option.id));
  const name = (id: number) => options.find((option) => option.id === id)?.name ?? String(id);
  const set = (index: number, change: Partial<ListItem>) => onChange(value.map((item, position) => (position === index ? { ...item, ...change } : item)));
  const listError = errors['']?.[0];
  return (
    <FormGroup label={label} helperText={listError} intent={listError ? Intent.DANGER : Intent.NONE} className="item-sum-list">
      {value.map((item, index) => {
        const error = errors[`${index}.sum`]?.[0] ?? errors[`${index}.id`]?.[0];
        return (
          <div key={item.id}>
            <div className="item-list-row">
              <span>{name(item.id)}</span>
              {extra === 'sum' ? (
                <NumberField aria-label={`${sumLabel}: ${name(item.id)}`} min={0} intent={error ? Intent.DANGER : Intent.NONE} value={item.sum ?? null} onChange={(sum) => set(index, { sum })} disabled={disabled} />
              ) : (
                <Checkbox label="Платно" checked={Boolean(item.pay)} onChange={(event) => set(index, { pay: event.currentTarget.checked })} disabled={disabled} />
              )}
              <Button variant="minimal" icon="cross" aria-label={`${MESSAGES.list.delete}: ${name(item.id)}`} onClick={() => onChange(value.filter((_, position) => position !== index))} disabled={disabled} />
            </div>
            {/* Every invalid field says why ('1200.505': at most 2 decimals), not only turns red. */}
            {error && <div className="bp6-form-helper-text bp6-intent-danger">{error}</div>}
          </div>
        );
      })}
      {free.length > 0 && (
        <HTMLSelect
          aria-label={`${label}: ${MESSAGES.editor.add}`}
          value=""
          disabled={disabled}
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            if (id) onChange([...value, extra === 'sum' ? { id, sum: 0 } : { id, pay: false }]);
          }}
          options={[{ value: '', label: `${MESSAGES.editor.add}…` }, ...free.map((option) => ({ value: String(option.id), label: option.name }))]}
        />
      )}
    </FormGroup>
  );
}
