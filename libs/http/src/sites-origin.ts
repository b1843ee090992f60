/**
 * Sites and embeds on an origin of their own (SITES_BASE_URL, docs/design.md §2): on that host only the
 * public, cookie-free delivery paths answer, so design content never runs where the session cookie,
 * the editor, the account pages, OAuth or MCP are; a site or embed address on the public origin is
 * sent there with a permanent redirect (addresses handed out before the split keep working).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type AppConfig } from '#folio/config';

/** What the sites origin serves: sites, embed scripts, and the assets and fonts they load. */
const deliveryPrefixes = ['/sites/', '/embed/', '/assets/', '/fonts/'];
const deliveryExact = ['/favicon.ico'];
/** What the public origin sends to the sites origin. */
const movedPrefixes = ['/sites/', '/embed/'];

const readOnly = new Set(['GET', 'HEAD']);

/** Whether the sites origin answers this request (method and path). */
function servedOnSitesOrigin(method: string, path: string): boolean {
  const pathname = path.split('?', 1)[0];
  return (
    readOnly.has(method) &&
    (deliveryExact.includes(pathname) || deliveryPrefixes.some((prefix) => pathname.startsWith(prefix)))
  );
}

/** The middleware for an app whose config names a sites origin of its own; null when sites share the public one. */
export function sitesOriginGate(
  config: Pick<AppConfig, 'publicBaseUrl' | 'sitesBaseUrl'>,
): RequestHandler | null {
  if (config.sitesBaseUrl === config.publicBaseUrl) return null;
  const sitesHost = new URL(config.sitesBaseUrl).hostname;
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl;
    if (req.hostname === sitesHost) {
      if (servedOnSitesOrigin(req.method, path)) return next();
      res
        .status(404)
        .type('text/plain')
        .send('Not found: this host serves published sites and embeds only.\n');
      return;
    }
    if (readOnly.has(req.method) && movedPrefixes.some((prefix) => path.startsWith(prefix))) {
      res.redirect(308, `${config.sitesBaseUrl}${path}`);
      return;
    }
    next();
  };
}
