import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { SESSION_COOKIE, XSRF_COOKIE, type BootReply, type SessionUser, type SetupState } from '../../shared/api.js';
import { MESSAGES } from '../../shared/messages.js';
import { firstAdministratorSchema, fullName, loginSchema } from '../../shared/resources/users.js';
import { CurrentUser, Public, type AuthUser } from '../common/auth/decorators.js';
import { randomToken, SessionService } from '../common/auth/session.service.js';
import { forbidden, parseInput, ValidationFailed } from '../common/http/errors.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
const isLoopbackAddress = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address));

const baseCookie = (request: Request): CookieOptions => ({ path: '/', sameSite: 'lax', secure: request.secure });

/** The Sanctum-style session protocol of ARCHITECTURE.md §3, plus the one-time first-administrator setup. */
@Controller()
export class AuthController {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  /** Sets a fresh readable XSRF-TOKEN cookie; the client echoes it in X-XSRF-TOKEN on every non-GET. */
  @Public()
  @Get('sanctum/csrf-cookie')
  @HttpCode(204)
  csrfCookie(@Req() request: Request, @Res({ passthrough: true }) response: Response): void {
    this.issueXsrfToken(request, response);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const { login, password } = parseInput(loginSchema, body);
    // The attempt is counted before the password is checked: parallel requests cannot outrun the limit.
    await this.throttle.reserveAttempt(login);

    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.password_hash')
      .where('u.email = :email', { email: login.trim().toLowerCase() })
      .getOne();
    // Always check a hash, so an unknown login is not faster to reject than a wrong password.
    const passwordMatches = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !passwordMatches) throw new ValidationFailed({ login: [MESSAGES.auth.wrongCredentials] });
    if (!user.is_active) throw new ValidationFailed({ login: [MESSAGES.auth.inactiveUser] });

    await this.throttle.clear(login);
    await this.throttle.prune();
    if (needsRehash(user.password_hash)) await this.upgradeHash(user.id, user.password_hash, password);
    return { data: await this.startSession(user, request, response) };
  }

  @Post('me')
  @HttpCode(200)
  me(@CurrentUser() user: AuthUser): SessionUser {
    return user;
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    if (request.sessionTokenHash) await this.sessions.destroy(request.sessionTokenHash);
    response.clearCookie(SESSION_COOKIE, { ...baseCookie(request), httpOnly: true });
    this.issueXsrfToken(request, response);
  }

  /**
   * The renderer's one call before its first screen (issue 9), instead of csrf-cookie → me → setup in
   * a row (those stay for outside clients): who is signed in (null, not a 401, for a visitor), whether
   * the first-administrator form is due, and an XSRF-TOKEN cookie when the browser has none yet.
   */
  @Public()
  @Get('boot')
  async boot(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<BootReply> {
    if (!request.cookies?.[XSRF_COOKIE]) this.issueXsrfToken(request, response);
    // Who is signed in differs per browser and changes with every sign-in: never from a cache.
    response.setHeader('Cache-Control', 'no-store');
    const user = request.user ?? null;
    return { user, setup_required: user ? false : !(await this.users.anyUserExists()) };
  }

  /** Whether the one-time "create the first administrator" form is offered. */
  @Public()
  @Get('setup')
  async setupState(): Promise<SetupState> {
    return { required: !(await this.users.anyUserExists()) };
  }

  /**
   * Creates the first administrator and signs them in; 403 as soon as any user exists. Only for a
   * request from this computer, judged by the socket's address (not by headers a proxy or a
   * rebinding page could set): in serve mode on an office network nobody else may claim the office.
   */
  @Public()
  @Post('setup')
  @HttpCode(201)
  async setup(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    if (!isLoopbackAddress(request.socket.remoteAddress)) throw forbidden(MESSAGES.auth.setupLocalOnly);
    const input = parseInput(firstAdministratorSchema, body);
    const user = await this.users.createFirstAdministrator(input);
    return { data: await this.startSession(user, request, response) };
  }

  /** A bcrypt hash (or one of an older policy) becomes argon2id of the password just proven right. */
  private async upgradeHash(userId: number, oldHash: string, password: string): Promise<void> {
    // Unless an administrator set another password meanwhile.
    await this.db.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [await hashPassword(password), userId, oldHash]);
  }

  private async startSession(user: UserEntity, request: Request, response: Response): Promise<SessionUser> {
    // A new session id on every sign-in (no session fixation); the previous session of this browser ends.
    if (request.sessionTokenHash) await this.sessions.destroy(request.sessionTokenHash);
    const token = await this.sessions.create(user.id);
    response.cookie(SESSION_COOKIE, token, { ...baseCookie(request), httpOnly: true });
    this.issueXsrfToken(request, response);
    return { id: user.id, name: fullName(user), email: user.email, role: user.role };
  }

  private issueXsrfToken(request: Request, response: Response): void {
    response.cookie(XSRF_COOKIE, randomToken(), { ...baseCookie(request), httpOnly: false });
  }
}
