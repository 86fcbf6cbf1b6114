/**
 * A price period of a room (spec 02 "Room dates tab", §4 "Price period", §5): dates, the
 * total-price mode switching the price fields, and the period's markups.
 */
import { PERIOD_COMMISSION_CATEGORIES } from '@shared/hotels/constants';
import { periodErrors } from '@shared/hotels/schema';
import { MESSAGES } from '@shared/messages';
import { withOverlap } from '@shared/periods';
import type { FieldErrors } from '@shared/validation';
import { RowDialog, checkRow, useRowDraft } from '../../common/editor/RowDialog';
import type { RowDialogMode } from '../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../common/form/fields';
import { periodCommissionOwns, type PeriodValues } from './form';
import { CommissionFields } from './tabs/CommissionFields';

interface Props {
  isOpen: boolean;
  mode: RowDialogMode;
  draft: PeriodValues;
  setDraft(draft: PeriodValues | ((current: PeriodValues) => PeriodValues)): void;
  /** The other periods of the room (a period may not share a day with them). */
  others: PeriodValues[];
  /** The period's errors from the last save of the hotel. */
  errors: FieldErrors;
  onSave(period: PeriodValues): void;
  onClose(): void;
}

const TITLES: Record<RowDialogMode, string> = { create: MESSAGES.editor.periodTitles.create, edit: MESSAGES.editor.periodTitles.edit, copy: MESSAGES.editor.periodTitles.copy };

export function PeriodDialog({ isOpen, mode, draft, setDraft, others, errors: serverErrors, onSave, onClose }: Props) {
  const row = useRowDraft(setDraft, serverErrors, isOpen);
  const { errors, setErrors } = row;
  // Spec 02 §4: the total-price mode uses the total, otherwise the adult and child prices: the other
  // fields are locked, not cleared (switching back brings the typed prices back; the shared schema
  // saves the locked ones as null). The period's bounds answer the error its `from` carries.
  const setValue: SetField<PeriodValues> = (name, value) => row.setValue(name, value, ...(name === 'to' ? ['from'] : []));
  const total = draft.is_total_price === true;
  const save = () => {
    if (checkRow(withOverlap(periodErrors(draft), others, draft), setErrors, MESSAGES.hotels.fillRequired)) onSave(draft);
  };
  const form = { values: draft, setValue, errors };
  return (
    <RowDialog
      id="period-dialog"
      isOpen={isOpen}
      title={TITLES[mode]}
      width="50vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
      tabs={[
        {
          id: 'general',
          title: 'Основное',
          owns: (path) => !periodCommissionOwns(path),
          panel: (
            <div className="editor-grid">
              <div className="editor-wide">
                <FormFields fields={[{ kind: 'daterange', name: 'from', toName: 'to', label: 'Период (даты включительно)', required: true }]} form={form} editing />
              </div>
              <FormFields
                fields={[
                  { kind: 'switch', name: 'is_total_price', label: 'Общая цена за номер' },
                  { kind: 'number', name: 'total_price', label: 'Общая цена, ₽', min: 0, lockedReason: () => !total && MESSAGES.hotels.totalPriceOff },
                  { kind: 'number', name: 'adult_price', label: 'Цена за взрослого, ₽', min: 0, lockedReason: () => total && MESSAGES.hotels.totalPriceOn },
                  { kind: 'number', name: 'child_price', label: 'Цена за ребёнка, ₽', min: 0, lockedReason: () => total && MESSAGES.hotels.totalPriceOn },
                  { kind: 'number', name: 'child_without_price', label: 'Ребёнок без места, ₽', min: 0, required: true },
                  { kind: 'number', name: 'adv_adult_price', label: 'Взрослый на доп. месте, ₽', min: 0, required: true },
                  { kind: 'number', name: 'adv_child_price', label: 'Ребёнок на доп. месте, ₽', min: 0, required: true },
                ]}
                form={form}
                editing
              />
            </div>
          ),
        },
        { id: 'commission', title: 'Наценки', owns: periodCommissionOwns, panel: <CommissionFields categories={PERIOD_COMMISSION_CATEGORIES} values={draft} setValue={setValue} errors={errors} /> },
      ]}
    />
  );
}
