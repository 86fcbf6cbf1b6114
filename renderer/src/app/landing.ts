/**
 * Where a user lands after signing in (spec 01 §2.1: /applications, the order book). Should that
 * screen be missing or closed to the role, the first built screen their role may open — the header's
 * daily work (agencies, clients) first, then the sidebar and the handbooks — never a "раздел в
 * разработке" page. A screen joins by being registered in features/screens.ts.
 */
import type { Role } from '@shared/roles';
import { routeAllows, routePath, type RouteName } from '@shared/routes';
import { SCREENS } from '../features/screens';
import { HANDBOOKS, HEADER, isGroup, SIDEBAR, type NavEntry, type NavGroup } from './navigation';

const entriesOf = (group: NavGroup): NavEntry[] => group.entries.flatMap((entry) => (isGroup(entry) ? entriesOf(entry) : [entry]));

const PREFERENCE: RouteName[] = ['applications', ...[...HEADER, ...SIDEBAR, ...entriesOf(HANDBOOKS)].map((entry) => entry.route)];

export function landingPath(role: Role): string {
  const route = PREFERENCE.find((name) => SCREENS[name] !== undefined && routeAllows(name, role));
  return routePath(route ?? 'dashboard');
}
