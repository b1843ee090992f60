// What the account pages show that takes more than one service to put together: API keys with the names
// of the accounts they reach, a new key (or why not), members' keys and the audit log of an account.
import { Injectable } from '@nestjs/common';
import { type AuditEvent, AuditLog } from '#folio/audit';
import { InvalidInputError, NotFoundError } from '#folio/errors';
import {
  type AccountSummary,
  type Actor,
  type ApiKeyRecord,
  ApiKeyService,
  type CreatedApiKey,
  UserService,
} from '#folio/identity';
import { type NewKeyForm } from './account.dto.js';

export interface KeysPage {
  keys: (ApiKeyRecord & { accountName: string | null })[];
  /** The accounts a new key may be restricted to. */
  accounts: AccountSummary[];
}

/** The keys page after a new key's form: the key made (its text shown once), or the form's problems. */
export type NewKeyPage = KeysPage & ({ created: CreatedApiKey } | { errors: Record<string, string> });

export interface MemberKeysPage {
  account: { key: string; name: string };
  keys: Awaited<ReturnType<ApiKeyService['listForAccountAdmin']>>;
}

export interface AuditLogPage {
  account: AccountSummary;
  /** Every account the actor administers, to switch between. */
  accounts: AccountSummary[];
  events: AuditEvent[];
  page: number;
  pageCount: number;
  total: number;
}

@Injectable()
export class AccountPages {
  constructor(
    private readonly users: UserService,
    private readonly apiKeys: ApiKeyService,
    private readonly audit: AuditLog,
  ) {}

  /** The actor's live keys, each with the account it is restricted to (by name), and their accounts. */
  async keys(actor: Actor): Promise<KeysPage> {
    const [keys, { accounts }] = await Promise.all([
      this.apiKeys.listOwn(actor),
      this.users.overview(actor.userId),
    ]);
    const names = new Map(accounts.map((account) => [account.id, account.name]));
    return {
      keys: keys.map((key) => ({
        ...key,
        accountName: key.accountId ? (names.get(key.accountId) ?? 'Another account') : null,
      })),
      accounts,
    };
  }

  /** Makes a key from the form, restricted to the account it names (one of the actor's), and the keys page. */
  async createKey(actor: Actor, form: NewKeyForm): Promise<NewKeyPage> {
    try {
      const accountId = form.accountKey ? await this.users.memberAccountId(actor, form.accountKey) : null;
      const created = await this.apiKeys.create(actor, { name: form.name, scopes: form.scopes, accountId });
      return { ...(await this.keys(actor)), created };
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      const errors = Object.fromEntries(error.problems.map((p) => [p.path, p.message]));
      return { ...(await this.keys(actor)), errors };
    }
  }

  /** The keys that reach an account the actor administers; NotFoundError for any other account. */
  async memberKeys(actor: Actor, accountKey: string): Promise<MemberKeysPage> {
    const account = await this.users.administeredAccount(actor, accountKey);
    return { account, keys: await this.apiKeys.listForAccountAdmin(actor, account.id) };
  }

  /** Revokes a member's key that reaches an account the actor administers; NotFoundError otherwise. */
  async revokeMemberKey(actor: Actor, accountKey: string, key: string): Promise<void> {
    const account = await this.users.administeredAccount(actor, accountKey);
    await this.apiKeys.revoke(actor, key, account.id);
  }

  /**
   * One page of the audit log of an account the actor administers: the one `accountKey` names, else the
   * first. NotFoundError when they administer none, or not that one.
   */
  async auditLog(actor: Actor, accountKey: string | undefined, page: number): Promise<AuditLogPage> {
    const administered = await this.users.administeredAccounts(actor);
    const account =
      accountKey === undefined
        ? administered[0]
        : administered.find((candidate) => candidate.key === accountKey);
    if (!account) throw new NotFoundError('No such account.');
    return { account, accounts: administered, ...(await this.audit.page(account.id, page)) };
  }
}
