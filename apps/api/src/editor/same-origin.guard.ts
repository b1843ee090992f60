// CSRF protection for the editor's forms: a state-changing request must come from Folio's own pages.
import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export class CrossOriginFormException extends ForbiddenException {
  constructor() {
    super('This form did not come from a Folio page. Go back, reload the editor and try again.');
  }
}

/**
 * True when a request was sent by a page of `publicOrigin`: its `Origin` header names that origin, or —
 * when the browser withholds the origin (no Origin, or `null` under the `no-referrer` policy helmet sets)
 * — `Sec-Fetch-Site` says same-origin. Neither: refused, since every browser sends one with a form post.
 * (Sandboxed frames also send `Origin: null`, but their requests are never `same-origin`.)
 */
export function isSameOrigin(headers: Request['headers'], publicOrigin: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin === publicOrigin;
  return headers['sec-fetch-site'] === 'same-origin';
}

/** Refuses any non-GET request that did not come from a page on PUBLIC_BASE_URL's origin. */
@Injectable()
export class SameOriginGuard implements CanActivate {
  private readonly origin: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.origin = new URL(config.publicBaseUrl).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (safeMethods.has(req.method)) return true;
    if (!isSameOrigin(req.headers, this.origin)) throw new CrossOriginFormException();
    return true;
  }
}
