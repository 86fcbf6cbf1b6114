/** The hotel's general tab (spec 02 "General tab"): place, names, category, times, vendor, files, services, meals, flags, infrastructure. */
import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { HOTEL_LIMITS, HotelFileType } from '@shared/hotels/constants';
import { MESSAGES } from '@shared/messages';
import { HOTEL_UPLOADS } from '@shared/hotels/files';
import { HOTEL_PATHS } from '@shared/hotels/paths';
import { slugOf } from '@shared/slug';
import type { FieldErrors } from '@shared/validation';
import { useState } from 'react';
import { ItemSumList } from '../../../common/editor/ItemSumList';
import { UploadList } from '../../../common/editor/UploadList';
import { FormFields, type FieldSpec, type SetField } from '../../../common/form/fields';
import type { HotelValues } from '../form';
import type { HotelData } from '../useHotelData';

interface Props {
  form: HotelValues;
  update: SetField<HotelValues>;
  errors: FieldErrors;
  data: HotelData;
}

export function GeneralTab({ form, update, errors, data }: Props) {
  const [infrastructureType, setInfrastructureType] = useState<number | null>(data.infrastructures_types[0] ? Number(data.infrastructures_types[0].id) : null);
  const fields = (list: FieldSpec<HotelValues>[]) => <FormFields fields={list} form={{ values: form, setValue: update, errors }} editing />;
  const coordinate = (index: number, label: string) => {
    const error = errors[`coords.${index}`]?.[0] ?? (index === 0 ? errors.coords?.[0] : undefined);
    return (
      <FormGroup label={label} labelFor={`field-coords-${index}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id={`field-coords-${index}`}
          maxLength={HOTEL_LIMITS.coordinate}
          intent={error ? Intent.DANGER : Intent.NONE}
          value={form.coords?.[index] ?? ''}
          onValueChange={(text) => update('coords', index === 0 ? [text, form.coords?.[1] ?? ''] : [form.coords?.[0] ?? '', text])}
        />
      </FormGroup>
    );
  };

  const derivedSlug = slugOf(String(form.name ?? ''), HOTEL_LIMITS.slug);

  return (
    <div className="editor-grid">
      {fields([
        { kind: 'select', name: 'city_id', label: 'Город (направление)', required: true, options: { items: data.cities } },
        { kind: 'text', name: 'name', label: 'Название отеля', required: true },
        // Left empty, the save derives it from the name (shared/slug.ts; a suffix -2, -3 … when taken): the form shows what it will be.
        // The placeholder only while the field is empty (a placeholder is seen only then; a filled field carries none).
        { kind: 'text', name: 'slug', label: 'Адрес страницы', placeholder: form.slug ? undefined : derivedSlug, hint: derivedSlug && !form.slug ? `Из названия: ${derivedSlug}` : 'Строчные латинские буквы, цифры и дефис' },
        { kind: 'text', name: 'address', label: 'Адрес' },
      ])}
      <div className="pair-row">
        {coordinate(0, 'Широта')}
        {coordinate(1, 'Долгота')}
      </div>
      {fields([
        { kind: 'select', name: 'category_type', label: 'Категория', options: { items: data.category_types }, clearable: true },
        { kind: 'select', name: 'stars', label: 'Звёздность', options: { items: data.stars }, clearable: true },
        { kind: 'number', name: 'rating', label: 'Рейтинг', min: HOTEL_LIMITS.rating.min, max: HOTEL_LIMITS.rating.max, step: 0.1 },
        { kind: 'text', name: 'arrival_time', label: 'Время заезда', placeholder: 'ЧЧ:ММ' },
        { kind: 'text', name: 'departure_time', label: 'Время выезда', placeholder: 'ЧЧ:ММ' },
        { kind: 'select', name: 'vendor_id', label: 'Поставщик', options: { items: data.vendors }, clearable: true },
        // Spec 02: the promotion is shown when there are promotions to choose from.
        ...(data.promotions.length > 0 ? [{ kind: 'select', name: 'promotion_id', label: 'Акция', options: { items: data.promotions }, clearable: true } satisfies FieldSpec<HotelValues>] : []),
        { kind: 'select', name: 'sea_distance', label: 'Расстояние до моря', options: { items: data.sea_distances }, clearable: true },
        { kind: 'text', name: 'site_url', label: 'Ссылка на сайт' },
        { kind: 'text', name: 'site_description', label: 'Описание ссылки' },
      ])}
      <div className="editor-wide">
        <UploadList
          label="Памятки"
          value={form.memo_files ?? []}
          onChange={(files) => update('memo_files', files)}
          path={HOTEL_PATHS.files}
          fields={{ type: String(HotelFileType.Memo) }}
          policy={HOTEL_UPLOADS[HotelFileType.Memo].policy}
          max={HOTEL_LIMITS.memoFiles}
          maxText={MESSAGES.hotels.memoFilesMax(HOTEL_LIMITS.memoFiles)}
          errors={errorsUnder(errors, 'memo_files')}
        />
      </div>
      <div className="editor-wide pair-row">
        <ItemSumList label="Услуги" sumLabel="Сумма" options={data.services} value={form.services ?? []} onChange={(items) => update('services', items)} errors={errorsUnder(errors, 'services')} />
        <ItemSumList label="Питание" sumLabel="Стоимость" options={data.meals} value={form.meals ?? []} onChange={(items) => update('meals', items)} errors={errorsUnder(errors, 'meals')} />
      </div>
      {fields([
        { kind: 'switch', name: 'is_excursion', label: 'Экскурсионный' },
        { kind: 'switch', name: 'is_search_priority', label: 'Приоритет в результатах поиска' },
        { kind: 'switch', name: 'application_auto_confirm', label: 'Автоподтверждение заявок' },
        { kind: 'select', name: 'auto_confirm_status', label: 'Требуемый статус оплаты', required: true, options: { items: data.auto_confirm_statuses }, visible: (values) => values.application_auto_confirm === true },
      ])}
      <div className="editor-wide">
        <div className="editor-section-title">Инфраструктура</div>
        <FormGroup label="Тип инфраструктуры" labelFor="field-infrastructure-type">
          <HTMLSelect
            id="field-infrastructure-type"
            value={infrastructureType ?? ''}
            onChange={(event) => setInfrastructureType(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            options={[{ value: '', label: 'Выберите тип…' }, ...data.infrastructures_types.map((type) => ({ value: String(type.id), label: type.name }))]}
          />
        </FormGroup>
        <ItemSumList
          label="Объекты инфраструктуры"
          extra="pay"
          options={data.infrastructures}
          addable={data.infrastructures.filter((item) => item.type === infrastructureType)}
          value={form.infrastructures ?? []}
          onChange={(items) => update('infrastructures', items)}
          errors={errorsUnder(errors, 'infrastructures')}
        />
      </div>
    </div>
  );
}
