/**
 * Requests that change things must come from the app's own page (issue 8): a foreign Origin is
 * refused with 403, then the CSRF proof (X-XSRF-TOKEN equal to the XSRF-TOKEN cookie) is asked
 * for, else 419. A missing Origin passes: outside clients of the original system send none, and
 * browsers always send one on cross-site writes.
 *
 * Non-GET requests are checked by middleware for every route (originProtection, then
 * csrfProtection of server/common/auth/csrf.ts). The spec has GETs that
 * change things (a departure's notify `GET /transports/schedules/{id}/date/{dateId}/notify`,
 * `GET /imports/restart`, `GET /imports/update-items`): such a route declares @ChangesState() and
 * StateChangingGetGuard (global, before authentication) asks it for the same proof.
 */
import { HttpException, HttpStatus, Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '../../../shared/messages.js';
import { hasCsrfProof, isSafeMethod } from '../auth/csrf.js';
import { hostNameOf, LOOPBACK_HOSTS } from './allowed-hosts.js';

export const CHANGES_STATE_KEY = 'security:changes-state';

/** On a GET route that changes things: it needs the Origin check and CSRF proof of a write. */
export const ChangesState = () => SetMetadata(CHANGES_STATE_KEY, true);

/**
 * Whether the Origin (when there is one) is the app's own page: the same host and port as the
 * request's Host, or a name of ALLOWED_HOSTS (a TLS proxy in front changes scheme and port).
 */
export function isOwnOrigin(request: Request, allowedHosts: readonly string[]): boolean {
  const origin = request.get('origin');
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:) and anything unreadable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = request.get('host')?.toLowerCase();
  if (host && url.host === host && url.protocol === `${request.protocol}:`) return true;
  const name = hostNameOf(url.host);
  // This computer's names only with the exact host and port: another local site is another origin.
  return name !== null && !(LOOPBACK_HOSTS as readonly string[]).includes(name) && allowedHosts.includes(name);
}

/** The refusal of a state-changing request without the proofs, or null when it may go on. */
function refusal(request: Request, allowedHosts: readonly string[]): { status: number; message: string } | null {
  if (!isOwnOrigin(request, allowedHosts)) return { status: HttpStatus.FORBIDDEN, message: MESSAGES.security.foreignOrigin };
  if (!hasCsrfProof(request)) return { status: 419, message: MESSAGES.auth.csrfMismatch };
  return null;
}

/**
 * Middleware for every non-GET request, before the router: a foreign Origin is a 403. (The CSRF
 * proof of non-GET requests is csrfProtection's, which runs right after it.)
 */
export function originProtection(allowedHosts: readonly string[]) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (isSafeMethod(request.method) || isOwnOrigin(request, allowedHosts)) return next();
    response.status(HttpStatus.FORBIDDEN).json({ message: MESSAGES.security.foreignOrigin });
  };
}

/** The allowed host names, as the guard reads them from the request (set by applySecurityEdge). */
declare module 'express-serve-static-core' {
  interface Request {
    allowedHosts?: readonly string[];
  }
}

/** Global guard (registered before the authentication guard): @ChangesState() GETs need the proofs. */
@Injectable()
export class StateChangingGetGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.reflector.getAllAndOverride<boolean>(CHANGES_STATE_KEY, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!isSafeMethod(request.method)) return true; // the middleware checked it already
    const refused = refusal(request, request.allowedHosts ?? []);
    if (refused) throw new HttpException({ message: refused.message }, refused.status);
    return true;
  }
}
