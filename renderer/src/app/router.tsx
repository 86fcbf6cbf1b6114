import { Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { routeAllows, ROUTES, type RouteName } from '@shared/routes';
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useSession } from '../api/session';
import { AuthPage, signInPath } from '../auth/AuthPage';
import { ResourceScreen } from '../common/resource/ResourceScreen';
import { SCREENS } from '../features/screens';
import { landingPath } from './landing';
import { AppLayout } from './layout/AppLayout';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { Forbidden, NotFound, UnderConstruction } from './StatusPages';

/**
 * A page opened without a session goes to /auth (spec 01 §8) and comes back to it after sign-in; a
 * session that ends while the page is in use keeps the page under the sign-in dialog.
 */
function RequireSession() {
  const status = useSession((state) => state.status);
  const left = useSession((state) => state.left);
  const load = useSession((state) => state.load);
  const location = useLocation();
  useEffect(() => {
    if (status === 'unknown') void load();
  }, [status, load]);
  if (status === 'unknown') return <Spinner className="page-spinner" aria-label={MESSAGES.list.loading} />;
  if (status === 'signed-out') return <Navigate to={signInPath(left ? undefined : location.pathname + location.search)} replace />;
  return (
    <>
      <AppLayout />
      <SessionExpiredDialog />
    </>
  );
}

function RouteScreen({ name }: { name: RouteName }) {
  const user = useSession((state) => state.user);
  if (!user) return null;
  if (!routeAllows(name, user.role)) return <Forbidden />;
  const screen = SCREENS[name];
  if (!screen) return <UnderConstruction title={ROUTES[name].title} />;
  if ('resource' in screen) return <ResourceScreen key={name} definition={screen.resource} />;
  const Component = screen.component;
  return <Component />;
}

const appRoutes: RouteObject[] = (Object.keys(ROUTES) as RouteName[])
  .filter((name) => name !== 'auth')
  .map((name) => ({ id: name, path: ROUTES[name].path, element: <RouteScreen name={name} /> }));

export const router = createBrowserRouter([
  { id: 'auth', path: ROUTES.auth.path, element: <AuthPage landing={(user) => landingPath(user.role)} /> },
  {
    element: <RequireSession />,
    children: [...appRoutes, { path: '*', element: <NotFound /> }],
  },
]);
