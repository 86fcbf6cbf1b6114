import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setReconnectedHandler } from './api/connection';
import { ApiError, setSessionLostHandler } from './api/http';
import { useSession } from './api/session';
import { router } from './app/router';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import './styles.css';

// Who is signed in: asked at once, while the first page's code is still arriving (issue 9).
// A failure is retried by the page that needs the answer (RequireSession, AuthPage).
useSession.getState().load().catch(() => undefined);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors are answers, not glitches, and no answer is the banner's business (it refetches
      // when the server is back): retry only what may pass on a second try.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && (error.status < 500 || error.offline)),
      refetchOnWindowFocus: false,
      // Ask even when the browser believes it is offline: the desktop app's server is on this
      // computer, and a failed request shows its reason instead of a list spinning forever.
      networkMode: 'always',
    },
    mutations: { networkMode: 'always' },
  },
});

// 401/419: a page in use keeps its state under the sign-in dialog; a page opened without a
// session goes to /auth (spec 01 §8) and comes back after sign-in (app/router.tsx).
setSessionLostHandler(() => useSession.getState().lost());
// The server answers again: read again everything on screen (lists in their error state too).
setReconnectedHandler(() => void queryClient.invalidateQueries());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BlueprintProvider>
  </StrictMode>,
);
