/**
 * Browser-test fixture: the pickers of records from tables that grow without bound (client, staff
 * user, agency and that agency's employee), as the application form and filters will use them,
 * against the real API. `?client_id=&client_name=` opens it as an edit form that already holds a
 * client. tests/e2e/picker.spec.ts drives it. Never built into the app.
 */
import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FormFields, type FieldSpec } from '../src/common/form/fields';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '../src/styles.css';

const search = new URLSearchParams(location.search);
const heldClient = search.get('client_id') ? { id: Number(search.get('client_id')), name: search.get('client_name') ?? '' } : null;

function Fixture() {
  const [values, setValues] = useState<Record<string, unknown>>({ client_id: heldClient?.id ?? null, client: heldClient, user_id: null, agency_id: null, agency_user_id: null });
  const fields: FieldSpec[] = [
    { kind: 'picker', name: 'client_id', label: 'Клиент', path: '/clients', clearable: true, selected: (form) => form.client as { id: number; name: string } | null },
    { kind: 'picker', name: 'user_id', label: 'Менеджер', path: '/users' },
    { kind: 'picker', name: 'agency_id', label: 'Агентство', path: '/agencies' },
    {
      kind: 'picker',
      name: 'agency_user_id',
      label: 'Менеджер агентства',
      path: `/agencies/${String(values.agency_id)}/agency-users`,
      visible: (form) => Boolean(form.agency_id),
    },
  ];
  const setValue = (name: string, value: unknown) =>
    setValues((current) => ({ ...current, [name]: value, ...(name === 'agency_id' ? { agency_user_id: null } : {}) }));
  return (
    <div style={{ padding: 20, width: 480 }}>
      <FormFields fields={fields} form={{ values, setValue, errors: {} }} />
      <pre data-testid="value">{JSON.stringify({ client_id: values.client_id, user_id: values.user_id, agency_id: values.agency_id, agency_user_id: values.agency_user_id })}</pre>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <BlueprintProvider>
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Fixture />
    </QueryClientProvider>
  </BlueprintProvider>,
);
