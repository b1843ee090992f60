// CSRF protection for every form of Folio's pages. A state-changing request must show it came from one of
// them: by the Origin (or Sec-Fetch-Site) the browser sends, or by the token the page put in its form
// (csrf-csrf's signed double-submit cookie, bound to the login session), for browsers that withhold both
// headers. A request the browser says came from another site is refused, token or not. The token goes into
// pages masked, different bytes on every response (`maskCsrfToken`).
import { randomBytes } from 'node:crypto';
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
import { SessionCookies, type WebRequest } from './current-actor.js';

/** The hidden form field that carries the token (the `X-CSRF-Token` header works too). */
export const csrfFieldName = '_csrf';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The token as a page carries it: a fresh random pad, then the token XOR that pad, in base64url. Pages are
 * compressed, and some echo what their URL says (`/login?next=…`, `/admin/credits?key=…`); a secret that
 * stayed the same beside input an attacker chooses would leak through the answer's size, a byte at a time
 * (BREACH). Masked, the same token is new bytes on every response.
 */
export function maskCsrfToken(token: string): string {
  const bytes = Buffer.from(token);
  const pad = randomBytes(bytes.length);
  return Buffer.concat([pad, xor(bytes, pad)]).toString('base64url');
}

/** The token a masked one stands for; undefined when the text cannot be one. */
export function unmaskCsrfToken(masked: string): string | undefined {
  const bytes = Buffer.from(masked, 'base64url');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return undefined;
  const half = bytes.length / 2;
  return xor(bytes.subarray(half), bytes.subarray(0, half)).toString();
}

function xor(bytes: Buffer, pad: Buffer): Buffer {
  return Buffer.from(bytes.map((byte, index) => byte ^ pad[index]!));
}

/** A form posted from another site, or with no sign of where it came from: 403. */
export class CrossOriginFormException extends ForbiddenException {
  constructor() {
    super('This form did not come from a Folio page. Go back, reload the page and try again.');
  }
}

/** A form posted without the token its page was rendered with (or with someone else's): 403. */
export class InvalidCsrfTokenException extends ForbiddenException {
  constructor() {
    super('This form has expired or did not come from Folio. Go back, reload the page and try again.');
  }
}

/**
 * True when a request was sent by a page of `publicOrigin`: its `Origin` header names that origin, or —
 * when the browser withholds the origin (no Origin, or `null` under the `no-referrer` policy helmet sets)
 * — `Sec-Fetch-Site` says same-origin. (Sandboxed frames also send `Origin: null`, but their requests are
 * never `same-origin`.)
 */
export function isSameOrigin(headers: Request['headers'], publicOrigin: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin === publicOrigin;
  return headers['sec-fetch-site'] === 'same-origin';
}

/** True when the browser says the request came from elsewhere: another Origin, or another Sec-Fetch-Site. */
export function isCrossOrigin(headers: Request['headers'], publicOrigin: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin !== publicOrigin;
  const site = headers['sec-fetch-site'];
  return typeof site === 'string' && site !== 'same-origin' && site !== 'none';
}

@Injectable()
export class CsrfService {
  private readonly csrf: DoubleCsrfUtilities;
  private readonly cookieName: string;
  private readonly parseCookies = cookieParser();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const secure = config.publicBaseUrl.startsWith('https:');
    this.cookieName = secure ? '__Host-folio_csrf' : 'folio_csrf';
    this.csrf = doubleCsrf({
      getSecret: () => config.cookieSecret,
      // Tokens are bound to the login session (anonymous pages share the empty one), so a token taken
      // before logging in stops working after, and the other way round.
      getSessionIdentifier: (req) => (req as WebRequest).sessionId ?? '',
      cookieName: this.cookieName,
      cookieOptions: { sameSite: 'lax', secure, httpOnly: true, path: '/' },
      // Only the masked form pages carry is accepted, unmasked before csrf-csrf compares it to the cookie.
      getCsrfTokenFromRequest: (req) => {
        const field = (req.body as Record<string, unknown> | undefined)?.[csrfFieldName];
        const masked = typeof field === 'string' ? field : req.headers['x-csrf-token'];
        return typeof masked === 'string' ? unmaskCsrfToken(masked) : undefined;
      },
    });
  }

  /** The token to put in the page's forms, masked anew for this response; sets (or keeps) its cookie. */
  token(req: Request, res: Response): string {
    this.ensureCookies(req, res);
    return maskCsrfToken(this.csrf.generateCsrfToken(req, res));
  }

  /** True when the request carries the token that matches its cookie and session. */
  isValid(req: Request): boolean {
    this.ensureCookies(req);
    return this.csrf.validateRequest(req);
  }

  /** True when a page of ours gave this browser a token (whether or not the request carries it). */
  hasCookie(req: Request): boolean {
    this.ensureCookies(req);
    return typeof (req.cookies as Record<string, unknown>)[this.cookieName] === 'string';
  }

  private ensureCookies(req: Request, res?: Response): void {
    // Not every app runs cookie-parser, and pages rendered before it ran (early errors) have none.
    if (!req.cookies) this.parseCookies(req, res ?? ({} as Response), () => undefined);
  }
}

/** Refuses any non-GET request that did not come from a Folio page. Put it on every controller that takes forms. */
@Injectable()
export class CsrfGuard implements CanActivate {
  private readonly origin: string;

  constructor(
    private readonly csrf: CsrfService,
    private readonly sessions: SessionCookies,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origin = new URL(config.publicBaseUrl).origin;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WebRequest>();
    if (safeMethods.has(req.method)) return true;
    if (isCrossOrigin(req.headers, this.origin)) throw new CrossOriginFormException();
    // The token is bound to the session: resolve it first (once a request; most apps already did).
    await this.sessions.resolve(req, context.switchToHttp().getResponse<Response>());
    if (isSameOrigin(req.headers, this.origin) || this.csrf.isValid(req)) return true;
    throw this.csrf.hasCookie(req) ? new InvalidCsrfTokenException() : new CrossOriginFormException();
  }
}
