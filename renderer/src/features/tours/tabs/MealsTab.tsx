/**
 * The tour's meals (spec 03 §2.5 "Meals tab", §4 "Meal in tour", §5): name, supplier and tour days;
 * the dialog's tabs Основное and Даты (dated prices that never overlap, each with from, to, price and
 * a markup). Save of a meal is locked without a supplier or a name; a meal is deleted only when
 * `can_delete`.
 */
import { MESSAGES } from '@shared/messages';
import { overlappingPeriods } from '@shared/periods';
import { formatDate } from '@shared/format';
import { TOUR_LIMITS } from '@shared/tours/constants';
import { mealDateErrors, mealErrors } from '@shared/tours/schema';
import type { TourData } from '@shared/tours/types';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable, commissionColumn, moneyColumn } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { blankMeal, blankMealDate, type MealDateValues, type MealValues, type TourValues } from '../form';
import { CommissionPair } from './CommissionTab';

const T = MESSAGES.tours;

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
  data: TourData;
}

const vendorName = (data: TourData, meal: MealValues) => meal.vendor_name ?? data.vendors.find((vendor) => vendor.id === meal.vendor_id)?.name ?? '';

export function MealsTab({ form, update, errors, setErrors, data }: Props) {
  const { editor } = useFormCollection('meals', {
    items: form.meals,
    update,
    errors,
    setErrors,
    blank: blankMeal,
    copy: (meal) => ({ ...blankMeal(), name: meal.name, vendor_id: meal.vendor_id, days: [...meal.days], dates: meal.dates.map(({ id: _id, ...date }) => date) }),
  });
  const dialog = rowDialogProps(editor);
  const duration = Math.max(0, Math.min(Number(form.duration) || 0, TOUR_LIMITS.duration.max));
  return (
    <>
      <CollectionTable<MealValues>
        label="Питание"
        name="meals"
        {...editor.table({ copy: true })}
        pageSize={10}
        addText="Добавить питание"
        canDelete={(meal) => meal.can_delete !== false}
        columns={[
          { title: 'Название', render: (meal) => meal.name ?? '' },
          { title: 'Поставщик', render: (meal) => vendorName(data, meal) },
          { title: 'Дни тура', render: (meal) => meal.days.join(', ') },
        ]}
      />
      {dialog && <MealDialog {...dialog} data={data} duration={duration} />}
    </>
  );
}

const MEAL_TITLES: Record<RowDialogMode, string> = { create: 'Добавление питания', edit: 'Редактирование питания', copy: 'Копирование питания' };

function MealDialog({ mode, draft, setDraft, serverErrors, data, duration, onSave, onClose }: RowDialogProps<MealValues> & { data: TourData; duration: number }) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  const { editor: dates } = useFormCollection('dates', { items: draft.dates, update: setValue, errors, setErrors, blank: blankMealDate, copy: ({ id: _id, ...date }) => date });
  const dateDialog = rowDialogProps(dates);
  const others = draft.dates.filter((_, index) => !(dates.state.open && index === dates.state.index));
  const named = Boolean(draft.name && draft.name.trim()) || draft.vendor_id !== null;
  const days = Array.from({ length: duration }, (_, index) => ({ id: index + 1, name: String(index + 1) }));
  const save = () => {
    const values = { ...draft, name: draft.name?.trim() ? draft.name : null, days: draft.days.filter((day) => day <= duration) };
    if (checkRow(mealErrors(values), setErrors, T.fillRequired)) onSave({ ...values, vendor_name: data.vendors.find((vendor) => vendor.id === values.vendor_id)?.name ?? null });
  };
  return (
    <>
      <RowDialog
        id="meal-dialog"
        isOpen
        title={MEAL_TITLES[mode]}
        width="50vw"
        errors={errors}
        saveDisabled={!named}
        onSave={save}
        onClose={onClose}
        tabs={[
          {
            id: 'general',
            title: 'Основное',
            owns: (path) => !path.startsWith('dates'),
            panel: (
              <FormFields
                fields={[
                  { kind: 'text', name: 'name', label: 'Название', hint: `Не более ${TOUR_LIMITS.mealName} символов` },
                  { kind: 'select', name: 'vendor_id', label: 'Поставщик', options: { items: data.vendors }, clearable: true },
                  { kind: 'multiselect', name: 'days', label: 'Дни тура', hint: duration > 0 ? `От 1 до ${duration}` : 'Укажите продолжительность тура', options: { items: days } },
                ]}
                form={{ values: draft, setValue, errors }}
                editing
                idPrefix="meal"
              />
            ),
          },
          {
            id: 'dates',
            title: 'Даты',
            owns: ['dates'],
            panel: (
              <CollectionTable<MealDateValues>
                label="Даты питания"
                name="meal-dates"
                {...dates.table({ copy: true })}
                pageSize={10}
                addText="Добавить даты"
                columns={[
                  { title: 'Дата от', render: (date) => formatDate(date.from) },
                  { title: 'Дата до', render: (date) => formatDate(date.to) },
                  moneyColumn<MealDateValues>('Цена', (date) => date.price),
                  commissionColumn<MealDateValues>('Наценка', (date) => Number(date.commission_type), (date) => date.commission_sum),
                ]}
              />
            ),
          },
        ]}
      />
      {dateDialog && <MealDateDialog {...dateDialog} others={others} />}
    </>
  );
}

const DATE_TITLES: Record<RowDialogMode, string> = { create: 'Добавление дат', edit: 'Редактирование дат', copy: 'Копирование дат' };

function MealDateDialog({ mode, draft, setDraft, serverErrors, others, onSave, onClose }: RowDialogProps<MealDateValues> & { others: MealDateValues[] }) {
  const row = useRowDraft(setDraft, serverErrors);
  const { errors, setErrors } = row;
  const setValue: SetField<MealDateValues> = (name, value) => row.setValue(name, value, ...(name === 'to' ? ['from'] : []));
  const save = () => {
    const found = mealDateErrors(draft);
    if (!found.from && !found.to && overlappingPeriods([...others, draft]).some(({ index }) => index === others.length)) found.from = [MESSAGES.editor.overlap];
    if (checkRow(found, setErrors, T.fillRequired)) onSave(draft);
  };
  return (
    <RowDialog
      id="meal-date-dialog"
      isOpen
      title={DATE_TITLES[mode]}
      width="50vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
    >
      <div className="editor-grid">
        {/* Two fields, not a range: each of the three required messages stands under its own field (spec 03 §5). */}
        <FormFields
          fields={[
            { kind: 'date', name: 'from', label: 'Дата от', required: true },
            { kind: 'date', name: 'to', label: 'Дата до', required: true },
            { kind: 'number', name: 'price', label: 'Цена, ₽', required: true, min: 0, max: TOUR_LIMITS.mealPrice },
          ]}
          form={{ values: draft, setValue, errors }}
          editing
          idPrefix="meal-date"
        />
        <CommissionPair label="Наценка" prefix="commission" type={draft.commission_type} sum={draft.commission_sum} onChange={(part, value) => setValue(`commission_${part}`, value)} errors={errors} />
      </div>
    </RowDialog>
  );
}
