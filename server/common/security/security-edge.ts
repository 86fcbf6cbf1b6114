/**
 * The security edge of the HTTP server (ARCHITECTURE.md §7), applied to every request before any
 * route: response headers, the Host check, and the Origin + CSRF checks of state-changing requests.
 * The per-route parts are the global guards (StateChangingGetGuard, then AuthGuard).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { API_PREFIX } from '../../../shared/api.js';
import { MESSAGES } from '../../../shared/messages.js';
import { CONTENT_SECURITY_POLICY_DIRECTIVES, PERMISSIONS_POLICY } from '../../../shared/security.js';
import { hostNameOf } from './allowed-hosts.js';
import { csrfProtection } from '../auth/csrf.js';
import { originProtection } from './state-change.js';

export { allowedHostNames, LOOPBACK_HOSTS } from './allowed-hosts.js';
export { ChangesState, StateChangingGetGuard } from './state-change.js';

/** `allowedHosts`: the host names served (allowedHostNames(): this computer's and ALLOWED_HOSTS). */
export function applySecurityEdge(app: NestExpressApplication, options: { allowedHosts: readonly string[] }): void {
  const allowed = new Set(options.allowedHosts);
  app.set('trust proxy', false);
  app.disable('x-powered-by');
  app.use(
    helmet({
      // The renderer's policy (shared/security.ts), the same one the Electron window enforces.
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY_DIRECTIVES as Record<string, string[]> },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      // Served over plain http on this computer (or behind an office proxy that decides about TLS).
      strictTransportSecurity: false,
    }),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    // helmet has no Permissions-Policy (its authors leave the feature list to the app).
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    // Answers of the API are about this moment and this user: never kept by a cache. A route that
    // serves immutable content (uploaded files by hash) sets its own.
    if (request.path === API_PREFIX || request.path.startsWith(`${API_PREFIX}/`)) response.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const name = hostNameOf(request.headers.host);
    if (name === null || !allowed.has(name)) {
      response.status(421).json({ message: MESSAGES.security.misdirected });
      return;
    }
    request.allowedHosts = options.allowedHosts;
    next();
  });
  // Cookies: the session (AuthGuard) and the XSRF token of the CSRF checks.
  app.use(cookieParser());
  app.use(originProtection(options.allowedHosts));
  app.use(API_PREFIX, csrfProtection);
}
