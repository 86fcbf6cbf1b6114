/**
 * Markups (spec 02 "Commission tab", §4 "Hotel commission"): a general percent, the differentiation
 * switch and per-category type and sum pairs. With differentiation off the pairs are reset on save
 * (the shared schema does it), so they are shown only while it is on. Serves the hotel and its price periods.
 */
import { FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';
import { COMMISSION_CATEGORY_NAMES, type CommissionCategory } from '@shared/hotels/constants';
import { COMMISSION_BOUNDS, COMMISSION_TYPES, commissionMax, commissionMin } from '@shared/commission';
import { HOTEL_LIMITS } from '@shared/hotels/constants';
import type { FieldErrors } from '@shared/validation';
import { NumberField } from '../../../common/form/NumberField';
import { LockableGroup } from '../../../common/form/locks';
import { MESSAGES } from '@shared/messages';

/** The commission fields of a form with these categories (named by category: `commission_adult_sum`). */
type CommissionField<Category extends CommissionCategory> = 'commission_general_sum' | 'is_differentiate' | `commission_${Category}_${'type' | 'sum'}`;

interface Props<Category extends CommissionCategory> {
  categories: readonly Category[];
  /** The hotel's or the period's form. */
  values: { [Name in CommissionField<Category>]?: unknown };
  /** The form's SetField: a sum as typed, a type's id, the switch. */
  setValue(name: CommissionField<Category>, value: number | string | boolean | null): void;
  errors: FieldErrors;
}

export function CommissionFields<Category extends CommissionCategory>({ categories, values, setValue, errors }: Props<Category>) {
  const general = errors.commission_general_sum?.[0];
  return (
    <div className="editor-grid">
      <LockableGroup label="Общая наценка, %" labelFor="field-commission_general_sum" helperText={general} intent={general ? Intent.DANGER : Intent.NONE} lockedReason={values.is_differentiate === true ? MESSAGES.hotels.commissionDifferentiated : null}>
        <NumberField
          id="field-commission_general_sum"
          min={-HOTEL_LIMITS.percent}
          max={HOTEL_LIMITS.percent}
          disabled={values.is_differentiate === true}
          intent={general ? Intent.DANGER : Intent.NONE}
          value={values.commission_general_sum}
          onChange={(number) => setValue('commission_general_sum', number)}
        />
      </LockableGroup>
      <FormGroup>
        <Switch label="Дифференцировать наценку" role="switch" checked={values.is_differentiate === true} onChange={(event) => setValue('is_differentiate', event.currentTarget.checked)} />
      </FormGroup>
      {values.is_differentiate === true &&
        categories.map((category) => {
          const typeKey = `commission_${category}_type` as const;
          const sumKey = `commission_${category}_sum` as const;
          const error = errors[sumKey]?.[0] ?? errors[typeKey]?.[0];
          return (
            <FormGroup key={category} label={COMMISSION_CATEGORY_NAMES[category]} labelFor={`field-${sumKey}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
              <div className="pair-row">
                <HTMLSelect
                  aria-label={`${COMMISSION_CATEGORY_NAMES[category]}: тип`}
                  value={String(values[typeKey] ?? 1)}
                  onChange={(event) => setValue(typeKey, Number(event.currentTarget.value))}
                  options={COMMISSION_TYPES.map((type) => ({ value: String(type.id), label: type.name }))}
                />
                <NumberField
                  id={`field-${sumKey}`}
                  min={commissionMin(COMMISSION_BOUNDS.hotel, Number(values[typeKey] ?? 1))}
                  max={commissionMax(COMMISSION_BOUNDS.hotel, Number(values[typeKey] ?? 1))}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  value={values[sumKey]}
                  onChange={(number) => setValue(sumKey, number)}
                />
              </div>
            </FormGroup>
          );
        })}
    </div>
  );
}
