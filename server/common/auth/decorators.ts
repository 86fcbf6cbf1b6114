import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '../../../shared/roles.js';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';

/**
 * The route needs no session (sign-in, CSRF cookie, health). `'without-session'`: the route does not
 * even look the session up, so it needs no pooled connection (health must answer while every pooled
 * connection is busy).
 */
export const Public = (session: 'read-session' | 'without-session' = 'read-session') => SetMetadata(PUBLIC_KEY, session);

/** Only these roles may call the route (on a controller: all its routes; a route's own list wins). */
export const Roles = (...roles: readonly Role[]) => SetMetadata(ROLES_KEY, roles);

/** The signed-in staff user of this request. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
    sessionTokenHash?: string;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<Request>().user;
  if (!user) throw new Error('CurrentUser used on a public route');
  return user;
});

/** Who makes a change: the user and the session of this request (kept when their own sessions are ended). */
export interface Actor {
  user: AuthUser;
  sessionTokenHash: string;
}

export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const request = context.switchToHttp().getRequest<Request>();
  if (!request.user || !request.sessionTokenHash) throw new Error('CurrentActor used on a public route');
  return { user: request.user, sessionTokenHash: request.sessionTokenHash };
});
