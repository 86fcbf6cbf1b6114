/** The calculator's days (spec 03 §2.11): a dialog with data, prices, meals, services and additional services. */
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { CALCULATOR_LIMITS as L } from '@shared/tour-calculators/constants';
import { calculatorDayErrors } from '@shared/tour-calculators/schema';
import type { CalculatorData } from '@shared/tour-calculators/types';
import { CollectionTable, moneyColumn } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type FieldSpec } from '../../../common/form/fields';
import { blankDay, type CalculatorTabProps, type DayValues } from '../form';
import { InlineRows } from '../../../common/editor/InlineRows';
import { pricedRows } from '../rows';

const C = MESSAGES.tourCalculators;

export function DaysTab({ form, update, errors, setErrors, data }: CalculatorTabProps) {
  const { editor } = useFormCollection('days', { items: form.days, update, errors, setErrors, blank: blankDay, copy: ({ id: _id, ...day }) => day });
  const dialog = rowDialogProps(editor);
  const full = form.days.length >= Math.min(Number(form.duration) || 0, L.days);
  return (
    <>
      <CollectionTable<DayValues>
        label="Дни"
        name="calculator-days"
        {...editor.table({ copy: !full, add: !full })}
        pageSize={L.rowsPerPage}
        addText="Добавить день"
        columns={[
          { title: 'День', render: (_, index) => String(index + 1), width: 60 },
          { title: 'Название', render: (day) => day.name },
          moneyColumn('Гид', (day) => day.tour_guide_price),
          moneyColumn('Автобус', (day) => day.auto_price),
          { title: 'Питание', render: (day) => day.meals.map((meal) => meal.name).join(', ') },
          { title: 'Услуги', render: (day) => day.services.map((service) => service.name).join(', ') },
        ]}
      />
      {dialog && <DayDialog {...dialog} data={data} />}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: C.dayCreate, edit: C.dayEdit, copy: C.dayCreate };

const DATA_FIELDS: FieldSpec<DayValues>[] = [
  { kind: 'text', name: 'name', label: 'Название', required: true, hint: `Не более ${L.name} символов` },
  { kind: 'textarea', name: 'description', label: 'Описание', rows: 6 },
];
const PRICE_FIELDS: FieldSpec<DayValues>[] = [
  { kind: 'number', money: true, name: 'tour_guide_price', label: 'Стоимость гида', min: 0, max: L.dayPrice },
  { kind: 'number', money: true, name: 'auto_price', label: 'Стоимость автобуса', min: 0, max: L.dayPrice },
];

function DayDialog({ mode, draft, setDraft, serverErrors, data, onSave, onClose }: RowDialogProps<DayValues> & { data: CalculatorData }) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  const kinds = pricedRows(data);
  const plain = (fields: FieldSpec<DayValues>[]) => <FormFields fields={fields} form={{ values: draft, setValue, errors }} editing idPrefix="day" />;
  return (
    <RowDialog
      id="calculator-day-dialog"
      isOpen
      title={TITLES[mode]}
      width="50vw"
      errors={errors}
      onSave={() => {
        if (checkRow(calculatorDayErrors(draft), setErrors, MESSAGES.tours.fillRequired)) onSave(draft);
      }}
      onClose={onClose}
      tabs={[
        { id: 'data', title: 'Данные', owns: ['name', 'description'], panel: plain(DATA_FIELDS) },
        { id: 'prices', title: 'Цены', owns: ['tour_guide_price', 'auto_price'], panel: plain(PRICE_FIELDS) },
        // A day's priced lists (the same rows as the tour's own, rows.ts).
        { id: 'meals', title: 'Питание', owns: ['meals'], panel: <InlineRows {...kinds.meals} label="Питание" testId="day-meals" rows={draft.meals} onChange={(rows) => setValue('meals', rows, 'meals')} errors={errorsUnder(errors, 'meals')} max={L.mealsPerDay} /> },
        { id: 'services', title: 'Услуги', owns: ['services'], panel: <InlineRows {...kinds.services} label="Услуги" testId="day-services" rows={draft.services} onChange={(rows) => setValue('services', rows, 'services')} errors={errorsUnder(errors, 'services')} max={L.servicesPerDay} /> },
        { id: 'additional', title: 'Дополнительные услуги', owns: ['additional_services'], panel: <InlineRows {...kinds.additional_services} label="Дополнительные услуги" testId="day-additional" rows={draft.additional_services} onChange={(rows) => setValue('additional_services', rows, 'additional_services')} errors={errorsUnder(errors, 'additional_services')} max={L.servicesPerDay} /> },
      ]}
    />
  );
}
