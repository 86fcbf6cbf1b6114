/**
 * The child age brackets of a price period (spec 03 §5): age from, age to and price in a row each,
 * typed in place; a new bracket is 0–14 with price 0 (§9). Each cell shows its own message
 * (`child_prices.1.age_from`: 'Невалидные данные' when to does not exceed from).
 */
import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import { blankChildPrice, TOUR_SERVICE_LIMITS as L } from '@shared/tour-services/constants';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { NumberField } from '../../common/form/NumberField';
import type { ChildPriceValues } from './form';

interface Props {
  rows: ChildPriceValues[];
  onChange(rows: ChildPriceValues[]): void;
  /** The period's errors under `child_prices` with that prefix taken off (`1.age_from`). */
  errors: FieldErrors;
}

const COLUMNS = [
  { key: 'age_from', title: 'Возраст от', max: L.age.max },
  { key: 'age_to', title: 'Возраст до', max: L.age.max },
  { key: 'price', title: 'Цена, ₽', max: L.price },
] as const;

export function ChildPricesTable({ rows, onChange, errors }: Props) {
  const set = (index: number, key: keyof ChildPriceValues, value: unknown) => onChange(rows.map((row, position) => (position === index ? { ...row, [key]: value } : row)));
  return (
    <div className="child-prices" role="group" aria-label="Детские цены">
      <div className="collection-toolbar">
        <Button icon="add" intent={Intent.PRIMARY} text="Добавить возраст" onClick={() => onChange([...rows, blankChildPrice()])} />
      </div>
      <HTMLTable compact striped className="resource-table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.key}>{column.title}</th>
            ))}
            <th style={{ width: 48 }} aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr key={index} data-testid={`child-price-${index}`}>
              {COLUMNS.map((column) => {
                const error = errors[`${index}.${column.key}`]?.[0];
                return (
                  <td key={column.key}>
                    <NumberField
                      aria-label={`${column.title} (строка ${index + 1})`}
                      min={0}
                      max={column.max}
                      value={row[column.key]}
                      intent={error ? Intent.DANGER : Intent.NONE}
                      onChange={(value) => set(index, column.key, value)}
                    />
                    {error && <div className="bp6-form-helper-text child-price-error">{error}</div>}
                  </td>
                );
              })}
              <td>
                <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={`${MESSAGES.list.delete} (строка ${index + 1})`} title={MESSAGES.list.delete} onClick={() => onChange(rows.filter((_, position) => position !== index))} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
