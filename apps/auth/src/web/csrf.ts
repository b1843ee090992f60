// CSRF protection for every form of the auth pages: csrf-csrf's signed double-submit cookie.
import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import cookieParser from 'cookie-parser';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type WebRequest } from './current-user.js';

/** The hidden form field that carries the token (the `X-CSRF-Token` header works too). */
export const csrfFieldName = '_csrf';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A form posted without the token its page was rendered with (or with someone else's): 403. */
export class InvalidCsrfTokenException extends ForbiddenException {
  constructor() {
    super('This form has expired or did not come from Folio. Go back, reload the page and try again.');
  }
}

@Injectable()
export class CsrfService {
  private readonly csrf: DoubleCsrfUtilities;
  private readonly parseCookies = cookieParser();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const secure = config.publicBaseUrl.startsWith('https:');
    this.csrf = doubleCsrf({
      getSecret: () => config.cookieSecret,
      // Tokens are bound to the login session (anonymous pages share the empty one), so a token taken
      // before logging in stops working after, and the other way round.
      getSessionIdentifier: (req) => (req as WebRequest).sessionId ?? '',
      cookieName: secure ? '__Host-folio_csrf' : 'folio_csrf',
      cookieOptions: { sameSite: 'lax', secure, httpOnly: true, path: '/' },
      getCsrfTokenFromRequest: (req) => {
        const field = (req.body as Record<string, unknown> | undefined)?.[csrfFieldName];
        return typeof field === 'string' ? field : req.headers['x-csrf-token'];
      },
    });
  }

  /** The token to put in the page's forms; sets (or keeps) its cookie. */
  token(req: Request, res: Response): string {
    this.ensureCookies(req, res);
    return this.csrf.generateCsrfToken(req, res);
  }

  /** True when the request carries the token that matches its cookie and session. */
  isValid(req: Request): boolean {
    this.ensureCookies(req);
    return this.csrf.validateRequest(req);
  }

  private ensureCookies(req: Request, res?: Response): void {
    // cookie-parser runs app-wide; this covers pages rendered before it did (early errors).
    if (!req.cookies) this.parseCookies(req, res ?? ({} as Response), () => undefined);
  }
}

/** Refuses any non-GET request without a valid CSRF token. Put it on every controller that takes forms. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly csrf: CsrfService) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (safeMethods.has(req.method)) return true;
    if (!this.csrf.isValid(req)) throw new InvalidCsrfTokenException();
    return true;
  }
}
