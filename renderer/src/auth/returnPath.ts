/**
 * Coming back after sign-in: a page opened without a session goes to `/auth?next=<the page>`, and
 * the sign-in page returns there — a path of this app only, never another site. (Apart from the
 * sign-in page itself, which loads on its own, so the router needs only these few lines.)
 */
import { routePath } from '@shared/routes';

/** /auth for a page opened without a session: after signing in, the user comes back to `returnTo`. */
export const signInPath = (returnTo?: string) => (returnTo && returnTo !== '/' ? `${routePath('auth')}?next=${encodeURIComponent(returnTo)}` : routePath('auth'));

/** The page to come back to (`?next=` of the current address), if it is one of this app's. */
export function returnPath(): string | null {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith(routePath('auth')) ? next : null;
}
