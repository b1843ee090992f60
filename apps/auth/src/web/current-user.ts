// Who is logged in: the session cookie resolved to `req.user`, and the guard for pages behind login.
import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type NestMiddleware,
} from '@nestjs/common';
import type { CookieOptions, NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { SessionService, type UserSummary } from '#folio/identity';

export const sessionCookieName = 'folio_session';

/** A request of the auth pages, after CurrentUserMiddleware. */
export interface WebRequest extends Request {
  user?: UserSummary;
  /** The live session's id; CSRF tokens are bound to it. */
  sessionId?: string;
}

/** Starts and ends browser sessions: the database row and the `folio_session` cookie together. */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;

  constructor(
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicBaseUrl.startsWith('https:');
  }

  /** Logs `user` in: a fresh session (never the one the request came with) and its cookie. */
  async signIn(req: WebRequest, res: Response, user: UserSummary): Promise<void> {
    await this.sessions.end(this.token(req));
    const session = await this.sessions.start(user.id, req.get('user-agent') ?? null);
    res.cookie(sessionCookieName, session.token, this.cookieOptions(session.expiresAt));
    req.user = user;
    req.sessionId = session.sessionId;
  }

  async signOut(req: WebRequest, res: Response): Promise<void> {
    await this.sessions.end(this.token(req));
    res.clearCookie(sessionCookieName, this.cookieOptions());
    req.user = undefined;
    req.sessionId = undefined;
  }

  /** Sets `req.user` from the cookie; renews the cookie when the session slid, drops it when dead. */
  async resolve(req: WebRequest, res: Response): Promise<void> {
    const token = this.token(req);
    if (!token) return;
    const session = await this.sessions.resolve(token);
    if (!session) {
      res.clearCookie(sessionCookieName, this.cookieOptions());
      return;
    }
    req.user = session.user;
    req.sessionId = session.sessionId;
    if (session.renewed) res.cookie(sessionCookieName, token, this.cookieOptions(session.expiresAt));
  }

  private token(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[sessionCookieName];
    return typeof value === 'string' ? value : undefined;
  }

  private cookieOptions(expires?: Date): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      ...(expires ? { expires } : {}),
    };
  }
}

@Injectable()
export class CurrentUserMiddleware implements NestMiddleware {
  constructor(private readonly cookies: SessionCookies) {}

  use(req: WebRequest, res: Response, next: NextFunction): void {
    this.cookies.resolve(req, res).then(() => next(), next);
  }
}

/** Thrown for an anonymous request to a page behind login; the page filter redirects to /login?next=…. */
export class LoginRequiredException extends HttpException {
  constructor(readonly next: string) {
    super('Log in to continue.', HttpStatus.UNAUTHORIZED);
  }
}

/** Lets logged-in people through; sends others to the login page, coming back here afterwards. */
@Injectable()
export class SessionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<WebRequest>();
    if (req.user) return true;
    // After logging in, a GET comes back to where it was; a form post cannot be replayed.
    throw new LoginRequiredException(req.method === 'GET' ? req.originalUrl : '/account');
  }
}

/** The logged-in user (behind SessionGuard), as a handler parameter. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserSummary | undefined =>
    context.switchToHttp().getRequest<WebRequest>().user,
);
