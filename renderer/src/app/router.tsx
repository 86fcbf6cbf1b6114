import { Spinner } from '@blueprintjs/core';
import { routeAllows, ROUTES, type RouteName } from '@shared/routes';
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { useSession } from '../api/session';
import { AuthPage } from '../auth/AuthPage';
import { ResourceScreen } from '../common/resource/ResourceScreen';
import { SCREENS } from '../features/screens';
import { AppLayout } from './layout/AppLayout';
import { Forbidden, NotFound, UnderConstruction } from './StatusPages';

/** Any page without a session goes to /auth. */
function RequireSession() {
  const status = useSession((state) => state.status);
  const load = useSession((state) => state.load);
  useEffect(() => {
    if (status === 'unknown') void load();
  }, [status, load]);
  if (status === 'unknown') return <Spinner className="page-spinner" />;
  if (status === 'signed-out') return <Navigate to={ROUTES.auth.path} replace />;
  return <AppLayout />;
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
  { id: 'auth', path: ROUTES.auth.path, element: <AuthPage /> },
  {
    element: <RequireSession />,
    children: [...appRoutes, { path: '*', element: <NotFound /> }],
  },
]);
