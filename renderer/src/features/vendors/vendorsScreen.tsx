import { FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import {
  VENDOR_COMMENT_PLACEHOLDER,
  VENDOR_DATA_PATH,
  VENDOR_SESSION_KEY,
  vendorCleanPayloadPath,
  vendorsResource,
  type VendorData,
  type VendorRow,
} from '@shared/resources/vendors';
import { Role } from '@shared/roles';
import { api } from '../../api/http';
import { useSession } from '../../api/session';
import type { FieldRenderProps } from '../../common/form/fields';
import { notifyFailure } from '../../common/failure';
import { useTypedText } from '../../common/form/useTypedText';
import { defineResourceScreen } from '../../common/resource/definition';
import { toast } from '../../common/toaster';

const isExternal = (values: Record<string, unknown>) => values.is_external_service === true;

/** The external service's session id: read-only, and shown to the administrator only (spec 01 §6). */
function SessionIdField({ values }: FieldRenderProps) {
  const user = useSession((state) => state.user);
  if (user?.role !== Role.Administrator) return null;
  const payload = values.payload as Record<string, unknown> | null | undefined;
  const session = payload && typeof payload === 'object' ? payload[VENDOR_SESSION_KEY] : undefined;
  return (
    <FormGroup label="ID сессии внешнего сервиса" labelFor="field-session_id" helperText={`Заполняется интеграцией; сбрасывается действием «${MESSAGES.vendors.clearAction}»`}>
      <InputGroup id="field-session_id" readOnly value={session === undefined || session === null ? '' : String(session)} placeholder="нет сессии" />
    </FormGroup>
  );
}

/** The payload without the session id, as the text edited in the form. */
function payloadText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const { [VENDOR_SESSION_KEY]: _session, ...rest } = value as Record<string, unknown>;
  return Object.keys(rest).length === 0 ? '' : JSON.stringify(rest, null, 2);
}

/**
 * The external-service data as JSON text. Valid text is kept in the form as the object the API
 * takes; text that is not a JSON object stays text, so the shared schema refuses it under the field.
 */
function PayloadField({ values, setValue, errors, disabled }: FieldRenderProps) {
  const value = values.payload;
  const { text, typed } = useTypedText(value, payloadText);

  const change = (next: string) => {
    let parsed: unknown;
    if (next.trim() === '') parsed = {};
    else {
      try {
        parsed = JSON.parse(next);
      } catch {
        parsed = next;
      }
    }
    const current = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    // The session id is not part of the text; keep it as read, the server keeps its own anyway.
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && current[VENDOR_SESSION_KEY] !== undefined) {
      parsed = { ...(parsed as Record<string, unknown>), [VENDOR_SESSION_KEY]: current[VENDOR_SESSION_KEY] };
    }
    typed(next, parsed);
    setValue('payload', parsed);
  };

  const error = errors.payload?.[0];
  return (
    <FormGroup
      label="Данные внешнего сервиса (JSON)"
      labelFor="field-payload"
      helperText={
        error ?? (
          <>
            JSON-объект, например <code translate="no">{'{"login": "api-user"}'}</code>
          </>
        )
      }
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      <TextArea id="field-payload" fill rows={5} className="json-input" translate="no" intent={error ? Intent.DANGER : Intent.NONE} disabled={disabled} value={text} onChange={(event) => change(event.target.value)} />
    </FormGroup>
  );
}

async function clearExternalData(row: VendorRow) {
  try {
    const reply = await api.put<{ message?: string }>(vendorCleanPayloadPath(row.id));
    toast.success(reply.message ?? MESSAGES.vendors.cleared);
  } catch (error) {
    notifyFailure(error, MESSAGES.vendors.clearFailed);
  }
}

/** /vendors (spec 01 §2.12): all three roles; clearing an external service's data is the administrator's. */
export const vendorsScreen = defineResourceScreen<VendorRow>({
  resource: vendorsResource,
  title: 'Поставщики',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
  ],
  rowActions: [
    {
      title: MESSAGES.vendors.clearAction,
      icon: 'eraser',
      intent: Intent.WARNING,
      visible: (row, user) => row.is_external_service && user.role === Role.Administrator,
      confirm: (row) => `Очистить внешние данные поставщика «${row.name}»? Сессия внешнего сервиса будет сброшена.`,
      run: clearExternalData,
    },
  ],
  form: {
    titles: { create: 'Добавление поставщика', edit: 'Редактирование поставщика' },
    width: '50vw',
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'text', name: 'address', label: 'Адрес' },
      { kind: 'email', name: 'email', label: 'Email' },
      { kind: 'text', name: 'contact_name', label: 'Контактное лицо' },
      { kind: 'text', name: 'contact_phone', label: 'Контактный телефон', placeholder: '+7 (___) ___-__-__' },
      { kind: 'text', name: 'inn', label: 'ИНН' },
      { kind: 'text', name: 'ogrn', label: 'ОГРН' },
      { kind: 'text', name: 'contract_form', label: 'Форма договора' },
      {
        kind: 'select',
        name: 'payment_method',
        label: 'Способ оплаты',
        clearable: true,
        options: { path: VENDOR_DATA_PATH, key: 'payment_methods', map: (method: VendorData['payment_methods'][number]) => ({ id: method.type, name: method.title }) },
      },
      { kind: 'textarea', name: 'requisites', label: 'Реквизиты', rows: 3 },
      { kind: 'textarea', name: 'comment', label: 'Комментарий', placeholder: VENDOR_COMMENT_PLACEHOLDER, rows: 3 },
      { kind: 'switch', name: 'is_external_service', label: 'Внешний сервис' },
      { kind: 'custom', name: 'session_id', label: 'ID сессии', visible: isExternal, render: (props) => <SessionIdField {...props} /> },
      { kind: 'custom', name: 'payload', label: 'Данные внешнего сервиса', visible: isExternal, render: (props) => <PayloadField {...props} /> },
    ],
    initial: {
      name: '',
      address: '',
      email: '',
      contact_name: '',
      contact_phone: '',
      inn: '',
      ogrn: '',
      contract_form: '',
      payment_method: null,
      requisites: '',
      comment: '',
      is_external_service: false,
      payload: {},
    },
    // The session id is not a field of its own: it is read from the payload.
    toValues: ({ id: _id, ...record }) => record,
  },
  confirmDelete: 'Вы действительно желаете удалить поставщика?',
});
