import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Inject,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { type Response } from 'express';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { AuditLog } from '#folio/audit';
import { UnauthenticatedError } from '#folio/errors';
import {
  ActorRepository,
  type Scope,
  scopeDescriptions,
  scopes as knownScopes,
  UserService,
} from '#folio/identity';
import {
  allowFormActions,
  CsrfGuard,
  PageErrorFilter,
  SessionCookies,
  ViewRenderer,
  type WebRequest,
} from '#folio/ui';
import { LoginThrottleGuard } from '../web/login-throttle.js';
import { decideConsent, optionalScopes } from './consent.js';
import { OIDC_PROVIDER } from './oidc-provider.token.js';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The person's side of an authorization request: log in (unless already signed in to Folio), then
 * allow or deny the client's scopes. Each step ends by handing the result back to oidc-provider.
 */
@Controller('interaction/:uid')
@UseFilters(PageErrorFilter)
export class InteractionController {
  constructor(
    @Inject(OIDC_PROVIDER) private readonly provider: Provider,
    private readonly views: ViewRenderer,
    private readonly users: UserService,
    private readonly sessions: SessionCookies,
    private readonly actors: ActorRepository,
    private readonly audit: AuditLog,
  ) {}

  @Get()
  async show(@Req() req: WebRequest, @Res() res: Response) {
    const details = await this.details(req, res);
    if (details.prompt.name === 'login') {
      const forced = String(details.params.prompt ?? '')
        .split(' ')
        .includes('login');
      if (req.user && !forced) return this.finish(req, res, { login: { accountId: req.user.id } });
      return this.renderLogin(res, details);
    }
    if (details.prompt.name === 'consent') return this.renderConsent(res, details);
    throw new BadRequestException('This step of the sign-in is not supported.');
  }

  @Post('login')
  @UseGuards(CsrfGuard, LoginThrottleGuard)
  async login(@Req() req: WebRequest, @Res() res: Response, @Body() body: Record<string, unknown> = {}) {
    const details = await this.details(req, res, 'login');
    const email = typeof body.email === 'string' ? body.email : '';
    try {
      const user = await this.users.authenticate(
        email,
        typeof body.password === 'string' ? body.password : '',
      );
      await this.sessions.signIn(req, res, user);
      return this.finish(req, res, { login: { accountId: user.id } });
    } catch (error) {
      if (!(error instanceof UnauthenticatedError)) throw error;
      return this.renderLogin(res, details, { email, error: error.message }, 401);
    }
  }

  @Post('confirm')
  @UseGuards(CsrfGuard)
  async confirm(@Req() req: WebRequest, @Res() res: Response, @Body() body: Record<string, unknown> = {}) {
    const details = await this.details(req, res, 'consent');
    const ticked = ([] as unknown[]).concat(body.scope ?? []).map(String);
    const resources = this.requestedResources(details);
    const decision = decideConsent(Object.values(resources).flat(), ticked);
    if ('error' in decision) {
      return this.finish(req, res, { error: 'invalid_request', error_description: decision.error }, false);
    }
    const grant = details.grantId
      ? await this.provider.Grant.find(details.grantId)
      : new this.provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
    if (!grant) throw new BadRequestException('This authorization has expired. Connect the app again.');
    for (const [resource, requested] of Object.entries(resources)) {
      const granted = decision.granted.filter((s) => requested.includes(s));
      const rejected = decision.rejected.filter((s) => requested.includes(s));
      if (granted.length) grant.addResourceScope(resource, granted.join(' '));
      if (rejected.length) grant.rejectResourceScope(resource, rejected.join(' '));
    }
    const missingOidc = (details.prompt.details.missingOIDCScope as string[] | undefined) ?? [];
    if (missingOidc.length) grant.addOIDCScope(missingOidc.join(' '));
    // Loaded before the grant is saved: a client that cannot be read now fails the consent, not its record.
    const client = await this.client(details);
    const grantId = await grant.save();
    await this.recordConsent(details, decision, client);
    return this.finish(req, res, { consent: { grantId } });
  }

