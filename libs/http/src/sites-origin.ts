/**
 * Sites and embeds on an origin of their own (SITES_BASE_URL, docs/design.md §2): on that host only the
 * public, cookie-free delivery paths answer, so design content never runs where the session cookie,
 * the editor, the account pages, OAuth or MCP are; a site or embed address on the public origin is
 * sent there with a permanent redirect (addresses handed out before the split keep working).
 *
 * Both decisions read the path as `canonicalPath` does, so that no letter case, escape, duplicate slash
 * or dot segment reaches a route of the other origin, and the host from the request's own `Host` header:
 * `X-Forwarded-Host` counts only with TRUST_FORWARDED_HOST, from a proxy TRUST_PROXY trusts.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type AppConfig } from '#folio/config';
import { canonicalPath, encodedPath } from './request-path.js';

/** What the sites origin serves: sites, embed scripts, the assets and fonts they load, and what crawlers read. */
const deliveryPrefixes = ['/sites/', '/embed/', '/assets/', '/fonts/'];
const deliveryExact = ['/favicon.ico', '/robots.txt'];
/** What the public origin sends to the sites origin. */
const movedPrefixes = ['/sites/', '/embed/'];

const readOnly = new Set(['GET', 'HEAD']);

const under = (path: string, prefixes: string[]) => prefixes.some((prefix) => path.startsWith(prefix));

/**
 * Whether the sites origin answers this request: a read of a delivery path written as its canonical self
 * (any other spelling of it is refused, not interpreted).
 */
function servedOnSitesOrigin(method: string, pathname: string): boolean {
  return (
    readOnly.has(method) &&
    canonicalPath(pathname) === pathname &&
    (deliveryExact.includes(pathname) || under(pathname, deliveryPrefixes))
  );
}

/** A host name as cookies and origins compare them: lower case, without port or trailing dot. */
function hostName(host: string): string {
  const portAt = host.indexOf(':', host.startsWith('[') ? host.indexOf(']') : 0);
  return (portAt === -1 ? host : host.slice(0, portAt)).toLowerCase().replace(/\.+$/, '');
}

/**
 * The host a request is for: its own `Host`, or, when `trustForwardedHost` and express's `trust proxy`
 * trusts the peer, the `X-Forwarded-Host` that proxy set (its last value: a proxy that appends puts the
 * host it was asked for last).
 */
function requestHost(req: Request, trustForwardedHost: boolean): string {
  const forwarded = req.get('x-forwarded-host');
  const peer = req.socket.remoteAddress;
  const trustsPeer = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const believed = trustForwardedHost && forwarded !== undefined && peer !== undefined && trustsPeer(peer, 0);
  return hostName(believed ? forwarded.split(',').at(-1)!.trim() : (req.headers.host ?? ''));
}

/** The middleware for an app whose config names a sites origin of its own; null when sites share the public one. */
export function sitesOriginGate(
  config: Pick<AppConfig, 'publicBaseUrl' | 'sitesBaseUrl' | 'trustForwardedHost'>,
): RequestHandler | null {
  if (config.sitesBaseUrl === config.publicBaseUrl) return null;
  const sitesHost = hostName(new URL(config.sitesBaseUrl).host);
  return (req: Request, res: Response, next: NextFunction) => {
    // The path express routes (also for an absolute-form request target), and the query as sent.
    const pathname = req.path;
    const queryAt = req.originalUrl.indexOf('?');
    const query = queryAt === -1 ? '' : req.originalUrl.slice(queryAt);
    const canonical = canonicalPath(pathname);
    if (requestHost(req, config.trustForwardedHost) === sitesHost) {
      if (servedOnSitesOrigin(req.method, pathname)) return next();
      res
        .status(404)
        .type('text/plain')
        .send('Not found: this host serves published sites and embeds only.\n');
      return;
    }
    if (canonical !== null && under(canonical, movedPrefixes) && readOnly.has(req.method)) {
      res.redirect(308, `${config.sitesBaseUrl}${encodedPath(canonical)}${query}`);
      return;
    }
    // Other methods, and spellings that leave the prefix once read (`/sites/../x`), may still be routed there.
    if (
      under(pathname.toLowerCase(), movedPrefixes) ||
      (canonical !== null && under(canonical, movedPrefixes))
    ) {
      res.status(404).type('text/plain').send('Not found: sites and embeds are served on their own host.\n');
      return;
    }
    next();
  };
}
