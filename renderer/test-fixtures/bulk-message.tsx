/**
 * Browser-test fixture: the bulk message dialog ('Отправка сообщения', issue 19) for the applications
 * `?ids=1,2,3`, against the real API, until the applications list (its row selection) hosts it.
 * tests/e2e/application-chat.spec.ts drives it. Never built into the app.
 */
import { BlueprintProvider, Button } from '@blueprintjs/core';
import type { BulkMessageResult } from '@shared/applications/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BulkMessageDialog } from '../src/features/applications/chat';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '../src/styles.css';

const ids = (new URLSearchParams(location.search).get('ids') ?? '').split(',').filter(Boolean).map(Number);

function Fixture() {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<BulkMessageResult | null>(null);
  return (
    <div style={{ padding: 20 }}>
      <Button text="Отправить сообщение" onClick={() => setOpen(true)} />
      <pre data-testid="sent">{JSON.stringify(sent)}</pre>
      {open && <BulkMessageDialog applicationIds={ids} onClose={() => setOpen(false)} onSent={setSent} />}
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