  @Post('abort')
  @UseGuards(CsrfGuard)
  async abort(@Req() req: WebRequest, @Res() res: Response) {
    await this.details(req, res, 'consent');
    return this.finish(
      req,
      res,
      { error: 'access_denied', error_description: 'The person declined the request.' },
      false,
    );
  }

  /**
   * The grant is saved by oidc-provider, outside any transaction of ours, but takes effect only when the
   * interaction finishes, after this event. Like the keys it leads to, it reaches every account of the person.
   */
  private async recordConsent(
    details: Details,
    decision: { granted: Scope[]; rejected: Scope[] },
    client: { name: string; redirectHost: string },
  ) {
    const userId = details.session!.accountId;
    const actor = await this.actors.load(userId);
    await this.audit.record({
      action: 'oauth.consent.granted',
      accountIds: [...actor.accountRoles.keys()],
      actorUserId: userId,
      target: { type: 'oauth_client', id: String(details.params.client_id) },
      data: {
        clientName: client.name,
        redirectHost: client.redirectHost,
        scopes: decision.granted,
        declinedScopes: decision.rejected,
      },
    });
  }

  /** Scopes the client asked for, per resource (the MCP endpoint, with or without its trailing slash). */
  private requestedResources(details: Details): Record<string, string[]> {
    const missing = (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
    return Object.fromEntries(Object.entries(missing).map(([resource, scopes]) => [resource, [...scopes]]));
  }

  private async details(req: WebRequest, res: Response, expected?: 'login' | 'consent'): Promise<Details> {
    try {
      const details = await this.provider.interactionDetails(req, res);
      if (expected && details.prompt.name !== expected) {
        throw new BadRequestException('This form is out of date. Go back to the app and connect again.');
      }
      const redirect = URL.parse(String(details.params.redirect_uri ?? ''));
      // The consent POST is answered with a redirect to the client; browsers apply form-action to it.
      if (redirect && /^https?:$/.test(redirect.protocol)) allowFormActions(res, [redirect.origin]);
      return details;
    } catch (error) {
      if (error instanceof errors.OIDCProviderError) {
        throw new BadRequestException(
          'This sign-in link has expired or was already used. Go back to the app and connect again.',
        );
      }
      throw error;
    }
  }

  private async finish(req: WebRequest, res: Response, result: InteractionResults, merge = true) {
    await this.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: merge });
  }

  private async client(details: Details) {
    const client = await this.provider.Client.find(String(details.params.client_id));
    if (!client) throw new BadRequestException('The app asking for access is not registered here.');
    const redirect = URL.parse(String(details.params.redirect_uri ?? ''));
    return {
      name: client.clientName ?? URL.parse(client.clientId)?.host ?? client.clientId,
      redirectHost: redirect?.host || redirect?.protocol || 'unknown',
      logoUri:
        typeof client.logoUri === 'string' && client.logoUri.startsWith('https://') ? client.logoUri : null,
    };
  }

  private async renderLogin(
    res: Response,
    details: Details,
    data: Record<string, unknown> = {},
    status?: number,
  ) {
    const client = await this.client(details);
    this.views.render(
      res,
      'login',
      {
        action: `/interaction/${details.uid}/login`,
        title: `Log in to connect ${client.name}`,
        heading: 'Log in to continue',
        intro: `${client.name} wants to connect to your Folio account. Log in first; you will choose what it may do next.`,
        signupHref: '/signup',
        ...data,
      },
      { status },
    );
  }

  private async renderConsent(res: Response, details: Details) {
    const client = await this.client(details);
    const requested = [...new Set(Object.values(this.requestedResources(details)).flat())];
    const scopes = requested
      .filter((scope): scope is Scope => (knownScopes as readonly string[]).includes(scope))
      .map((scope) => ({ scope, ...scopeDescriptions[scope], optional: optionalScopes.has(scope) }));
    this.views.render(res, 'consent', {
      title: `Allow ${client.name}?`,
      uid: details.uid,
      client,
      scopes,
      accountEmail: (res.req as WebRequest).user?.email ?? null,
    });
  }
}
