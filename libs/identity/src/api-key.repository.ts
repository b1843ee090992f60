import { Injectable } from '@nestjs/common';
import { type AuditAction, type AuditData, AuditLog } from '#folio/audit';
import { newPublicKey } from '#folio/content';
import { type Prisma, PrismaService } from '#folio/db';
import { type AccountRole, type TeamRole } from './access-policy.js';
import { type Scope } from './credentials.js';

export interface ApiKeyRecord {
  id: string;
  /** Public identifier, safe to show and to put in URLs. */
  key: string;
  userId: string;
  accountId: string | null;
  name: string;
  prefix: string;
  scopes: Scope[];
  source: 'manual' | 'oauth';
  oauthClientId: string | null;
  oauthGrantId: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const recordFields = {
  id: true,
  key: true,
  userId: true,
  accountId: true,
  name: true,
  prefix: true,
  scopes: true,
  source: true,
  oauthClientId: true,
  oauthGrantId: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

export interface NewApiKeyRecord {
  userId: string;
  accountId?: string | null;
  name: string;
  prefix: string;
  hash: string;
  scopes: Scope[];
  source: 'manual' | 'oauth';
  oauthClientId?: string;
  oauthGrantId?: string;
}

/**
 * Why a key stopped working, as the audit log tells it: its owner revoked it, an admin of an account it
 * reached did, its OAuth client did (RFC 7009), a new authorization of the same client replaced it, the
 * person disconnected the app, or the authorization server revoked the grant (a reused code).
 */
export type RevocationReason =
  'owner' | 'account_admin' | 'oauth_client' | 'reauthorized' | 'app_disconnected' | 'grant_revoked';

type TransactionClient = Prisma.TransactionClient;

/** A live key with its user's account and team roles: all that authenticating a request needs. */
export interface LiveCredential {
  id: string;
  userId: string;
  accountId: string | null;
  scopes: Scope[];
  source: 'manual' | 'oauth';
  oauthClientId: string | null;
  lastUsedAt: Date | null;
  accountRoles: { accountId: string; role: AccountRole }[];
  teamRoles: { teamId: string; role: TeamRole }[];
}

@Injectable()
export class ApiKeyRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The live key with this hash and its user's roles, in one round trip: every API request runs this,
   * and it must read the key row each time so a revocation anywhere is seen on the next request.
   */
  async findLiveCredential(hash: string): Promise<LiveCredential | null> {
    const rows = await this.prisma.$queryRaw<LiveCredential[]>`
      SELECT k.id, k."userId", k."accountId", k.scopes, k.source, k."oauthClientId", k."lastUsedAt",
        COALESCE((SELECT json_agg(json_build_object('accountId', m."accountId", 'role', m.role))
                  FROM "Membership" m WHERE m."userId" = k."userId"), '[]') AS "accountRoles",
        COALESCE((SELECT json_agg(json_build_object('teamId', t."teamId", 'role', t.role))
                  FROM "TeamMember" t WHERE t."userId" = k."userId"), '[]') AS "teamRoles"
      FROM "ApiKey" k
      WHERE k.hash = ${hash} AND k."revokedAt" IS NULL`;
    return rows[0] ?? null;
  }

  async findLiveByHash(hash: string): Promise<ApiKeyRecord | null> {
    const key = await this.prisma.apiKey.findUnique({ where: { hash }, select: recordFields });
    return key && !key.revokedAt ? (key as ApiKeyRecord) : null;
  }

  async findByKey(key: string): Promise<ApiKeyRecord | null> {
    return (await this.prisma.apiKey.findUnique({
      where: { key },
      select: recordFields,
    })) as ApiKeyRecord | null;
  }

  /** Creates a key and its `api_key.created` events, together. */
  create(key: NewApiKeyRecord): Promise<ApiKeyRecord> {
    return this.prisma.$transaction((tx) => this.createRecorded(tx, key));
  }

  /**
   * Issues an OAuth key and revokes the keys the same user's earlier authorizations of the same client
   * hold, in one transaction: re-authorizing replaces the connection's key.
   */
  replaceOAuthKey(key: NewApiKeyRecord & { oauthClientId: string }): Promise<ApiKeyRecord> {
    return this.prisma.$transaction(async (tx) => {
      await this.revokeRecorded(
        tx,
        { userId: key.userId, source: 'oauth', oauthClientId: key.oauthClientId },
        key.userId,
        'reauthorized',
      );
      return this.createRecorded(tx, key);
    });
  }

  async listForUser(userId: string): Promise<ApiKeyRecord[]> {
    return (await this.prisma.apiKey.findMany({
      where: { userId, revokedAt: null },
      select: recordFields,
      orderBy: { createdAt: 'desc' },
    })) as ApiKeyRecord[];
  }

  /** Live keys of the account's members that can reach it (unrestricted, or restricted to it). */
  async listReachingAccount(
    accountId: string,
  ): Promise<(ApiKeyRecord & { user: { email: string; name: string } })[]> {
    return (await this.prisma.apiKey.findMany({
      where: {
        revokedAt: null,
        OR: [{ accountId }, { accountId: null }],
        user: { memberships: { some: { accountId } } },
      },
      select: { ...recordFields, user: { select: { email: true, name: true } } },
      orderBy: { createdAt: 'desc' },
    })) as (ApiKeyRecord & { user: { email: string; name: string } })[];
  }

  async revoke(id: string, revokedById: string, reason: RevocationReason): Promise<boolean> {
    const revoked = await this.prisma.$transaction((tx) =>
      this.revokeRecorded(tx, { id }, revokedById, reason),
    );
    return revoked.length === 1;
  }

  async revokeByGrant(grantId: string, revokedById: string | null): Promise<number> {
    const revoked = await this.prisma.$transaction((tx) =>
      this.revokeRecorded(tx, { oauthGrantId: grantId }, revokedById, 'grant_revoked'),
    );
    return revoked.length;
  }

  /** Revokes the user's keys of an OAuth client, in the caller's transaction (disconnecting the app). */
  revokeClient(tx: TransactionClient, userId: string, oauthClientId: string): Promise<ApiKeyRecord[]> {
    return this.revokeRecorded(tx, { userId, oauthClientId }, userId, 'app_disconnected');
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
  }

  private async createRecorded(tx: TransactionClient, key: NewApiKeyRecord): Promise<ApiKeyRecord> {
    const created = (await tx.apiKey.create({
      data: { ...key, key: newPublicKey() },
      select: recordFields,
    })) as ApiKeyRecord;
    await this.recordEvents(tx, 'api_key.created', [created], key.userId, () => ({
      restrictedToOneAccount: created.accountId !== null,
    }));
    return created;
  }

  /** Revokes the live keys matching `where` and records an `api_key.revoked` event for each. */
  private async revokeRecorded(
    tx: TransactionClient,
    where: Prisma.ApiKeyWhereInput,
    revokedById: string | null,
    reason: RevocationReason,
  ): Promise<ApiKeyRecord[]> {
    const revoked = (await tx.apiKey.updateManyAndReturn({
      where: { ...where, revokedAt: null },
      data: { revokedAt: new Date(), revokedById },
      select: recordFields,
    })) as ApiKeyRecord[];
    if (!revoked.length) return revoked;
    // Someone else's key: name its owner, since the person who revoked it is the event's actor.
    const othersIds = [...new Set(revoked.map((key) => key.userId).filter((id) => id !== revokedById))];
    const owners = new Map(
      (await tx.user.findMany({ where: { id: { in: othersIds } }, select: { id: true, email: true } })).map(
        (user) => [user.id, user.email],
      ),
    );
    await this.recordEvents(tx, 'api_key.revoked', revoked, revokedById, (key) => ({
      reason,
      ownerEmail: owners.get(key.userId),
    }));
    return revoked;
  }

  /**
   * One event per account each key can act in — the account it is restricted to, else every account its
   * user belongs to — so each account's admins see every key that could act there.
   */
  private async recordEvents(
    tx: TransactionClient,
    action: AuditAction,
    keys: ApiKeyRecord[],
    actorUserId: string | null,
    details: (key: ApiKeyRecord) => AuditData,
  ): Promise<void> {
    const unrestrictedUsers = [...new Set(keys.filter((k) => k.accountId === null).map((k) => k.userId))];
    const memberships = await tx.membership.findMany({
      where: { userId: { in: unrestrictedUsers } },
      select: { userId: true, accountId: true },
    });
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
