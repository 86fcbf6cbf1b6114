import {
  Alignment,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Popover,
  Tag,
} from '@blueprintjs/core';
import type { NewItemsCounters } from '@shared/api';
import { routeAllows, routePath, ROUTES } from '@shared/routes';
import type { Role } from '@shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../api/session';
import { useCounters } from '../counters';
import { HANDBOOKS, HEADER, isGroup, SIDEBAR, type NavEntry, type NavGroup } from '../navigation';
import { AppFooter } from './AppFooter';
import { SessionExpiredDialog } from '../SessionExpiredDialog';
import { ConnectionBanner } from './ConnectionBanner';

function Badge({ entry, counters }: { entry: NavEntry; counters?: NewItemsCounters }) {
  const count = entry.badge && counters ? entry.badge(counters) : 0;
  return count > 0 ? (
    <Tag round intent="danger" className="nav-badge" data-testid={`badge-${entry.route}`}>
      {count}
    </Tag>
  ) : null;
}

/** Handbooks dropdown: nested menu groups, each entry shown only to roles its route admits. */
function HandbookMenu({ group, role }: { group: NavGroup; role: Role }) {
  const navigate = useNavigate();
  const items = group.entries
    .filter((entry) => isGroup(entry) || routeAllows(entry.route, role))
    .map((entry) =>
      isGroup(entry) ? (
        <MenuItem key={entry.label} text={entry.label} icon={entry.icon}>
          <HandbookMenu group={entry} role={role} />
        </MenuItem>
      ) : (
        <MenuItem key={entry.route} text={entry.label} icon={entry.icon} onClick={() => navigate(routePath(entry.route))} />
      ),
    );
  return <>{items}</>;
}

export function AppLayout() {
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const counters = useCounters();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (!user) return null;

  // The router sends a signed-out user to /auth.
  const signOut = async () => {
    await logout();
    queryClient.clear();
  };
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  // The entry whose path is the longest prefix of the page is the active one (/agencies/files is
  // "Документы агентств", not "Агентства").
  const matches = (path: string) => (path === '/' ? location.pathname === '/' : location.pathname === path || location.pathname.startsWith(`${path}/`));
  const activePath = [...SIDEBAR, ...HEADER]
    .map((entry) => ROUTES[entry.route].path as string)
    .filter(matches)
    .sort((a, b) => b.length - a.length)[0];
  const isActive = (path: string) => path === activePath;

  return (
    <div className="app-shell">
      <Navbar className="app-header">
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>
            <Link to="/" className="app-brand">
              Бэк-офис
            </Link>
          </NavbarHeading>
          <NavbarDivider />
          <Popover
            placement="bottom-start"
            minimal
            content={
              <Menu>
                <HandbookMenu group={HANDBOOKS} role={user.role} />
              </Menu>
            }
          >
            <Button variant="minimal" icon={HANDBOOKS.icon} endIcon="caret-down" text={HANDBOOKS.label} />
          </Popover>
          {HEADER.filter((entry) => routeAllows(entry.route, user.role)).map((entry) => (
            <NavLink key={entry.route} to={routePath(entry.route)} className="header-link">
              <Button variant="minimal" icon={entry.icon} active={isActive(ROUTES[entry.route].path)} tabIndex={-1}>
                {entry.label}
                <Badge entry={entry} counters={counters} />
              </Button>
            </NavLink>
          ))}
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <span className="greeting" data-testid="greeting" title={`Здравствуйте, ${user.name}`}>
            <span className="avatar" aria-hidden>
              {initial}
            </span>
            <span className="greeting-text">Здравствуйте, {user.name}</span>
          </span>
          <NavbarDivider />
          <Popover
            placement="bottom-end"
            minimal
            content={
              <Menu>
                <MenuItem text={user.email} icon="envelope" disabled />
                <MenuDivider />
                <MenuItem text="Выйти" icon="log-out" onClick={() => void signOut()} />
              </Menu>
            }
          >
            <Button variant="minimal" icon="user" endIcon="caret-down" aria-label="Профиль" />
          </Popover>
        </NavbarGroup>
      </Navbar>
      <div className="app-body">
        <nav className="app-sidebar">
          <Menu>
            {SIDEBAR.filter((entry) => routeAllows(entry.route, user.role)).map((entry) => (
              <MenuItem
                key={entry.route}
                icon={entry.icon}
                text={entry.label}
                // The sidebar shows icons only on a narrow screen (styles.css): the name on hover.
                htmlTitle={entry.label}
                active={isActive(ROUTES[entry.route].path)}
                labelElement={<Badge entry={entry} counters={counters} />}
                onClick={() => navigate(routePath(entry.route))}
              />
            ))}
          </Menu>
        </nav>
        <main className="app-content">
          <ConnectionBanner />
          <Outlet />
        </main>
      </div>
      <AppFooter />
      <SessionExpiredDialog />
    </div>
  );
}
