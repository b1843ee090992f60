import Provider, { type Configuration, type ErrorOut, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { type AppConfig } from '#folio/config';
import { type PrismaService } from '#folio/db';
import { safeFetchAsFetch } from '#folio/outbound';
import {
  type ApiKeyService,
  newApiKey,
  scopes,
  type SessionService,
  type UserService,
} from '#folio/identity';
import { loginFollowingFolioSession } from './login-prompt.js';
import { prismaOidcAdapter } from './prisma-oidc.adapter.js';
import { extraRegistrationProperties, validateRegistration } from './registration-limits.js';
import { loadSigningKeys } from './signing-keys.js';
import { allowFormActions } from '#folio/page-kit';

/** Tokens are API keys that live until revoked; oidc-provider wants a finite TTL, so: ten years. */
const untilRevoked = 10 * 365 * 24 * 3600;

/** Provider endpoints, all under /oauth/ so the path router sends them to apps/auth. */
export const oidcRoutes = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  introspection: '/oauth/introspect',
  jwks: '/oauth/jwks',
  pushed_authorization_request: '/oauth/par',
  userinfo: '/oauth/userinfo',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
} as const;

export function mcpResourceUrl(config: Pick<AppConfig, 'publicBaseUrl'>): string {
  return `${config.publicBaseUrl}/v2/mcp`;
}

export interface OidcProviderDeps {
  config: AppConfig;
  prisma: PrismaService;
  apiKeys: ApiKeyService;
  sessions: SessionService;
  users: UserService;
}

/**
 * The OAuth 2.1 authorization server (docs/design.md §5): authorization code with PKCE S256 only,
 * open dynamic client registration and Client ID Metadata Documents, resource indicators bound to the
 * MCP endpoint, revocation; no refresh tokens, no DPoP. Issuer = PUBLIC_BASE_URL.
 */
export async function createOidcProvider({
  config,
  prisma,
  apiKeys,
  sessions,
  users,
}: OidcProviderDeps): Promise<Provider> {
  const resource = mcpResourceUrl(config);
  const configuration: Configuration = {
    adapter: prismaOidcAdapter({ prisma, apiKeys }),
    jwks: await loadSigningKeys(prisma),
    cookies: {
      keys: [config.cookieSecret],
      names: {
        session: 'folio_oidc_session',
        interaction: 'folio_oidc_interaction',
        resume: 'folio_oidc_resume',
      },
    },
    routes: oidcRoutes,
    fetch: outboundFetch(config),
    responseTypes: ['code'],
    extraClientMetadata: { properties: extraRegistrationProperties, validator: validateRegistration },
    scopes: [...scopes],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: false },
      // People log out of Folio at /logout; the provider's own logout page would be a second, unstyled one.
      rpInitiatedLogout: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: true },
      registration: { enabled: true, initialAccessToken: false },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator.replace(/\/$/, '') !== resource)
            throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: scopes.join(' '),
            audience: resource,
            accessTokenFormat: 'opaque',
            accessTokenTTL: untilRevoked,
          };
        },
      },
    },
    ttl: {
      AccessToken: untilRevoked,
      Grant: untilRevoked,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      IdToken: 3600,
      RegistrationAccessToken: untilRevoked,
    },
    expiresWithSession: () => false,
    issueRefreshToken: () => false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: loginFollowingFolioSession(sessions),
    },
    renderError: (ctx, out) => renderOAuthError(ctx, out),
  };
  const provider = new Provider(config.publicBaseUrl, configuration);
  provider.proxy = true;
  pinRequestOriginToIssuer(provider, config.publicBaseUrl);
  issueApiKeysAsAccessTokens(provider);
  provider.use(defaultScope);
  provider.use(advertiseIssuedGrantsOnly);
  provider.use(allowFormPostToClient);
  provider.use(publicSubjectInIntrospection(users));
  return provider;
}

/**
 * Every document oidc-provider fetches (Client ID Metadata Documents, `jwks_uri`, `sector_identifier_uri`)
 * goes through safeFetch: public addresses only, checked before connecting (oidc-provider's own guard
 * closes the socket after it has connected), and OUTBOUND_ALLOW_PRIVATE as the one escape hatch.
 * Redirects: the provider asks for `manual` on metadata documents, and safeFetch checks any it follows.
 */
