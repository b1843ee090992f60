import { Injectable } from '@nestjs/common';
import { AuditLog } from '#folio/audit';
import { PrismaService } from '#folio/db';
import { type Actor, ApiKeyService } from '#folio/identity';
import { OAuthGrantRepository } from './oauth-grant.repository.js';

export interface ConnectedApp {
  clientId: string;
  clientName: string;
  scopes: string[];
  connectedAt: Date;
  lastUsedAt: Date | null;
}

/** OAuth clients a person has authorized: what they hold, and taking it all back. */
@Injectable()
export class ConnectedAppsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly apiKeys: ApiKeyService,
    private readonly grants: OAuthGrantRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(actor: Actor): Promise<ConnectedApp[]> {
    const keys = await this.apiKeys.listOwn(actor);
    const byClient = new Map<string, ConnectedApp>();
    for (const key of keys) {
      if (key.source !== 'oauth' || !key.oauthClientId) continue;
      const app = byClient.get(key.oauthClientId);
      if (!app) {
        byClient.set(key.oauthClientId, {
          clientId: key.oauthClientId,
          clientName: key.name,
          scopes: [...key.scopes],
          connectedAt: key.createdAt,
          lastUsedAt: key.lastUsedAt,
        });
        continue;
      }
      app.scopes = [...new Set([...app.scopes, ...key.scopes])];
      if (key.createdAt < app.connectedAt) app.connectedAt = key.createdAt;
      if (key.lastUsedAt && (!app.lastUsedAt || key.lastUsedAt > app.lastUsedAt))
        app.lastUsedAt = key.lastUsedAt;
    }
    return [...byClient.values()].sort((a, b) => a.clientName.localeCompare(b.clientName));
  }

  /**
   * Revokes every key the client holds for this person, and its grants with their codes and tokens, and
   * records the consent taken back: all in one transaction.
   */
  async disconnect(actor: Actor, clientId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const keys = await this.apiKeys.revokeClient(tx, actor, clientId);
      const grants = await this.grants.deleteOf(tx, actor.userId, clientId);
      if (!keys.length && !grants) return;
      await this.audit.record(
        {
          action: 'oauth.consent.revoked',
          // The connection reached every account of the person, like the unrestricted keys it held.
          accountIds: [...actor.accountRoles.keys()],
          actorUserId: actor.userId,
          target: { type: 'oauth_client', id: clientId },
          data: { clientName: keys[0]?.name, keysRevoked: keys.length },
        },
        tx,
      );
    });
  }
}
