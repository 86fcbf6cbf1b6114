/** The tour's markups (spec 03 §3 "Excursion tour"): six type-and-sum pairs, then the meal, adult and child prices. */
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { COMMISSION_BOUNDS, COMMISSION_TYPES, commissionMax, commissionMin } from '@shared/commission';
import { TOUR_COMMISSION_CATEGORIES, TOUR_COMMISSION_LABELS, TOUR_LIMITS } from '@shared/tours/constants';
import type { FieldErrors } from '@shared/validation';
import { FormFields, type SetField } from '../../../common/form/fields';
import { NumberField } from '../../../common/form/NumberField';
import type { TourValues } from '../form';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
}

/**
 * One markup: its type (fixed or percent) and its sum within the type's bounds — the fields
 * `<prefix>_type` and `<prefix>_sum`; `onChange` says which of the two changed.
 */
export function CommissionPair({ label, prefix, type: typeValue, sum, onChange, errors }: { label: string; prefix: string; type: unknown; sum: unknown; onChange(part: 'type' | 'sum', value: number | string | null): void; errors: FieldErrors }) {
  const typeKey = `${prefix}_type`;
  const sumKey = `${prefix}_sum`;
  const type = Number(typeValue ?? 1);
  const error = errors[sumKey]?.[0] ?? errors[typeKey]?.[0];
  return (
    <FormGroup label={label} labelFor={`field-${sumKey}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
      <div className="pair-row">
        <HTMLSelect
          aria-label={`${label}: тип`}
          value={String(type)}
          onChange={(event) => onChange('type', Number(event.currentTarget.value))}
          options={COMMISSION_TYPES.map((option) => ({ value: String(option.id), label: option.name }))}
        />
        <NumberField
          id={`field-${sumKey}`}
          min={commissionMin(COMMISSION_BOUNDS.tour, type)}
          max={commissionMax(COMMISSION_BOUNDS.tour, type)}
          intent={error ? Intent.DANGER : Intent.NONE}
          value={sum}
          onChange={(number) => onChange('sum', number)}
        />
      </div>
    </FormGroup>
  );
}

export function CommissionTab({ form, update, errors }: Props) {
  return (
    <div className="editor-grid">
      {TOUR_COMMISSION_CATEGORIES.map((category) => (
        <CommissionPair
          key={category}
          label={`Наценка: ${TOUR_COMMISSION_LABELS[category].toLowerCase()}`}
          prefix={`commission_${category}`}
          type={form[`commission_${category}_type`]}
          sum={form[`commission_${category}_sum`]}
          onChange={(part, value) => update(`commission_${category}_${part}`, value)}
          errors={errors}
        />
      ))}
      <div className="editor-wide editor-section-title">Цены</div>
      <FormFields
        fields={[
          { kind: 'number', name: 'meal_price', label: 'Цена питания, ₽', min: 0, max: TOUR_LIMITS.number },
          { kind: 'number', name: 'adult_price', label: 'Цена для взрослого, ₽', min: 0, max: TOUR_LIMITS.number },
          { kind: 'number', name: 'child_price', label: 'Цена для ребёнка, ₽', min: 0, max: TOUR_LIMITS.number },
        ]}
        form={{ values: form, setValue: update, errors }}
        editing
      />
    </div>
  );
}
