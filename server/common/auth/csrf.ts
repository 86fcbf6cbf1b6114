import type { NextFunction, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '../../../shared/messages.js';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../shared/api.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A method that must not change anything; every other one needs the CSRF proof. */
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/**
 * Sanctum-style CSRF protection: every non-GET request under /api must carry the X-XSRF-TOKEN
 * header equal to the XSRF-TOKEN cookie (URL-decoded), else 419. Runs before authentication,
 * as Laravel's VerifyCsrfToken does. GETs that change things ask for the same proof with
 * @ChangesState() (server/common/security/state-change.ts).
 */
export function csrfProtection(request: Request, response: Response, next: NextFunction): void {
  if (isSafeMethod(request.method)) return next();
  if (hasCsrfProof(request)) return next();
  response.status(419).json({ message: MESSAGES.auth.csrfMismatch });
}

/** Whether the request's X-XSRF-TOKEN header equals its XSRF-TOKEN cookie. */
export function hasCsrfProof(request: Request): boolean {
  const cookie = request.cookies?.[XSRF_COOKIE] as string | undefined;
  const header = request.get(XSRF_HEADER);
  const cookieToken = cookie ? decoded(cookie) : null;
  const headerToken = header ? decoded(header) : null;
  return Boolean(cookieToken && headerToken && sameToken(cookieToken, headerToken));
}

/** The URL-decoded token, or null when it is not valid percent-encoding (`%`): a mismatch, not a 500. */
function decoded(token: string): string | null {
  try {
    return decodeURIComponent(token);
  } catch {
    return null;
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
