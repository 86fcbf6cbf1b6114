/**
 * The tour's general tab (spec 03 §2.5 "General tab", §4): name, slug, category, duration, type;
 * type 1 travels by transport (there required, back optional and never the one there), any other
 * type needs a city, and a new type clears the city and both transports; trade offers, active,
 * auto-confirm with its required status.
 */
import { FormGroup, Intent } from '@blueprintjs/core';
import { AUTO_CONFIRM_STATUSES } from '@shared/commission';
import { slugOf } from '@shared/slug';
import { TOUR_LIMITS, TOUR_TYPE_WITH_TRANSPORT } from '@shared/tours/constants';
import { TOUR_PATHS } from '@shared/tours/paths';
import type { TourData } from '@shared/tours/types';
import type { FieldErrors } from '@shared/validation';
import { FormFields, type SetField } from '../../../common/form/fields';
import { PickerField } from '../../../common/form/PickerField';
import type { TourValues } from '../form';
import { pickerList } from './pickers';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  data: TourData;
  patch(values: Partial<TourValues>): void;
}

export function GeneralTab({ form, update, errors, data, patch }: Props) {
  const byTransport = Number(form.tour_type_id) === TOUR_TYPE_WITH_TRANSPORT;
  const derivedSlug = slugOf(String(form.name ?? ''), TOUR_LIMITS.slug);
  const setValue: SetField<TourValues> = (name, value) => {
    if (name === 'tour_type_id') patch({ tour_type_id: typeof value === 'number' ? value : null, city_id: null, transport_forth_id: null, transport_back_id: null, transport_forth: null, transport_back: null });
    else update(name, value);
  };
  const fieldsForm = { values: form, setValue, errors };
  const transport = (key: 'transport_forth' | 'transport_back', label: string, required: boolean) => {
    const error = errors[`${key}_id`]?.[0];
    return (
      <FormGroup label={label} labelFor={`field-${key}_id`} labelInfo={required ? '*' : undefined} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <PickerField
          id={`field-${key}_id`}
          testId={`picker-${key}_id`}
          path={pickerList(TOUR_PATHS.transportsPicker)}
          value={form[`${key}_id`]}
          selected={form[key] ?? null}
          clearable
          intent={error ? Intent.DANGER : Intent.NONE}
          exclude={key === 'transport_back' && form.transport_forth_id !== null ? [form.transport_forth_id] : undefined}
          onChange={(id) => {
            if (key === 'transport_forth' && id !== null && id === form.transport_back_id) patch({ transport_forth_id: id, transport_back_id: null, transport_back: null });
            else update(`${key}_id`, id);
          }}
        />
      </FormGroup>
    );
  };

  return (
    <div className="editor-grid">
      <FormFields
        fields={[
          { kind: 'text', name: 'name', label: 'Название', required: true, hint: `Не более ${TOUR_LIMITS.name} символов` },
          // Left empty, the save derives it from the name: the form shows what it will be.
          { kind: 'text', name: 'slug', label: 'Адрес страницы', placeholder: form.slug ? undefined : derivedSlug, hint: derivedSlug && !form.slug ? `Из названия: ${derivedSlug}` : 'Строчные латинские буквы, цифры и дефис' },
          { kind: 'select', name: 'category_id', label: 'Категория', options: { items: data.categories }, clearable: true },
          { kind: 'number', name: 'duration', label: 'Продолжительность, дней', required: true, min: TOUR_LIMITS.duration.min, max: TOUR_LIMITS.duration.max },
          { kind: 'select', name: 'tour_type_id', label: 'Тип тура', required: true, options: { items: data.types } },
          { kind: 'select', name: 'city_id', label: 'Город тура', required: true, options: { items: data.cities }, clearable: true, visible: () => !byTransport },
        ]}
        form={fieldsForm}
        editing
      />
      {byTransport && transport('transport_forth', 'Транспорт туда', true)}
      {byTransport && transport('transport_back', 'Транспорт обратно', false)}
      <div className="editor-wide">
        <FormFields
          fields={[{ kind: 'multiselect', name: 'trade_offers', label: 'Торговые предложения', options: { items: data.trade_offers.map(({ id, name }) => ({ id, name })) } }]}
          form={fieldsForm}
          editing
        />
      </div>
      <FormFields
        fields={[
          { kind: 'switch', name: 'is_active', label: 'Активен' },
          { kind: 'switch', name: 'application_auto_confirm', label: 'Автоподтверждение заявок' },
          {
            kind: 'select',
            name: 'auto_confirm_status',
            label: 'Требуемый статус оплаты',
            required: true,
            options: { items: data.auto_confirm_statuses.length > 0 ? data.auto_confirm_statuses : [...AUTO_CONFIRM_STATUSES] },
            visible: (values) => values.application_auto_confirm === true,
          },
        ]}
        form={fieldsForm}
        editing
      />
    </div>
  );
}
