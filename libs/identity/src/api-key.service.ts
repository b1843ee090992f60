import { Injectable, Logger } from '@nestjs/common';
import { type Prisma, PrismaService } from '#folio/db';
import { InvalidInputError, NotFoundError } from '#folio/errors';
import { isAccountAdmin } from './access-policy.js';
import { type Actor } from './actor.js';
import { ActorService } from './actor.service.js';
import { ApiKeyEvents, type RevocationReason } from './api-key-events.service.js';
import {
  type ApiKeyRecord,
  ApiKeyRepository,
  type NewApiKeyRecord,
  type RevocationTarget,
} from './api-key.repository.js';
import {
  hashApiKey,
  isWellFormedApiKey,
  newApiKey,
  type Scope,
  scopes as knownScopes,
} from './credentials.js';
import { type Principal } from './principal.js';
import { PrincipalCache, type VerifiedKey } from './principal-cache.js';

/** lastUsedAt is refreshed at most this often per key, so verification is not a write per request. */
const touchInterval = 60_000;

export interface CreatedApiKey {
  key: ApiKeyRecord;
  /** The key text, shown to its owner once. */
  text: string;
}

@Injectable()
export class ApiKeyService {
  private readonly logger = new Logger(ApiKeyService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly keys: ApiKeyRepository,
    private readonly events: ApiKeyEvents,
    private readonly actors: ActorService,
    private readonly principals: PrincipalCache,
  ) {}

  /**
   * The principal a presented key acts as, or null for an unknown, malformed or revoked key. Held in
   * memory between requests and dropped on every instance the moment the key, or its user's memberships
   * and team roles, change (`PrincipalCache`), so a revocation anywhere is refused on the next request.
   */
  async authenticate(text: string): Promise<Principal | null> {
    if (!isWellFormedApiKey(text)) return null;
    const hash = hashApiKey(text);
    const verified = await this.principals.verify(hash, () => this.readVerified(hash));
    if (!verified) return null;
    this.noteUse(verified);
    return verified.principal;
  }

  private async readVerified(hash: string): Promise<VerifiedKey | null> {
    const key = await this.keys.findLiveCredential(hash);
    if (!key) return null;
    const principal: Principal = {
      keyId: key.id,
      keyName: key.keyName,
      scopes: key.scopes,
      source: key.source,
      oauthClientId: key.oauthClientId,
      actor: this.actors.of(key, key.accountId),
    };
    return { principal, lastUsedAt: key.lastUsedAt };
  }

  /** Writes lastUsedAt when the last write is older than a minute, without holding up the request. */
  private noteUse(verified: VerifiedKey): void {
    const now = new Date();
    if (verified.lastUsedAt && now.getTime() - verified.lastUsedAt.getTime() <= touchInterval) return;
    verified.lastUsedAt = now;
    this.keys
      .touch(verified.principal.keyId, now)
      .catch((error: Error) => this.logger.warn(`lastUsedAt not updated: ${error.message}`));
  }

  /** A key made by a person in the profile page. */
  async create(
    actor: Actor,
    request: { name: string; scopes: string[]; accountId?: string | null },
  ): Promise<CreatedApiKey> {
    const problems = [];
    const name = request.name.trim();
    if (!name || name.length > 100)
      problems.push({ path: 'name', message: 'give the key a name of 1 to 100 characters' });
    const scopes = [...new Set(request.scopes)];
    if (!scopes.includes('list:project'))
      problems.push({ path: 'scopes', message: 'every key needs list:project' });
    const unknown = scopes.filter((s) => !(knownScopes as readonly string[]).includes(s));
    if (unknown.length) problems.push({ path: 'scopes', message: `unknown scope ${unknown.join(', ')}` });
    if (request.accountId && !actor.accountRoles.has(request.accountId)) {
      problems.push({ path: 'accountId', message: 'you are not a member of that account' });
    }
    if (problems.length) throw new InvalidInputError(problems);
    const fresh = newApiKey('sk');
    const key = await this.prisma.$transaction((tx) =>
      this.createRecorded(tx, {
        userId: actor.userId,
        accountId: request.accountId ?? null,
        name,
        prefix: fresh.prefix,
        hash: fresh.hash,
        scopes: scopes as Scope[],
        source: 'manual',
      }),
    );
    return { key, text: fresh.text };
  }

