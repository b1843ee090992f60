// What the pages of a check may load. The design loads as screenshots do (our assets and fonts from
// storage, the rest by the outbound rules), and what it loaded is kept; an implementation given as HTML
// may load that again, Folio's own assets and fonts and data: URLs, nothing else; one given as a URL may
// load anything the outbound rules allow (every request goes through them: private addresses never).
import { type Fulfillment, loadResource, type Loaded, type ResourcePolicy } from '#folio/screenshots';
import { type BrowserContext, type Route } from 'playwright-core';

export type Network = 'design' | 'html' | 'url';

/** The design's resources by URL, for the implementation to load the same bytes. */
export type LoadedResources = Map<string, Promise<Loaded>>;

/**
 * `designRendered`, for an implementation rendered beside the design: a request for what only the design
 * may have loaded waits for the design to be done, so what the implementation gets never depends on timing.
 */
export async function routeCheckRequests(
  context: BrowserContext,
  network: Network,
  policy: ResourcePolicy,
  loaded: LoadedResources,
  designRendered: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  const isOwn = (url: string) =>
    url.startsWith(policy.ownAssetPrefix) ||
    (!!policy.servedFontPrefix && url.startsWith(policy.servedFontPrefix));
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = request.url();
    if (/^(data|blob):/i.test(url)) return route.continue().catch(() => undefined);
    if (request.method() !== 'GET' || !/^https?:/i.test(url)) return abort(route);
    let load = loaded.get(url);
    if (!load && network === 'html' && !isOwn(url)) {
      await designRendered.catch(() => undefined);
      load = loaded.get(url);
    }
    if (!load) {
      if (network === 'html' && !isOwn(url)) return abort(route);
      if (network === 'design' && request.resourceType() === 'document') return abort(route);
      load = loadResource(url, request.headers(), policy);
      if (network === 'design') loaded.set(url, load);
    }
    const result = await load;
    if (!result.ok) return abort(route);
    await fulfill(route, result.response);
  });
}

function fulfill(route: Route, { status, contentType, body }: Fulfillment): Promise<void> {
  return route.fulfill({ status, contentType, body }).catch(() => undefined);
}

function abort(route: Route): Promise<void> {
  return route.abort('blockedbyclient').catch(() => undefined);
}
