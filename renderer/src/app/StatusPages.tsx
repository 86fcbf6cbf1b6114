import { Button, NonIdealState } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useEffect, useRef } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { connectionLost, useConnection } from '../api/connection';
import { useSession } from '../api/session';
import { landingPath } from './landing';

/** A link to the user's working page (app/landing.ts), never to another page still in the works. */
function ToWork({ text }: { text: string }) {
  const user = useSession((state) => state.user);
  return user ? <Link to={landingPath(user.role)}>{text}</Link> : null;
}

/** A registered route whose screen belongs to a later issue: said honestly, not faked. */
export function UnderConstruction({ title }: { title: string }) {
  return <NonIdealState icon="build" title={title} description="Раздел в разработке" action={<ToWork text="Перейти к работе" />} className="status-page" />;
}

export function Forbidden() {
  return <NonIdealState icon="lock" title="Нет доступа" description="Этот раздел недоступен для вашей роли." className="status-page" />;
}

export function NotFound() {
  return <NonIdealState icon="search" title="Страница не найдена" action={<ToWork text="На главную" />} className="status-page" />;
}

/** A screen's code that could not be fetched (each screen is a chunk loaded when first opened). */
const isChunkFailure = (error: unknown) => error instanceof TypeError && /dynamically imported module|module script|Loading chunk/i.test(error.message);

/**
 * Opens the page again once the server answers — at most once in a while, so a screen whose code is
 * missing while the server answers (a broken installation) waits for 'Повторить' instead of looping.
 */
function reloadOnce() {
  const key = 'route-error-reloaded-at';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 30_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  window.location.reload();
}

/**
 * What a page shows when it fails to open, instead of the router's own English page (or a blank
 * one): a screen whose code could not be fetched — the server does not answer; the banner says so
 * too, and the page opens by itself when the server answers again — or any other fault, with a way
 * to try again.
 */
export function RouteError(props: { error?: unknown }) {
  const routeError = useRouteError();
  const error = props.error ?? routeError;
  const offline = isChunkFailure(error);
  const online = useConnection((state) => state.online);
  const lost = useRef(false);
  useEffect(() => {
    if (offline) connectionLost();
  }, [offline]);
  useEffect(() => {
    if (!offline) return;
    if (!online) lost.current = true;
    else if (lost.current) reloadOnce();
  }, [offline, online]);
  return (
    <NonIdealState
      icon={offline ? 'offline' : 'error'}
      title={MESSAGES.connection.pageFailed}
      description={offline ? MESSAGES.connection.offline : MESSAGES.errors.unexpected}
      action={<Button icon="refresh" text={MESSAGES.connection.retry} onClick={() => window.location.reload()} />}
      className="status-page"
    />
  );
}
