import { Spinner } from '@blueprintjs/core';
import { routeAllows, ROUTES, type RouteName } from '@shared/routes';
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { useSession } from '../api/session';
import { SCREENS } from '../features/screens';
import { Forbidden, NotFound, UnderConstruction } from './StatusPages';

/** Any page without a session goes to /auth; with one, the page sits in the app's frame (`Layout`). */
function RequireSession({ Layout }: { Layout: ComponentType }) {
  const status = useSession((state) => state.status);
  const load = useSession((state) => state.load);
  useEffect(() => {
    if (status === 'unknown') void load();
  }, [status, load]);
  if (status === 'unknown') return <Spinner className="page-spinner" />;
  if (status === 'signed-out') return <Navigate to={ROUTES.auth.path} replace />;
  return <Layout />;
}

function RouteScreen({ name, Screen }: { name: RouteName; Screen?: ComponentType }) {
  const user = useSession((state) => state.user);
  if (!user) return null;
  if (!routeAllows(name, user.role)) return <Forbidden />;
  if (!Screen) return <UnderConstruction title={ROUTES[name].title} />;
  return <Screen key={name} />;
}

/**
 * A route's screen is fetched when the route is first opened (React Router's `lazy`, issue 9), at
 * the same time as the session check; a route without a screen yet shows "раздел в разработке".
 */
function appRoute(name: RouteName): RouteObject {
  const route = { id: name, path: ROUTES[name].path };
  const load = SCREENS[name];
  if (!load) return { ...route, element: <RouteScreen name={name} /> };
  return { ...route, lazy: async () => ({ element: <RouteScreen name={name} Screen={await load()} /> }) };
}

const appRoutes = (Object.keys(ROUTES) as RouteName[]).filter((name) => name !== 'auth').map(appRoute);

/** Shown while the first page's code arrives (a few milliseconds on the desktop's local server). */
const loading = <Spinner className="page-spinner" />;

export const router = createBrowserRouter([
  {
    id: 'auth',
    path: ROUTES.auth.path,
    lazy: () => import('../auth/AuthPage').then(({ AuthPage }) => ({ Component: AuthPage })),
    hydrateFallbackElement: loading,
  },
  {
    // The frame (header, menus) is fetched together with the first page's screen: the sign-in page needs neither.
    lazy: () => import('./layout/AppLayout').then(({ AppLayout }) => ({ element: <RequireSession Layout={AppLayout} /> })),
    hydrateFallbackElement: loading,
    children: [...appRoutes, { path: '*', element: <NotFound /> }],
  },
]);
