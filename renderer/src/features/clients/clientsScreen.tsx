import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { NEW_ITEMS_PATH } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import {
  CLIENT_FIELD_MAX,
  CLIENTS_EXPORT_FILE,
  CLIENTS_EXPORT_PATH,
  clientsResource,
  formatPhone,
  type ClientRow,
} from '@shared/resources/clients';
import { ACCESS } from '@shared/roles';
import { routePath } from '@shared/routes';
import { exportFile } from '../../common/exportFile';
import type { FieldRenderProps } from '../../common/form/fields';
import { applyPhoneMask, phoneMaskField } from '../../common/form/PhoneField';
import { NameWithNewMark } from '../../common/NewMark';
import { cabinetAccessField } from '../../common/CabinetAccessButton';
import { defineResourceScreen } from '../../common/resource/definition';

/** A cabinet password a person can read out: 10 characters without look-alikes (0/O, 1/l/I). */
function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The cabinet password: shown as typed (it is sent to the client), with a generator; empty on edit keeps the stored one. */
function PasswordField({ values, setValue, errors, editing, disabled }: FieldRenderProps) {
  const error = errors.password?.[0];
  const hint = editing
    ? values.has_password
      ? 'Пароль задан. Оставьте пустым, чтобы не менять пароль'
      : 'Пароль не задан'
    : 'Пароль личного кабинета клиента';
  return (
    <FormGroup label="Пароль" labelFor="field-password" helperText={error ?? hint} intent={error ? Intent.DANGER : Intent.NONE}>
      <InputGroup
        id="field-password"
        name="password"
        autoComplete="off"
        maxLength={CLIENT_FIELD_MAX + 10}
        intent={error ? Intent.DANGER : Intent.NONE}
        disabled={disabled}
        value={(values.password as string | null) ?? ''}
        onValueChange={(text) => setValue('password', text)}
        rightElement={<Button variant="minimal" icon="refresh" text="Сгенерировать" disabled={disabled} onClick={() => setValue('password', generatePassword())} />}
      />
    </FormGroup>
  );
}

/** /clients (spec 01 §2.6): every role; the export for administrator and manager. */
export const clientsScreen = defineResourceScreen<ClientRow>({
  resource: clientsResource,
  title: 'Клиенты',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    {
      key: 'full_name',
      title: 'ФИО',
      text: (row) => row.full_name,
      render: (row) => <NameWithNewMark name={row.full_name} isNew={row.is_new} />,
    },
    { key: 'phone', title: 'Телефон', width: 180, render: (row) => formatPhone(row.phone) },
    { key: 'email', title: 'Email', render: (row) => row.email ?? '' },
  ],
  switches: [{ segment: 'active', title: MESSAGES.list.active }],
  rowActions: [
    {
      title: MESSAGES.clients.applications,
      icon: 'document',
      to: (row) => routePath('applications', {}, { client_id: row.id }),
    },
  ],
  toolbar: [
    {
      text: MESSAGES.clients.export,
      icon: 'export',
      visible: (user) => (ACCESS.administratorAndManager as readonly number[]).includes(user.role),
      run: () => exportFile(CLIENTS_EXPORT_PATH, CLIENTS_EXPORT_FILE),
    },
  ],
  invalidates: [NEW_ITEMS_PATH],
  form: {
    titles: { create: 'Добавление клиента', edit: 'Редактирование клиента' },
    width: '50vw',
    fields: [
      { kind: 'text', name: 'surname', label: 'Фамилия', required: true },
      { kind: 'text', name: 'name', label: 'Имя', required: true },
      { kind: 'text', name: 'patronymic', label: 'Отчество' },
      phoneMaskField('phone', 'Телефон', { required: true }),
      { kind: 'email', name: 'email', label: 'Email' },
      { kind: 'custom', name: 'password', label: 'Пароль', render: (props) => <PasswordField {...props} /> },
      { kind: 'switch', name: 'is_active', label: MESSAGES.list.active },
      cabinetAccessField('clients', { ready: (values) => typeof values.email === 'string' && values.email.trim() !== '' }),
    ],
    initial: { surname: '', name: '', patronymic: '', phone: '', email: '', password: '', is_active: true },
    toValues: (record) => ({
      id: record.id,
      surname: record.surname,
      name: record.name,
      patronymic: record.patronymic ?? '',
      phone: applyPhoneMask(String(record.phone ?? '')),
      email: record.email ?? '',
      password: '',
      has_password: record.has_password,
      is_active: record.is_active,
    }),
  },
  confirmDelete: 'Вы действительно желаете удалить клиента?',
});