function outboundFetch(config: AppConfig): Configuration['fetch'] {
  // Client metadata and JWKS documents are a few KiB (the provider refuses metadata over 5 KiB): anything
  // far larger is refused while reading, not buffered, since any visitor can make the provider fetch a URL.
  const fetchSafely = safeFetchAsFetch({ allowPrivate: config.outboundAllowPrivate, maxBytes: 64 * 1024 });
  return (input, init) => fetchSafely(input instanceof Request ? input.url : input, init);
}

/**
 * oidc-provider builds endpoint URLs from the request's protocol and host, and sets cookies' Secure flag
 * from its protocol: behind a proxy, from X-Forwarded-* headers any client can send. Pinned to the issuer
 * instead, metadata and redirects always name PUBLIC_BASE_URL, and its cookies are Secure exactly when
 * that is https, like Folio's own (Koa lets an app override its request's getters this way).
 */
function pinRequestOriginToIssuer(provider: Provider, issuer: string) {
  const { protocol, host } = new URL(issuer);
  Object.defineProperties(provider.request, {
    protocol: { get: () => protocol.slice(0, -1) },
    host: { get: () => host },
  });
}

/**
 * The access token text is a Folio API key (`folio_at_…`). oidc-provider has no option for the shape of
 * opaque tokens: generateTokenId is internal API (pinned version, covered by the OAuth e2e test). The
 * original runs first because it sets internal state.
 */
function issueApiKeysAsAccessTokens(provider: Provider) {
  const prototype = provider.AccessToken.prototype as unknown as {
    generateTokenId: (...args: unknown[]) => unknown;
  };
  const original = prototype.generateTokenId;
  prototype.generateTokenId = function (this: unknown, ...args: unknown[]) {
    original.apply(this, args);
    return newApiKey('at').text;
  };
}

/** Connectors that send no `scope` (ChatGPT reconnects, Cursor) get list:project instead of an error. */
async function defaultScope(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  if (ctx.path === oidcRoutes.authorization && ctx.method === 'GET' && !ctx.query.scope) {
    const params = new URLSearchParams(ctx.querystring);
    params.set('scope', 'list:project');
    ctx.querystring = params.toString();
  }
  await next();
}

/** Refresh tokens are never issued, but the grant stays registered inside oidc-provider: don't advertise it. */
async function advertiseIssuedGrantsOnly(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const body = ctx.body as { grant_types_supported?: string[] } | undefined;
  if (ctx.path.startsWith('/.well-known/') && Array.isArray(body?.grant_types_supported)) {
    body.grant_types_supported = body.grant_types_supported.filter((grant) => grant !== 'refresh_token');
  }
}

/**
 * A `response_mode=form_post` answer is a page whose form posts the result to the client's redirect URI:
 * the page's CSP `form-action` must allow that origin (only once the client has that URI registered).
 */
async function allowFormPostToClient(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const params = ctx.oidc?.params;
  if (params?.response_mode !== 'form_post' || !ctx.response.is('html')) return;
  const redirectUri = String(params.redirect_uri ?? '');
  const origin = URL.parse(redirectUri)?.origin;
  if (origin && ctx.oidc.client?.redirectUriAllowed(redirectUri)) allowFormActions(ctx.res, [origin]);
}

/**
 * oidc-provider's subject is the account id its grants carry, Folio's internal user id (the adapter turns
 * grants into that user's API keys). Introspection answers with the user's public subject instead, or
 * without `sub` for a user who has none.
 */
function publicSubjectInIntrospection(users: UserService) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { sub?: unknown } | undefined;
    if (ctx.path !== oidcRoutes.introspection || typeof body?.sub !== 'string') return;
    const subject = await users.publicSubject(body.sub);
    if (subject) body.sub = subject;
    else delete body.sub;
  };
}

function renderOAuthError(ctx: KoaContextWithOIDC, out: ErrorOut) {
  const escape = (s = '') => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  ctx.type = 'html';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization error · Folio</title>
<link rel="stylesheet" href="/auth-assets/auth.css"></head><body><main class="card narrow"><h1>That did not work</h1>
<p>${escape(out.error_description ?? 'The authorization request could not be completed.')}</p>
<p class="muted">Error code: <code>${escape(out.error)}</code>. Go back to the app that sent you here and try connecting again.</p>
</main></body></html>`;
}
