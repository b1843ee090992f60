// The opener policy of the auth pages, which lets OAuth popups report back.
import { type IncomingMessage, type ServerResponse } from 'node:http';

/** The pages of an authorization (and the login or sign-up it may pass through). */
const authorizationPages = /^\/(?:oauth\/|interaction\/|login$|signup$)/;

/**
 * Clients may open the authorization in a popup and watch it (`popup.closed`, `postMessage` from their
 * callback page). `Cross-Origin-Opener-Policy: same-origin` on any page of the chain would cut the popup
 * off from its opener for good, so those pages go without it; the account pages keep it.
 */
export function keepOpenerOnAuthorizationPages(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (authorizationPages.test((req.url ?? '/').split('?', 1)[0]))
    res.removeHeader('cross-origin-opener-policy');
  next();
}
