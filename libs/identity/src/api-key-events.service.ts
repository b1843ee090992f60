import { Injectable } from '@nestjs/common';
import { type AuditAction, type AuditData, AuditLog } from '#folio/audit';
import { type Prisma } from '#folio/db';
import { type ApiKeyRecord, ApiKeyRepository } from './api-key.repository.js';

/**
 * Why a key stopped working, as the audit log tells it: its owner revoked it, an admin of an account it
 * reached did, its OAuth client did (RFC 7009), a new authorization of the same client replaced it, the
 * person disconnected the app, or the authorization server revoked the grant (a reused code).
 */
export type RevocationReason =
  'owner' | 'account_admin' | 'oauth_client' | 'reauthorized' | 'app_disconnected' | 'grant_revoked';

type TransactionClient = Prisma.TransactionClient;

/** The audit events of keys made and revoked, written in the transaction of the change they describe. */
@Injectable()
export class ApiKeyEvents {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly audit: AuditLog,
  ) {}

  async created(tx: TransactionClient, key: ApiKeyRecord): Promise<void> {
    await this.record(tx, 'api_key.created', [key], key.userId, () => ({
      restrictedToOneAccount: key.accountId !== null,
    }));
  }

  async revoked(
    tx: TransactionClient,
    revoked: ApiKeyRecord[],
    revokedById: string | null,
    reason: RevocationReason,
  ): Promise<void> {
    if (!revoked.length) return;
    // Someone else's key: name its owner, since the person who revoked it is the event's actor.
    const othersIds = [...new Set(revoked.map((key) => key.userId).filter((id) => id !== revokedById))];
    const owners = await this.keys.emailsOf(tx, othersIds);
    await this.record(tx, 'api_key.revoked', revoked, revokedById, (key) => ({
      reason,
      ownerEmail: owners.get(key.userId),
    }));
  }

  /**
   * One event per account each key can act in — the account it is restricted to, else every account its
   * user belongs to — so each account's admins see every key that could act there.
   */
  private async record(
    tx: TransactionClient,
    action: AuditAction,
    keys: ApiKeyRecord[],
    actorUserId: string | null,
    details: (key: ApiKeyRecord) => AuditData,
  ): Promise<void> {
    const unrestrictedUsers = [...new Set(keys.filter((k) => k.accountId === null).map((k) => k.userId))];
    const memberships = await this.keys.membershipsOf(tx, unrestrictedUsers);
    const reached = (key: ApiKeyRecord) =>
      key.accountId !== null
        ? [key.accountId]
        : memberships.filter((m) => m.userId === key.userId).map((m) => m.accountId);
    await this.audit.record(
      keys.map((key) => ({
        action,
        accountIds: reached(key),
        actorUserId,
        target: { type: 'api_key', id: key.key },
        data: {
          name: key.name,
          prefix: key.prefix,
          source: key.source,
          scopes: key.scopes,
          oauthClientId: key.oauthClientId ?? undefined,
          ...details(key),
        },
      })),
      tx,
    );
  }
}
