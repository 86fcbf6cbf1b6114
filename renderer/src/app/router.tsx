import { Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { routeAllows, ROUTES, type RouteName } from '@shared/routes';
import { useEffect, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useSession } from '../api/session';
import { signInPath } from '../auth/returnPath';
import { SCREENS } from '../features/screens';
import { Forbidden, NotFound, RouteError, UnderConstruction } from './StatusPages';

/**
 * A page opened without a session goes to /auth (spec 01 §8) and comes back to it after sign-in; with
 * a session the page sits in the app's frame (`Layout`), which also holds the sign-in dialog shown
 * when the session ends while the page is in use.
 */
function RequireSession({ Layout }: { Layout: ComponentType }) {
  const status = useSession((state) => state.status);
  const left = useSession((state) => state.left);
  const load = useSession((state) => state.load);
  const location = useLocation();
  useEffect(() => {
    if (status === 'unknown') void load();
  }, [status, load]);
  if (status === 'unknown') return <Spinner className="page-spinner" aria-label={MESSAGES.list.loading} />;
  if (status === 'signed-out') return <Navigate to={signInPath(left ? undefined : location.pathname + location.search)} replace />;
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
  // A page that fails to open says so in Russian inside the app's frame (the banner, the menus stay).
  const route = { id: name, path: ROUTES[name].path, errorElement: <RouteError /> };
  const load = SCREENS[name];
  if (!load) return { ...route, element: <RouteScreen name={name} /> };
  return { ...route, lazy: () => elementOrFailure(load().then((Screen) => <RouteScreen name={name} Screen={Screen} />)) };
}

/**
 * The element of a lazy route, or the Russian failure page when its code could not be fetched:
 * React Router drops the failure of a `lazy` route that has no loader (the page would stay blank,
 * its errorElement unused), so it is caught here.
 */
const elementOrFailure = (element: Promise<ReactElement>) => element.then(
  (loaded) => ({ element: loaded }),
  (error: unknown) => ({ element: <RouteError error={error} /> }),
);

const appRoutes = (Object.keys(ROUTES) as RouteName[]).filter((name) => name !== 'auth').map(appRoute);

/** Shown while the first page's code arrives (a few milliseconds on the desktop's local server). */
const loading = <Spinner className="page-spinner" aria-label={MESSAGES.list.loading} />;

export const router = createBrowserRouter([
  {
    id: 'auth',
    path: ROUTES.auth.path,
    lazy: () => elementOrFailure(import('../auth/AuthPage').then(({ AuthPage }) => <AuthPage />)),
    hydrateFallbackElement: loading,
    errorElement: <RouteError />,
  },
  {
    // The frame (header, menus) is fetched together with the first page's screen: the sign-in page needs neither.
    lazy: () => elementOrFailure(import('./layout/AppLayout').then(({ AppLayout }) => <RequireSession Layout={AppLayout} />)),
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    children: [...appRoutes, { path: '*', element: <NotFound /> }],
  },
]);
