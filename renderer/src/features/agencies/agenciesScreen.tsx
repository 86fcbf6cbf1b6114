import { Button, ControlGroup, FormGroup, H5, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { NEW_ITEMS_PATH } from '@shared/api';
import { COMMISSION_BOUNDS, commissionMax as maxOfType, CommissionType, formatCommission } from '@shared/commission';
import { MESSAGES } from '@shared/messages';
import {
  AGENCY_LIMITS,
  AGENCY_STATUS_NAMES,
  AGENCY_TRANSITIONS,
  AgencyStatus,
  agenciesResource,
  agencyPaths,
  COMMISSIONS_LIST_PATH,
  type AgencyRow,
  type AgencyStatusReply,
  type AgencyTransition,
} from '@shared/resources/agencies';
import { ACCESS } from '@shared/roles';
import { routePath } from '@shared/routes';
import { useState } from 'react';
import { api } from '../../api/http';
import { actionFailed } from '../../common/actionFailed';
import { exportFile } from '../../common/exportFile';
import { FormField, type FieldRenderProps, type FieldSpec } from '../../common/form/fields';
import { applyPhoneMask, phoneMaskField } from '../../common/form/PhoneField';
import { NameWithNewMark } from '../../common/NewMark';
import { cabinetAccessField } from '../../common/CabinetAccessButton';
import { defineResourceScreen } from '../../common/resource/definition';
import { toast } from '../../common/toaster';
import { SafeLink } from '../../common/SafeLink';
import { AgencyReportDialog } from './AgencyReportDialog';


async function changeStatus(row: AgencyRow, transition: AgencyTransition) {
  try {
    const reply = await api.put<AgencyStatusReply>(agencyPaths.status(row.id, transition));
    toast.success(reply.message);
  } catch (error) {
    actionFailed(error);
  }
}

const StatusTag = ({ row }: { row: AgencyRow }) => (
  <Tag minimal intent={row.status === AgencyStatus.ContractSigned ? Intent.SUCCESS : row.status === AgencyStatus.Verified ? Intent.PRIMARY : Intent.WARNING}>
    {AGENCY_STATUS_NAMES[row.status]}
  </Tag>
);

// ---------------------------------------------------------------------------------------------
// Dialog parts

/** Fields laid out in two columns under a heading. */
function FieldGroup({ title, fields, ...props }: FieldRenderProps & { title: string; fields: FieldSpec[] }) {
  return (
    <fieldset className="form-section">
      <H5>{title}</H5>
      <div className="form-grid">
        {fields.map((field) => (
          <FormField key={field.name} field={field} {...props} />
        ))}
      </div>
    </fieldset>
  );
}

const group = (name: string, title: string, fields: FieldSpec[]): FieldSpec => ({
  kind: 'custom',
  name,
  label: title,
  render: (props) => <FieldGroup title={title} fields={fields} {...props} />,
});

/** The social-network settings: the group id is typed; the token is generated or deleted by the server. */
function VkSettingsField({ values, setValue, errors, disabled }: FieldRenderProps) {
  const [busy, setBusy] = useState<'generate' | 'delete' | null>(null);
  const id = values.id as number | undefined;
  const settings = (values.vk_settings as { vk_token?: string | null; vk_group_id?: string | null } | null) ?? {};
  const token = settings.vk_token ?? '';
  const groupError = errors['vk_settings.vk_group_id']?.[0] ?? errors.vk_settings?.[0];
  const run = async (kind: 'generate' | 'delete') => {
    setBusy(kind);
    try {
      if (kind === 'generate') {
        const reply = await api.post<{ vk_token: string; version: number }>(agencyPaths.generateToken(id!));
        setValue('vk_settings', { ...settings, vk_token: reply.vk_token });
        // The token is the agency's data: the dialog saves on with the version it raised to.
        setValue('version', reply.version);
        toast.success(MESSAGES.agencies.tokenGenerated);
      } else {
        const reply = await api.delete<{ version: number }>(agencyPaths.token(id!));
        setValue('vk_settings', { ...settings, vk_token: null });
        setValue('version', reply.version);
        toast.success(MESSAGES.agencies.tokenDeleted);
      }
    } catch (error) {
      actionFailed(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="form-section">
      <H5>Социальная сеть</H5>
      <div className="form-grid">
        <FormGroup label="ID группы ВКонтакте" labelFor="field-vk_group_id" helperText={groupError} intent={groupError ? Intent.DANGER : Intent.NONE}>
          <InputGroup
            id="field-vk_group_id"
            maxLength={AGENCY_LIMITS.vk_group_id}
            disabled={disabled}
            intent={groupError ? Intent.DANGER : Intent.NONE}
            value={settings.vk_group_id ?? ''}
            onValueChange={(text) => setValue('vk_settings', { ...settings, vk_group_id: text })}
          />
        </FormGroup>
        <FormGroup className="form-grid-wide" label="Токен" labelFor="field-vk_token" helperText={id ? undefined : 'Доступно после сохранения агентства'}>
          <ControlGroup fill>
            <InputGroup id="field-vk_token" readOnly value={token} placeholder="не сгенерирован" className="monospace" />
            <Button icon="key" text="Сгенерировать токен" disabled={!id || disabled} loading={busy === 'generate'} onClick={() => run('generate')} />
            <Button icon="trash" intent={Intent.DANGER} text="Удалить токен" disabled={!id || !token || disabled} loading={busy === 'delete'} onClick={() => run('delete')} />
          </ControlGroup>
        </FormGroup>
      </div>
    </fieldset>
  );
}

const commissionMax = (values: Record<string, unknown>) => maxOfType(COMMISSION_BOUNDS.agency, Number(values.commission_type) || CommissionType.Fixed);

const INITIAL = {
  legal_name: '',
  brand: '',
  inn: '',
  site: '',
  legal_address: '',
  actual_address: '',
  company_email: '',
  company_phone: '',
  contact_name: '',
  contact_phone: '',
  contact_email: '',
  contract_number: '',
  login: '',
  password: '',
  commission_type: CommissionType.Fixed,
  commission_sum: 0,
  info: '',
  is_active: true,
  has_search_module: false,
  search_module_url: '',
  vk_settings: { vk_token: null, vk_group_id: '' },
};

/** /agencies (spec 01 §2.4): all three roles; export for administrator and manager, the monthly report for administrator and accountant. */
export const agenciesScreen = defineResourceScreen<AgencyRow>({
  resource: agenciesResource,
  title: 'Агентства',
  subtitle: 'Партнёрские турагентства',
  invalidates: [NEW_ITEMS_PATH],
  // Eleven columns and six row actions (the monthly report's among them) on a 1366×768 screen: the long
  // texts are capped (a share of the window, so a wider screen shows more) and shown whole on hover.
  columns: [
    { key: 'id', title: 'ID' },
    {
      key: 'legal_name',
      title: 'Юр. название',
      maxWidth: '9vw',
      text: (row) => row.legal_name,
      render: (row) => <NameWithNewMark name={row.legal_name} isNew={row.is_new} />,
    },
    { key: 'brand', title: 'Бренд', maxWidth: '6vw' },
    { key: 'commission', title: 'Комиссия', render: (row) => formatCommission(row.commission_type, row.commission_sum) },
    { key: 'actual_address', title: 'Факт. адрес', maxWidth: '6.5vw' },
    { key: 'legal_address', title: 'Юр. адрес', maxWidth: '6.5vw' },
    { key: 'contact_phone', title: 'Телефон', render: (row) => (row.contact_phone ? applyPhoneMask(row.contact_phone) : '') },
    { key: 'contact_email', title: 'Email', maxWidth: '6.5vw' },
    {
      key: 'search_module_url',
      title: 'Модуль поиска',
      maxWidth: '6vw',
      text: (row) => (row.has_search_module && row.search_module_url ? row.search_module_url : MESSAGES.agencies.notConnected),
      render: (row) =>
        row.has_search_module && row.search_module_url ? (
          <SafeLink href={row.search_module_url} target="_blank" className="cell-value">
            {row.search_module_url.replace(/^https?:\/\//, '')}
          </SafeLink>
        ) : (
          <span className="cell-value bp6-text-muted">{MESSAGES.agencies.notConnected}</span>
        ),
    },
    { key: 'status', title: 'Статус', text: (row) => AGENCY_STATUS_NAMES[row.status], render: (row) => <StatusTag row={row} /> },
  ],
  switches: [{ segment: 'active', title: MESSAGES.list.active, after: 'contact_email' }],
  filters: [
    { param: 'is_active', label: 'Активность', yes: 'Активные', no: 'Неактивные' },
    { param: 'has_search_module', label: 'Модуль поиска', yes: 'Подключен', no: 'Не подключен' },
  ],
  toolbar: [
    {
      text: 'Экспорт',
      icon: 'export',
      visible: (user) => (ACCESS.administratorAndManager as readonly number[]).includes(user.role),
      run: () => exportFile(agencyPaths.export, 'agencies.xlsx'),
    },
  ],
  rowActions: [
    {
      title: AGENCY_TRANSITIONS.approve.title,
      icon: 'tick-circle',
      intent: Intent.SUCCESS,
      visible: (row) => row.status === AGENCY_TRANSITIONS.approve.from,
      // A status does not go back: asked first, as deleting is.
      confirm: (row) => MESSAGES.agencies.confirmApprove(row.legal_name),
      run: (row) => changeStatus(row, 'approve'),
    },
    {
      title: AGENCY_TRANSITIONS.contract.title,
      icon: 'endorsed',
      intent: Intent.PRIMARY,
      visible: (row) => row.status === AGENCY_TRANSITIONS.contract.from,
      confirm: (row) => MESSAGES.agencies.confirmContract(row.legal_name),
      run: (row) => changeStatus(row, 'contract'),
    },
    { title: 'Заявки агентства', icon: 'th-list', to: (row) => routePath('applications', {}, { agency_id: row.id }) },
    { title: 'Сотрудники', icon: 'people', to: (row) => routePath('agencies-users', { agency_id: row.id }) },
    {
      title: MESSAGES.agencies.report.action,
      icon: 'document',
      // Spec 01 §6: roles 1 and 2; the server refuses the manager too.
      visible: (_row, user) => (ACCESS.administratorAndAccountant as readonly number[]).includes(user.role),
      dialog: (row, close) => <AgencyReportDialog agency={row} onClose={close} />,
    },
  ],
  form: {
    titles: { create: 'Добавление агентства', edit: 'Редактирование агентства' },
    width: '50vw',
    fields: [
      group('company', 'Компания', [
        { kind: 'text', name: 'legal_name', label: 'Юридическое название', required: true },
        { kind: 'text', name: 'brand', label: 'Бренд' },
        { kind: 'text', name: 'inn', label: 'ИНН' },
        { kind: 'text', name: 'site', label: 'Сайт' },
        { kind: 'text', name: 'legal_address', label: 'Юридический адрес' },
        { kind: 'text', name: 'actual_address', label: 'Фактический адрес' },
        { kind: 'email', name: 'company_email', label: 'Email компании' },
        { kind: 'text', name: 'company_phone', label: 'Телефон компании' },
      ]),
      group('contact', 'Контактное лицо', [
        { kind: 'text', name: 'contact_name', label: 'ФИО контактного лица' },
        phoneMaskField('contact_phone', 'Контактный телефон'),
        { kind: 'email', name: 'contact_email', label: 'Контактный email' },
      ]),
      group('contract', 'Договор и комиссия', [
        { kind: 'text', name: 'contract_number', label: 'Номер договора' },
        { kind: 'select', name: 'commission_type', label: 'Тип комиссии', options: { path: COMMISSIONS_LIST_PATH } },
        {
          kind: 'custom',
          name: 'commission_sum',
          label: 'Комиссия',
          render: (props) => (
            <FormField
              field={{ kind: 'number', name: 'commission_sum', label: Number(props.values.commission_type) === CommissionType.Percent ? 'Комиссия, %' : 'Комиссия, ₽', min: 0, max: commissionMax(props.values) }}
              {...props}
            />
          ),
        },
      ]),
      group('cabinet', 'Личный кабинет', [
        { kind: 'text', name: 'login', label: 'Логин', autoComplete: 'off' },
        {
          kind: 'password',
          name: 'password',
          label: 'Пароль',
          autoComplete: 'new-password',
          editHint: 'Оставьте пустым, чтобы не менять пароль',
        },
        cabinetAccessField('agencies', {
          ready: (values) => Boolean(String(values.contact_email ?? '').trim() && String(values.login ?? '').trim()),
          hint: (values) => (values.id ? 'Письмо уходит на контактную почту с сохранёнными логином и паролем' : 'Доступно после сохранения агентства'),
        }),
      ]),
      group('search-module', 'Модуль поиска', [
        { kind: 'switch', name: 'has_search_module', label: 'Модуль поиска подключен' },
        { kind: 'text', name: 'search_module_url', label: 'Ссылка на модуль поиска', placeholder: 'https://', visible: (values) => values.has_search_module === true },
      ]),
      { kind: 'custom', name: 'vk_settings', label: 'Социальная сеть', render: (props) => <VkSettingsField {...props} /> },
      { kind: 'textarea', name: 'info', label: 'Информация', placeholder: MESSAGES.agencies.infoPlaceholder, rows: 4 },
      { kind: 'switch', name: 'is_active', label: MESSAGES.list.active },
    ],
    initial: INITIAL,
    // The id stays in the values for the dialog's own actions (send, token); the schema drops it on save.
    toValues: (record) => ({
      ...INITIAL,
      ...Object.fromEntries(Object.keys(INITIAL).map((key) => [key, record[key] ?? INITIAL[key as keyof typeof INITIAL]])),
      id: record.id,
      password: '',
    }),
  },
  confirmDelete: MESSAGES.agencies.confirmDelete,
});
