/**
 * The tour's information (spec 03 §2.5 "Info tab"): Основное — short description, the tour's
 * description, the search information; Дополнительно — dates, departure cities, cost, what the cost
 * includes and what is paid extra.
 */
import { FormGroup, Intent } from '@blueprintjs/core';
import { TOUR_LIMITS } from '@shared/tours/constants';
import type { FieldErrors } from '@shared/validation';
import { RichTextEditor } from '../../../common/content-editors';
import { EditorTabs } from '../../../common/editor/EditorTabs';
import { FormFields, type SetField } from '../../../common/form/fields';
import type { TourValues } from '../form';
import { TOUR_ENTITY } from './DaysTab';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
}

type RichField = 'description' | 'info' | 'additional_dates' | 'additional_cities' | 'additional_price' | 'additional_price_includes' | 'additional_extra_price';

const MAIN: [RichField, string][] = [
  ['description', 'Описание тура'],
  ['info', 'Информация в результатах поиска'],
];
const ADDITIONAL: [RichField, string][] = [
  ['additional_dates', 'Даты тура'],
  ['additional_cities', 'Города отправления'],
  ['additional_price', 'Стоимость тура'],
  ['additional_price_includes', 'В стоимость входит'],
  ['additional_extra_price', 'Оплачивается дополнительно'],
];

export function InfoTab({ form, update, errors }: Props) {
  const rich = ([name, label]: [RichField, string]) => {
    const error = errors[name]?.[0];
    return (
      <FormGroup key={name} label={label} labelFor={`field-${name}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <RichTextEditor id={`field-${name}`} aria-label={label} entity={TOUR_ENTITY} value={form[name] ?? ''} onChange={(html) => update(name, html)} field={`tour:${name}`} invalid={Boolean(error)} />
      </FormGroup>
    );
  };
  return (
    <EditorTabs
      id="tour-info"
      errors={errors}
      tabs={[
        {
          id: 'main',
          title: 'Основное',
          owns: ['short_description', 'description', 'info'],
          panel: (
            <>
              <FormFields
                fields={[{ kind: 'textarea', name: 'short_description', label: 'Краткое описание', rows: 3, hint: `Не более ${TOUR_LIMITS.shortDescription} символов` }]}
                form={{ values: form, setValue: update, errors }}
                editing
              />
              {MAIN.map(rich)}
            </>
          ),
        },
        { id: 'additional', title: 'Дополнительно', owns: ['additional_'], panel: <>{ADDITIONAL.map(rich)}</> },
      ]}
    />
  );
}
