import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
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
      // Client errors are answers, not glitches: retry only what may pass on a second try.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// 401/419 anywhere: forget the session and go to /auth (unless already there), spec 01 §8.
setSessionLostHandler(() => {
  useSession.getState().signedOut();
  queryClient.clear();
  if (window.location.pathname !== ROUTES.auth.path) void router.navigate(ROUTES.auth.path, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BlueprintProvider>
  </StrictMode>,
);
