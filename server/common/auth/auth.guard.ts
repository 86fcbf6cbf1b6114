import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { SESSION_COOKIE } from '../../../shared/api.js';
import type { Role } from '../../../shared/roles.js';
import { forbidden, unauthenticated } from '../http/errors.js';
import { PUBLIC_KEY, ROLES_KEY } from './decorators.js';
import { SessionService } from './session.service.js';

/**
 * The one guard of the API (registered globally): every route needs a session unless marked
 * @Public(), and a route or controller marked @Roles(...) admits only those roles. The UI hiding
 * an entry is not security; this is.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<Request>();
    const isPublic = this.reflector.getAllAndOverride<'read-session' | 'without-session' | undefined>(PUBLIC_KEY, targets);
    if (isPublic === 'without-session') return true;
    const token = request.cookies?.[SESSION_COOKIE] as string | undefined;
    const session = token ? await this.sessions.resolve(token) : null;
    if (session) {
      request.user = session.user;
      request.sessionTokenHash = session.tokenHash;
    }

    if (isPublic) return true;
    if (!session) throw unauthenticated();

    const roles = this.reflector.getAllAndOverride<readonly Role[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(session.user.role)) throw forbidden();
    return true;
  }
}
