/** Contacts (spec 03 §2.3, §5): the phone (+7 mask), the e-mail and the attendant's phone. */
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { FormFields } from '../../../common/form/fields';
import { phoneMaskField } from '../../../common/form/PhoneField';
import type { ApplicationValues } from '../form';
import type { TabProps } from './tabProps';

export function ContactsTab({ form, update, errors }: TabProps) {
  return (
    <div className="editor-grid">
      <FormFields
        fields={[
          phoneMaskField<ApplicationValues>('phone', 'Телефон'),
          { kind: 'email', name: 'email', label: 'E-mail', hint: `Не более ${APPLICATION_LIMITS.email} символов` },
          phoneMaskField<ApplicationValues>('attendant_phone', 'Телефон сопровождающего'),
        ]}
        form={{ values: form, setValue: update, errors }}
        editing
      />
    </div>
  );
}
