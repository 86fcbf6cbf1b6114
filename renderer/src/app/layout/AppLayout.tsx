import {
  Alignment,
  Button,
  Classes,
  Icon,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  Popover,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import type { NewItemsCounters } from '@shared/api';
import { routeAllows, routePath, ROUTES } from '@shared/routes';
import type { Role } from '@shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/** The office screen (1366×768) where the sidebar shows icons only (styles.css, the same width). */
const NARROW = '(max-width: 1439px)';
const subscribeNarrow = (changed: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
const useNarrow = () => useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches);

/**
 * A sidebar entry: a real link (`<a href>`: Ctrl+click and a middle click open the section in a new
 * tab, as office users do; react-router's Link keeps a plain click in the app), named at once by a
 * tooltip when the sidebar shows icons only.
 */
function SidebarLink({ entry, path, active, narrow, counters }: { entry: NavEntry; path: string; active: boolean; narrow: boolean; counters?: NewItemsCounters }) {
  return (
    <li role="none">
      <Tooltip
        content={entry.label}
        placement="right"
        disabled={!narrow}
        hoverOpenDelay={0}
        renderTarget={({ isOpen: _isOpen, className, ...target }) => (
          <Link
            {...target}
            to={path}
            role="menuitem"
            aria-label={entry.label}
            aria-current={active ? 'page' : undefined}
            className={[Classes.MENU_ITEM, active ? Classes.ACTIVE : '', className ?? ''].join(' ')}
          >
            <Icon icon={entry.icon} />
            <div className={[Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS].join(' ')}>{entry.label}</div>
            <span className={Classes.MENU_ITEM_LABEL}>
              <Badge entry={entry} counters={counters} />
            </span>
          </Link>
        )}
      />
    </li>
  );
}

/** 'Здравствуйте, …' cut with '…' on a narrow header: the whole greeting in a tooltip (only when it is cut). */
function Greeting({ name, initial }: { name: string; initial: string }) {
  const text = `Здравствуйте, ${name}`;
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const measure = () => setCut(ref.current ? ref.current.scrollWidth > ref.current.clientWidth : false);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [text]);
  return (
    <Tooltip content={text} placement="bottom" disabled={!cut} hoverOpenDelay={0}>
      <span className="greeting" data-testid="greeting">
        <span className="avatar" aria-hidden>
          {initial}
        </span>
        <span className="greeting-text" ref={ref}>
          {text}
        </span>
      </span>
    </Tooltip>
  );
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
        <MenuItem
          key={entry.route}
          text={entry.label}
          icon={entry.icon}
          // A link too: Ctrl+click or a middle click opens the handbook in a new tab; a plain click stays in the app.
          href={routePath(entry.route)}
          onClick={(event) => {
            if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            navigate(routePath(entry.route));
          }}
        />
      ),
    );
  return <>{items}</>;
}

export function AppLayout() {
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const counters = useCounters();
  const location = useLocation();
  const queryClient = useQueryClient();
  const narrow = useNarrow();
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
          <Greeting name={user.name} initial={initial} />
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
              <SidebarLink key={entry.route} entry={entry} path={routePath(entry.route)} active={isActive(ROUTES[entry.route].path)} narrow={narrow} counters={counters} />
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
