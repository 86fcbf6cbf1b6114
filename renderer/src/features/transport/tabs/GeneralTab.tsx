/** The bus transport's general tab (spec 02 §3 "Bus transport", §5): vehicle, vendor, name, duration, prices, period, flags. */
import { MESSAGES } from '@shared/messages';
import { AUTO_CONFIRM_STATUSES } from '@shared/commission';
import { TRANSPORT_LIMITS } from '@shared/transport/constants';
import { type TransportData } from '@shared/transport/types';
import type { FieldErrors } from '@shared/validation';
import { FormFields, type SetField } from '../../../common/form/fields';
import type { Values } from '../form';

interface Props {
  form: Values;
  update: SetField<Values>;
  errors: FieldErrors;
  data: TransportData;
}

export function GeneralTab({ form, update, errors, data }: Props) {
  return (
    <div className="editor-grid">
      <FormFields
        fields={[
          { kind: 'text', name: 'name', label: 'Название', required: true, hint: MESSAGES.transport.nameHint },
          { kind: 'select', name: 'transportation_id', label: 'Транспортное средство', required: true, options: { items: data.transportations } },
          { kind: 'select', name: 'vendor_id', label: 'Поставщик', options: { items: data.vendors }, clearable: true },
          { kind: 'number', name: 'duration', label: 'Продолжительность, дней', required: true, min: TRANSPORT_LIMITS.duration.min, max: TRANSPORT_LIMITS.duration.max },
          { kind: 'number', name: 'adult_price', label: 'Цена для взрослого, ₽', min: 0, max: TRANSPORT_LIMITS.price, step: 0.01 },
          { kind: 'number', name: 'child_price', label: 'Цена для ребёнка, ₽', min: 0, max: TRANSPORT_LIMITS.price, step: 0.01 },
          { kind: 'date', name: 'start_date', label: 'Дата начала', required: true },
          { kind: 'date', name: 'finish_date', label: 'Дата окончания', required: true },
          { kind: 'switch', name: 'is_excursion', label: 'Экскурсионный (место бронируется на весь маршрут)' },
          { kind: 'switch', name: 'application_auto_confirm', label: 'Автоподтверждение заявок' },
          {
            kind: 'select',
            name: 'auto_confirm_status',
            label: 'Требуемый статус оплаты',
            required: true,
            options: { items: [...AUTO_CONFIRM_STATUSES] },
            visible: (values) => values.application_auto_confirm === true,
          },
        ]}
        form={{ values: form, setValue: update, errors }}
        editing
      />
    </div>
  );
}
