// The Content-Security-Policy of server-rendered pages: scripts only from here or with the response's
// nonce, forms posting to this origin, no framing.
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type HelmetOptions } from 'helmet';
import { type AppConfig } from '#folio/config';
import { isSecureRedirectTarget, securityHeaders } from '#folio/http';

type Locals = { cspNonce?: string };

function locals(res: ServerResponse): Locals {
  const withLocals = res as ServerResponse & { locals?: Locals };
  return (withLocals.locals ??= {});
}

/** The response's script nonce, made on first use; templates put it on their inline `<script>`s. */
export function cspNonce(res: ServerResponse): string {
  return (locals(res).cspNonce ??= randomBytes(16).toString('base64'));
}

/** Where forms may submit to by default: this origin only. */
const formActionDefault = ["'self'"];

/** App-wide helmet options for an app of pages that set no `contentPolicy` of their own: scripts run by nonce. */
export function pageHelmetOptions(config: Pick<AppConfig, 'publicBaseUrl'>): HelmetOptions {
  return securityHeaders(config.publicBaseUrl, {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: formActionDefault,
      frameAncestors: ["'none'"],
    },
    frameOptions: 'deny',
  });
}

/**
 * The one place that widens `form-action` for a response, e.g. the consent page, whose POST is answered
 * with a redirect to the client's origin (browsers apply form-action to the redirect too). Call it before
 * the response is sent; `sources` are origins such as `https://claude.ai`. Only https origins and
 * loopback http ones are ever added, whatever the caller passes: a form's answer never crosses the
 * network in the clear.
 */
export function allowFormActions(res: ServerResponse, sources: readonly string[]): void {
  const policy = res.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const extra = sources.filter(
    (source) => URL.parse(source)?.origin === source && isSecureRedirectTarget(source),
  );
  const widened = [...formActionDefault, ...extra].join(' ');
  res.setHeader('content-security-policy', policy.replace(/form-action [^;]*/, `form-action ${widened}`));
}