  /**
   * The key an OAuth grant hands to its client (the access token). It replaces any key the same user's
   * earlier authorizations of that client hold, in the same transaction.
   */
  issueForOAuth(grant: {
    userId: string;
    clientId: string;
    grantId: string;
    clientName: string;
    text: string;
    scopes: Scope[];
  }): Promise<ApiKeyRecord> {
    return this.prisma.$transaction(async (tx) => {
      const earlier = { userId: grant.userId, source: 'oauth', oauthClientId: grant.clientId } as const;
      await this.revokeRecorded(tx, earlier, grant.userId, 'reauthorized');
      return this.createRecorded(tx, {
        userId: grant.userId,
        name: grant.clientName,
        prefix: grant.text.slice(0, 13),
        hash: hashApiKey(grant.text),
        scopes: grant.scopes,
        source: 'oauth',
        oauthClientId: grant.clientId,
        oauthGrantId: grant.grantId,
      });
    });
  }

  /** Whether a presented key exists and is not revoked (OAuth introspection and token lookups). */
  async isLive(text: string): Promise<boolean> {
    return (await this.keys.findLiveByHash(hashApiKey(text))) !== null;
  }

  /** Revokes a key its holder presents (RFC 7009 token revocation by the OAuth client, for its user). */
  async revokeByText(text: string): Promise<void> {
    const key = await this.keys.findLiveByHash(hashApiKey(text));
    if (key) await this.revokeAlone({ id: key.id }, key.userId, 'oauth_client');
  }

  listOwn(actor: Actor): Promise<ApiKeyRecord[]> {
    return this.keys.listForUser(actor.userId);
  }

  /** Members' keys that can reach an account; for its owners and admins only. */
  async listForAccountAdmin(actor: Actor, accountId: string) {
    if (!isAccountAdmin(actor, accountId)) throw new NotFoundError('No such account.');
    return this.keys.listReachingAccount(accountId);
  }

  /**
   * Revokes a key: one's own, or, for an account owner or admin, a member's key that can reach that
   * account. Anything else looks like a key that does not exist.
   */
  async revoke(actor: Actor, publicKey: string, asAdminOf?: string): Promise<ApiKeyRecord> {
    const key = await this.keys.findByKey(publicKey);
    if (!key || key.revokedAt || !(await this.mayRevoke(actor, key, asAdminOf)))
      throw new NotFoundError('No such key.');
    const reason = key.userId === actor.userId ? 'owner' : 'account_admin';
    await this.revokeAlone({ id: key.id }, actor.userId, reason);
    return key;
  }

  private async mayRevoke(actor: Actor, key: ApiKeyRecord, asAdminOf?: string): Promise<boolean> {
    if (key.userId === actor.userId) return true;
    if (!asAdminOf || !isAccountAdmin(actor, asAdminOf)) return false;
    if (key.accountId !== null && key.accountId !== asAdminOf) return false;
    const owner = await this.actors.load(key.userId);
    return owner.accountRoles.has(asAdminOf);
  }

  /** Revokes the actor's keys of an OAuth client inside the caller's transaction (disconnecting the app). */
  revokeClient(tx: Prisma.TransactionClient, actor: Actor, clientId: string): Promise<ApiKeyRecord[]> {
    const target = { userId: actor.userId, oauthClientId: clientId };
    return this.revokeRecorded(tx, target, actor.userId, 'app_disconnected');
  }

  async revokeGrant(grantId: string, revokedById: string | null): Promise<number> {
    return (await this.revokeAlone({ oauthGrantId: grantId }, revokedById, 'grant_revoked')).length;
  }

  /** Creates the key and its `api_key.created` events in the caller's transaction. */
  private async createRecorded(tx: Prisma.TransactionClient, record: NewApiKeyRecord): Promise<ApiKeyRecord> {
    const key = await this.keys.create(tx, record);
    await this.events.created(tx, key);
    return key;
  }

  /** Revokes the live keys of `target` and records their `api_key.revoked` events, in the caller's tx. */
  private async revokeRecorded(
    tx: Prisma.TransactionClient,
    target: RevocationTarget,
    revokedById: string | null,
    reason: RevocationReason,
  ): Promise<ApiKeyRecord[]> {
    const revoked = await this.keys.revokeLive(tx, target, revokedById);
    await this.events.revoked(tx, revoked, revokedById, reason);
    return revoked;
  }

  /** `revokeRecorded` in a transaction of its own. */
  private revokeAlone(
    target: RevocationTarget,
    revokedById: string | null,
    reason: RevocationReason,
  ): Promise<ApiKeyRecord[]> {
    return this.prisma.$transaction((tx) => this.revokeRecorded(tx, target, revokedById, reason));
  }
}
