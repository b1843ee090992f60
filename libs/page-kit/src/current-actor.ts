// Who is logged in: the `folio_session` cookie resolved to `req.actor` (the person with their roles, as
// #folio/identity makes actors), the guard for pages behind login and the `CurrentActor` handler parameter.
// The session itself lives in #folio/identity.
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
import { type Actor, SessionService } from '#folio/identity';
import { PAGE_KIT_OPTIONS, type PageKitOptions } from './page-kit.options.js';

export const sessionCookieName = 'folio_session';

/** A request of a page, once its session is resolved. */
export interface WebRequest extends Request {
  /** The person logged in, if anyone is. */
  actor?: Actor;
  /** The live session's id; CSRF tokens are bound to it. */
  sessionId?: string;
  /** What the last form post left in the session for the next page (read through `FlashMessages`). */
  flash?: unknown;
}

/** The value of one cookie from the Cookie header (not every app runs a cookie parser). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Starts, ends and resolves browser sessions: the database row and the `folio_session` cookie together. */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;
  private readonly resolved = new WeakSet<Request>();

  constructor(
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicBaseUrl.startsWith('https:');
  }

  /** Logs `actor` in: a fresh session (never the one the request came with) and its cookie. */
  async signIn(req: WebRequest, res: Response, actor: Actor): Promise<void> {
    await this.sessions.end(this.token(req));
    const session = await this.sessions.start(actor.userId, req.get('user-agent') ?? null);
    res.cookie(sessionCookieName, session.token, this.cookieOptions(session.expiresAt));
    req.actor = actor;
    req.sessionId = session.sessionId;
  }

  async signOut(req: WebRequest, res: Response): Promise<void> {
    await this.sessions.end(this.token(req));
    res.clearCookie(sessionCookieName, this.cookieOptions());
    req.actor = undefined;
    req.sessionId = undefined;
  }

  /**
   * Sets `req.actor` from the cookie, once per request; renews the cookie when the session slid, drops it
   * when dead.
   */
  async resolve(req: WebRequest, res: Response): Promise<void> {
    if (this.resolved.has(req)) return;
    this.resolved.add(req);
    const token = this.token(req);
    if (!token) return;
    const session = await this.sessions.resolve(token);
    if (!session) {
      res.clearCookie(sessionCookieName, this.cookieOptions());
      return;
    }
    req.actor = session.actor;
    req.sessionId = session.sessionId;
    req.flash = session.flash;
    if (session.renewed) res.cookie(sessionCookieName, token, this.cookieOptions(session.expiresAt));
  }

  private token(req: Request): string | undefined {
    return readCookie(req.headers.cookie, sessionCookieName);
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

/** Resolves the session of every request it is applied to, for pages that show who is logged in. */
@Injectable()
export class CurrentActorMiddleware implements NestMiddleware {
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
  constructor(
    private readonly cookies: SessionCookies,
    @Inject(PAGE_KIT_OPTIONS) private readonly options: PageKitOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WebRequest>();
    await this.cookies.resolve(req, context.switchToHttp().getResponse<Response>());
    if (req.actor) return true;
    // After logging in, a GET comes back to where it was; a form post cannot be replayed.
    throw new LoginRequiredException(
      req.method === 'GET'
        ? req.originalUrl
        : (this.options.returnPathAfterLogin?.(req.originalUrl) ?? '/account'),
    );
  }
}

/** The person logged in, with their roles (behind SessionGuard, always there), as a handler parameter. */
export const CurrentActor = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Actor =>
    context.switchToHttp().getRequest<WebRequest>().actor!,
);
