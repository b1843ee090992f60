import { Injectable } from '@nestjs/common';
import { newPublicKey } from '#folio/content';
import { type Prisma, PrismaService } from '#folio/db';
import { type AccountRole, type TeamRole } from './actor.js';
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

type TransactionClient = Prisma.TransactionClient;

/** The live keys a revocation takes: one key, an OAuth grant's, or a user's keys of an OAuth client. */
export type RevocationTarget =
  { id: string } | { oauthGrantId: string } | { userId: string; oauthClientId: string; source?: 'oauth' };

/** A live key with its user and their account and team roles: all that authenticating a request needs. */
export interface LiveCredential {
  id: string;
  /** The key's own name (ApiKey.name). */
  keyName: string;
  userId: string;
  email: string;
  name: string;
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
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The live key with this hash, its user and their roles, in one round trip: what verifying a key reads when
   * the principal cache cannot answer (a key not yet held, or the cache not trusted).
   */
  async findLiveCredential(hash: string): Promise<LiveCredential | null> {
    const rows = await this.prisma.$queryRaw<LiveCredential[]>`
      SELECT k.id, k.name AS "keyName", k."userId", u.email, u.name, k."accountId", k.scopes, k.source, k."oauthClientId", k."lastUsedAt",
        COALESCE((SELECT json_agg(json_build_object('accountId', m."accountId", 'role', m.role))
                  FROM "Membership" m WHERE m."userId" = k."userId"), '[]') AS "accountRoles",
        COALESCE((SELECT json_agg(json_build_object('teamId', t."teamId", 'role', t.role))
                  FROM "TeamMember" t WHERE t."userId" = k."userId"), '[]') AS "teamRoles"
      FROM "ApiKey" k JOIN "User" u ON u.id = k."userId"
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

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
  }

  /** Inserts the key under a fresh public key, in the caller's transaction. */
  async create(tx: TransactionClient, key: NewApiKeyRecord): Promise<ApiKeyRecord> {
    return (await tx.apiKey.create({
      data: { ...key, key: newPublicKey() },
      select: recordFields,
    })) as ApiKeyRecord;
  }

  /** Marks the live keys of `target` revoked, in the caller's transaction, and returns them. */
  async revokeLive(
    tx: TransactionClient,
    target: RevocationTarget,
    revokedById: string | null,
  ): Promise<ApiKeyRecord[]> {
    return (await tx.apiKey.updateManyAndReturn({
      where: { ...target, revokedAt: null },
      data: { revokedAt: new Date(), revokedById },
      select: recordFields,
    })) as ApiKeyRecord[];
  }

  /** The accounts these users belong to, one row per membership. */
  membershipsOf(tx: TransactionClient, userIds: string[]): Promise<{ userId: string; accountId: string }[]> {
    return tx.membership.findMany({
      where: { userId: { in: userIds } },
      select: { userId: true, accountId: true },
    });
  }

  /** The email of each of these users, by id. */
  async emailsOf(tx: TransactionClient, userIds: string[]): Promise<Map<string, string>> {
    const users = await tx.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, email: true },
    });
    return new Map(users.map((user) => [user.id, user.email]));
  }
}
