/**
 * The tour's service lists (spec 03 §2.5): Доп. услуги (`services`) and Услуги (`required_services`),
 * each chosen from the tour services of /data, and the chosen ones with their class and vendor.
 */
import { HTMLTable } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { TourServiceList } from '@shared/tours/constants';
import type { TourData } from '@shared/tours/types';
import type { FieldErrors } from '@shared/validation';
import { FormFields, type SetField } from '../../../common/form/fields';
import type { TourValues } from '../form';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  data: TourData;
  list: TourServiceList;
}

export function ServicesTab({ form, update, errors, data, list }: Props) {
  const chosen = form[list].map((id) => data.services.find((service) => service.id === id)).filter((service) => service !== undefined);
  // The other list's services are not offered here: a service is in one list of the tour (spec 03 §5).
  const other = form[list === 'services' ? 'required_services' : 'services'];
  const options = data.services.filter((service) => !other.includes(service.id)).map((service) => ({ id: service.id, name: `${service.name} (${service.class_name})` }));
  const listErrors = Object.entries(errors).filter(([path]) => path === list || path.startsWith(`${list}.`)).flatMap(([, messages]) => messages);
  return (
    <div>
      <FormFields
        fields={[{ kind: 'multiselect', name: list, label: list === 'services' ? 'Дополнительные услуги' : 'Услуги', options: { items: options } }]}
        form={{ values: form, setValue: update, errors: listErrors.length > 0 ? { [list]: listErrors } : {} }}
        editing
      />
      <HTMLTable compact striped className="resource-table">
        <thead>
          <tr>
            <th>Услуга</th>
            <th>Класс</th>
            <th>Поставщик</th>
          </tr>
        </thead>
        <tbody>
          {chosen.length === 0 && (
            <tr>
              <td colSpan={3} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {chosen.map((service) => (
            <tr key={service.id}>
              <td>{service.name}</td>
              <td>{service.class_name}</td>
              <td>{service.vendor_name ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
