/**
 * A price period of a tour service (spec 03 §3 "Service date period", §5): from and to, the vendor's
 * price (group class only), the adult price, the adult and child commission pairs and the child age
 * brackets. Saving checks the period with the shared schema and against the service's other periods;
 * an incomplete one gets 'Заполните все необходимые поля'.
 */
import { COMMISSION_TYPES, commissionMax } from '@shared/commission';
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { withOverlap } from '@shared/periods';
import { PERIOD_COMMISSIONS, TOUR_SERVICE_COMMISSION, TOUR_SERVICE_LIMITS as L } from '@shared/tour-services/constants';
import { periodErrors } from '@shared/tour-services/schema';
import type { FieldErrors } from '@shared/validation';
import { RowDialog, checkRow, useRowDraft } from '../../common/editor/RowDialog';
import { dropErrors } from '../../common/editor/useAggregateEditor';
import type { RowDialogMode } from '../../common/editor/useCollectionEditor';
import { FormFields, type FieldSpec, type SetField } from '../../common/form/fields';
import { ChildPricesTable } from './ChildPricesTable';
import type { ChildPriceValues, PeriodValues } from './form';

interface Props {
  mode: RowDialogMode;
  draft: PeriodValues;
  setDraft(draft: PeriodValues | ((current: PeriodValues) => PeriodValues)): void;
  /** The service's other periods (a period may not share a day with them). */
  others: PeriodValues[];
  /** The vendor's price is the group class's only. */
  group: boolean;
  /** The period's errors from the last save of the service. */
  errors: FieldErrors;
  onSave(period: PeriodValues): void;
  onClose(): void;
}

export function PeriodDialog({ mode, draft, setDraft, others, group, errors: serverErrors, onSave, onClose }: Props) {
  const row = useRowDraft(setDraft, serverErrors, mode);
  const { errors, setErrors } = row;
  // The period's bounds answer the error its other end carries (order, overlap).
  const setValue: SetField<PeriodValues> = (name, value) => row.setValue(name, value, ...(name === 'to' ? ['from'] : name === 'from' ? ['to'] : []));
  const save = () => {
    const period = group ? draft : { ...draft, vendor_price: null };
    if (checkRow(withOverlap(periodErrors(period), others, period), setErrors, MESSAGES.tours.fillRequired)) onSave(period);
  };
  const setBrackets = (rows: ChildPriceValues[]) => {
    setDraft((current) => ({ ...current, child_prices: rows }));
    setErrors((current) => dropErrors(current, 'child_prices'));
  };
  const commissionFields = PERIOD_COMMISSIONS.flatMap(({ category, title }): FieldSpec<PeriodValues>[] => [
    { kind: 'select', name: `commission_${category}_type`, label: `${title}: тип`, required: true, options: { items: [...COMMISSION_TYPES] } },
    { kind: 'number', name: `commission_${category}_sum`, label: title, min: 0, max: commissionMax(TOUR_SERVICE_COMMISSION, Number(draft[`commission_${category}_type`]) || 1) },
  ]);
  const form = { values: draft, setValue, errors };
  return (
    <RowDialog
      id="service-period-dialog"
      isOpen
      title={MESSAGES.editor.periodTitles[mode]}
      width="50vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
    >
      <>
        <div className="editor-grid">
          <FormFields
            fields={[
              { kind: 'date', name: 'from', label: 'Дата от', required: true },
              { kind: 'date', name: 'to', label: 'Дата до', required: true },
              { kind: 'number', name: 'vendor_price', label: 'Цена поставщика, ₽', min: 0, max: L.price, visible: () => group },
              { kind: 'number', name: 'adult_price', label: 'Цена(взр), ₽', min: 0, max: L.price, required: true },
              ...commissionFields,
            ]}
            form={form}
            editing
          />
        </div>
        <div className="editor-section-title">Детские цены</div>
        <ChildPricesTable rows={draft.child_prices} onChange={setBrackets} errors={errorsUnder(errors, 'child_prices')} />
      </>
    </RowDialog>
  );
}
