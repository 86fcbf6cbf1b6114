/** General tab (spec 03 §2.10): name, page address (derived from the name when empty), city — locked once hotels or transports are chosen — and active. */
import { MESSAGES } from '@shared/messages';
import { SEA_TOUR_LIMITS } from '@shared/sea-tours/constants';
import { cityLocked } from '@shared/sea-tours/rules';
import type { SeaTourData } from '@shared/sea-tours/types';
import { slugOf } from '@shared/slug';
import type { FieldErrors } from '@shared/validation';
import { FormFields } from '../../../common/form/fields';
import type { SetField } from '../../../common/form/fields';
import type { SeaTourValues } from '../form';

interface Props {
  form: SeaTourValues;
  update: SetField<SeaTourValues>;
  errors: FieldErrors;
  data: SeaTourData;
}

export function GeneralTab({ form, update, errors, data }: Props) {
  const derivedSlug = slugOf(String(form.name ?? ''), SEA_TOUR_LIMITS.slug);
  const locked = cityLocked(form);
  return (
    <div className="editor-grid">
      <FormFields
        form={{ values: form, setValue: update, errors }}
        editing
        fields={[
          { kind: 'text', name: 'name', label: 'Название', required: true },
          // Left empty, the save derives it from the name (shared/slug.ts): the form shows what it will be.
          { kind: 'text', name: 'slug', label: 'Адрес страницы', placeholder: form.slug ? undefined : derivedSlug, hint: derivedSlug && !form.slug ? `Из названия: ${derivedSlug}` : 'Строчные латинские буквы, цифры и дефис' },
          { kind: 'select', name: 'city_id', label: 'Город', required: true, options: { items: data.cities }, lockedReason: () => locked && MESSAGES.seaTours.cityLocked },
          { kind: 'switch', name: 'is_active', label: MESSAGES.list.active },
        ]}
      />
    </div>
  );
}
