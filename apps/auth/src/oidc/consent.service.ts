import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type Provider from 'oidc-provider';
import { AuditLog } from '#folio/audit';
import { ActorService, type Scope, scopeDescriptions, scopes as knownScopes } from '#folio/identity';
import { type ConsentDecision, decideConsent, optionalScopes } from './consent.js';
import { OIDC_PROVIDER } from './oidc-provider.token.js';

/** What oidc-provider knows of an interaction in progress. */
export type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The client asking for access, as the login and consent screens show it. */
export interface ClientDescription {
  name: string;
  redirectHost: string;
  /** Only an https logo: the screen must not load anything over plain http. */
  logoUri: string | null;
}

/** A scope on the consent screen, with its description and whether the person may untick it. */
export interface OfferedScope {
  scope: Scope;
  title: string;
  detail: string;
  optional: boolean;
}

/** The consent step of an authorization: what is offered, and the grant a submitted form makes. */
@Injectable()
export class ConsentService {
  constructor(
    @Inject(OIDC_PROVIDER) private readonly provider: Provider,
    private readonly actors: ActorService,
    private readonly audit: AuditLog,
  ) {}

  /** The known scopes the client asked for, each once, as the consent screen lists them. */
  offeredScopes(details: InteractionDetails): OfferedScope[] {
    const requested = [...new Set(Object.values(requestedResources(details)).flat())];
    return requested
      .filter((scope): scope is Scope => (knownScopes as readonly string[]).includes(scope))
      .map((scope) => ({ scope, ...scopeDescriptions[scope], optional: optionalScopes.has(scope) }));
  }

  /**
   * Saves the grant the submitted form makes (the scopes `ticked` among the optional ones, every required
   * one) and records the consent; `{ error }` for a tampered form, which grants nothing.
   */
  async grant(
    details: InteractionDetails,
    ticked: readonly string[],
  ): Promise<{ grantId: string } | { error: string }> {
    const resources = requestedResources(details);
    const decision = decideConsent(Object.values(resources).flat(), ticked);
    if ('error' in decision) return decision;
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
    return { grantId };
  }

  /** The registered client of the interaction; BadRequestException when it is not (or no longer) there. */
  async client(details: InteractionDetails): Promise<ClientDescription> {
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

  /**
   * The grant is saved by oidc-provider, outside any transaction of ours, but takes effect only when the
   * interaction finishes, after this event. Like the keys it leads to, it reaches every account of the person.
   */
  private async recordConsent(
    details: InteractionDetails,
    decision: Exclude<ConsentDecision, { error: string }>,
    client: ClientDescription,
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
}

/** Scopes the client asked for, per resource (the MCP endpoint, with or without its trailing slash). */
function requestedResources(details: InteractionDetails): Record<string, string[]> {
  const missing = (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(missing).map(([resource, scopes]) => [resource, [...scopes]]));
}
