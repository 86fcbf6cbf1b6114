import { FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import {
  VENDOR_COMMENT_PLACEHOLDER,
  VENDOR_CONNECTOR,
  VENDOR_DATA_PATH,
  VENDOR_PASSWORD_SET_KEY,
  VENDOR_SESSION_KEY,
  vendorCleanPayloadPath,
  vendorsResource,
  type VendorData,
  type VendorRow,
} from '@shared/resources/vendors';
import { Role } from '@shared/roles';
import { useState, type ReactNode } from 'react';
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

/** Keys the form shows apart from the JSON text: the session id and the connector's settings (issue 31). */
const OWN_FIELD_KEYS: readonly string[] = [VENDOR_SESSION_KEY, VENDOR_PASSWORD_SET_KEY, ...VENDOR_CONNECTOR.keys];

const payloadOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The payload without the keys that have fields of their own, as the text edited in the form. */
function payloadText(value: unknown): string {
  if (typeof value === 'string') return value;
  const rest = Object.fromEntries(Object.entries(payloadOf(value)).filter(([key]) => !OWN_FIELD_KEYS.includes(key)));
  return Object.keys(rest).length === 0 ? '' : JSON.stringify(rest, null, 2);
}

const C = MESSAGES.vendors.connector;

/**
 * The supplier connector's settings (docs/supplier-protocol-v1.md), kept in the payload: the
 * administrator edits them — the password write-only, a stored one kept when left empty and dropped
 * by the server when the address moves —; the other roles see the protocol and address read-only
 * (the server never answers them the credentials and refuses their changes).
 */
function ConnectorFields({ values, setValue, errors, disabled, editing }: FieldRenderProps) {
  const user = useSession((state) => state.user);
  const [storedUrl] = useState(() => payloadOf(values.payload).base_url);
  const payload = payloadOf(values.payload);
  const isAdministrator = user?.role === Role.Administrator;
  const locked = disabled || !isAdministrator;
  const set = (key: string, next: unknown) => {
    const { [key]: _old, ...rest } = payload;
    setValue('payload', next === '' || next === null ? rest : { ...rest, [key]: next });
  };
  const text = (key: string) => (payload[key] === undefined || payload[key] === null ? '' : String(payload[key]));
  const error = (key: string) => errors[`payload.${key}`]?.[0];
  const group = (key: string, label: string, input: ReactNode, helper?: string) => (
    <FormGroup label={label} labelFor={`field-payload-${key}`} helperText={error(key) ?? helper} intent={error(key) ? Intent.DANGER : Intent.NONE}>
      {input}
    </FormGroup>
  );
  const input = (key: string, props: { type?: string; placeholder?: string; maxLength?: number } = {}) => (
    <InputGroup id={`field-payload-${key}`} disabled={locked} value={text(key)} intent={error(key) ? Intent.DANGER : Intent.NONE} onChange={(event) => set(key, event.target.value)} {...props} />
  );
  const protocol = text('protocol');
  const urlMoved = editing && payload[VENDOR_PASSWORD_SET_KEY] === true && (payload.base_url ?? null) !== (storedUrl ?? null) && !text('password');
  return (
    <fieldset className="vendor-connector">
      <legend>{C.title}</legend>
      {!isAdministrator && <p className="bp6-text-muted">{MESSAGES.imports.connectorAdminOnly}</p>}
      {group(
        'protocol',
        C.protocol,
        <HTMLSelect id="field-payload-protocol" fill disabled={locked} value={protocol} onChange={(event) => set('protocol', event.target.value)}>
          <option value="">{C.noProtocol}</option>
          {VENDOR_CONNECTOR.protocols.map((id) => (
            <option key={id} value={id}>
              {C.protocols[id]}
            </option>
          ))}
        </HTMLSelect>,
      )}
      {(isAdministrator || protocol !== '') && (
        <>
          {group('base_url', C.baseUrl, input('base_url', { placeholder: 'https://', maxLength: VENDOR_CONNECTOR.limits.base_url }))}
          {isAdministrator && group('login', C.login, input('login', { maxLength: VENDOR_CONNECTOR.limits.login }))}
          {isAdministrator &&
            group(
              'password',
              C.password,
              input('password', { type: 'password', maxLength: VENDOR_CONNECTOR.limits.password, placeholder: payload[VENDOR_PASSWORD_SET_KEY] === true ? C.passwordKept : '' }),
              urlMoved ? C.passwordDropped : undefined,
            )}
          {group('timeout_ms', C.timeout, input('timeout_ms', { placeholder: String(VENDOR_CONNECTOR.timeoutMs.default) }))}
        </>
      )}
    </fieldset>
  );
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
    // The keys with fields of their own are not part of the text: keep them as the form holds them.
    const own = Object.entries(payloadOf(value)).filter(([key]) => OWN_FIELD_KEYS.includes(key));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && own.length > 0) parsed = { ...(parsed as Record<string, unknown>), ...Object.fromEntries(own) };
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
      { kind: 'custom', name: 'connector', label: MESSAGES.vendors.connector.title, visible: isExternal, render: (props) => <ConnectorFields {...props} /> },
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
