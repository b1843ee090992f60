import { Injectable } from '@nestjs/common';
import { type Prisma, PrismaService } from '#folio/db';
import { type VisibleProjectScope } from '#folio/identity';

/** Where AI credits are drawn from: the team pool for a project in a team workspace, else the account's. */
export interface CreditPool {
  accountId: string;
  teamId: string | null;
}

/** The project and page a ledger entry is about, once they exist. */
export interface EntryLinks {
  projectId?: string | null;
  pageId?: string | null;
}

export interface NewEntry extends EntryLinks {
  reason: string;
}

/** A ledger row: a change of a pool's balance, why, and what it paid for. */
export interface LedgerEntry extends CreditPool, NewEntry {
  delta: number;
}

type TransactionClient = Prisma.TransactionClient;

export interface PoolState {
  kind: 'account' | 'team';
  name: string;
  credits: number;
}

/** A pool as the profile pages list it. */
export interface PoolRecord {
  pool: CreditPool;
  key: string;
  name: string;
  accountName: string;
  credits: number;
}

export interface StoredEntry {
  createdAt: Date;
  delta: number;
  reason: string;
  /** The linked project with its placement, so the reader can decide whether to show its title. */
  project: { title: string; accountId: string; teamId: string | null } | null;
  pageTitle: string | null;
}

/** Credit balances of accounts and teams, and the CreditEntry ledger that explains them. */
@Injectable()
export class CreditRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Takes `amount` from the pool, in the caller's transaction, only if the pool holds that much. */
  takeIfCovered(tx: TransactionClient, pool: CreditPool, amount: number): Promise<boolean> {
    return this.changeWithin(tx, pool, -amount);
  }

  /**
   * Adds `delta` (negative: takes) to the pool, in the caller's transaction, only if the balance stays at
   * or above 0 (and at or below `maxBalance`, when given): the conditional update is re-checked under the
   * row lock, so concurrent changes never overdraw. False when it would not (or the pool does not exist).
   */
  async changeWithin(
    tx: TransactionClient,
    pool: CreditPool,
    delta: number,
    maxBalance?: number,
  ): Promise<boolean> {
    const lte = maxBalance === undefined ? {} : { lte: maxBalance - Math.max(0, delta) };
    const within = { credits: { gte: Math.max(0, -delta), ...lte } };
    const data = { credits: { increment: delta } };
    const { count } = pool.teamId
      ? await tx.team.updateMany({
          where: { id: pool.teamId, accountId: pool.accountId, ...within },
          data,
        })
      : await tx.account.updateMany({ where: { id: pool.accountId, ...within }, data });
    return count > 0;
  }

  /** Adds `amount` back to the pool, in the caller's transaction. */
  async give(tx: TransactionClient, pool: CreditPool, amount: number): Promise<void> {
    const data = { credits: { increment: amount } };
    if (pool.teamId) await tx.team.update({ where: { id: pool.teamId }, data });
    else await tx.account.update({ where: { id: pool.accountId }, data });
  }

  /** Writes a ledger entry in the caller's transaction; returns its id. */
  async addEntry(tx: TransactionClient, entry: LedgerEntry): Promise<string> {
    const created = await tx.creditEntry.create({ data: entry, select: { id: true } });
    return created.id;
  }

  /** Writes a ledger entry under `entry.id` unless one has that id already; returns whether it did. */
  async addEntryOnce(tx: TransactionClient, entry: LedgerEntry & { id: string }): Promise<boolean> {
    const { count } = await tx.creditEntry.createMany({ data: entry, skipDuplicates: true });
    return count > 0;
  }

  findEntry(tx: TransactionClient, id: string): Promise<Omit<LedgerEntry, 'reason'> | null> {
    return tx.creditEntry.findUnique({
      where: { id },
      select: { accountId: true, teamId: true, delta: true, projectId: true, pageId: true },
    });
  }

  async link(entryId: string, links: EntryLinks): Promise<void> {
    await this.prisma.creditEntry.updateMany({ where: { id: entryId }, data: links });
  }

  async state(pool: CreditPool, reader: TransactionClient = this.prisma): Promise<PoolState | null> {
    const select = { name: true, credits: true };
    if (pool.teamId) {
      const team = await reader.team.findFirst({
        where: { id: pool.teamId, accountId: pool.accountId },
        select,
      });
      return team && { kind: 'team', ...team };
    }
    const account = await reader.account.findUnique({ where: { id: pool.accountId }, select });
    return account && { kind: 'account', ...account };
  }

  /** The account, or else the team, with this public key. */
  async poolByKey(key: string): Promise<(PoolRecord & { kind: PoolState['kind'] }) | null> {
    const account = await this.prisma.account.findUnique({
      where: { key },
      select: { id: true, name: true, credits: true },
    });
    if (account) {
      const { id, name, credits } = account;
      return {
        kind: 'account',
        pool: { accountId: id, teamId: null },
        key,
        name,
        accountName: name,
        credits,
      };
    }
    const team = await this.prisma.team.findUnique({
      where: { key },
      select: { id: true, name: true, credits: true, accountId: true, account: { select: { name: true } } },
    });
    if (!team) return null;
    const { id, name, credits, accountId, account: owner } = team;
    return { kind: 'team', pool: { accountId, teamId: id }, key, name, accountName: owner.name, credits };
  }

  /** Account pools by id: personal accounts first, then by name. */
  async accountPools(accountIds: string[]): Promise<PoolRecord[]> {
    const accounts = await this.prisma.account.findMany({
      where: { id: { in: accountIds } },
      select: { id: true, key: true, name: true, credits: true },
      orderBy: [{ kind: 'asc' }, { name: 'asc' }],
    });
    return accounts.map(({ id, key, name, credits }) => ({
      pool: { accountId: id, teamId: null },
      key,
      name,
      accountName: name,
      credits,
    }));
  }

  /** Team pools in the scope: every team of the overseen accounts, the member teams of the others. */
  async teamPools(scope: VisibleProjectScope): Promise<PoolRecord[]> {
    const teams = await this.prisma.team.findMany({
      where: {
        accountId: { in: scope.accountIds },
        OR: [{ accountId: { in: scope.overseenAccountIds } }, { id: { in: scope.teamIds } }],
      },
      select: {
        id: true,
        key: true,
        name: true,
        credits: true,
        accountId: true,
        account: { select: { name: true } },
      },
      orderBy: [{ name: 'asc' }],
    });
    return teams.map(({ id, key, name, credits, accountId, account }) => ({
      pool: { accountId, teamId: id },
      key,
      name,
      accountName: account.name,
      credits,
    }));
  }

  /** The pool's newest `limit` entries, newest first, and how many it has in all. */
  async entries(pool: CreditPool, limit: number): Promise<{ entries: StoredEntry[]; total: number }> {
    const where = pool.teamId ? { teamId: pool.teamId } : { accountId: pool.accountId, teamId: null };
    const [rows, total] = await Promise.all([
      this.prisma.creditEntry.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: {
          createdAt: true,
          delta: true,
          reason: true,
          project: { select: { title: true, accountId: true, workspace: { select: { teamId: true } } } },
          page: { select: { title: true } },
        },
      }),
      this.prisma.creditEntry.count({ where }),
    ]);
    return {
      total,
      entries: rows.map(({ project, page, ...row }) => ({
        ...row,
        project: project && {
          title: project.title,
          accountId: project.accountId,
          teamId: project.workspace?.teamId ?? null,
        },
        pageTitle: page?.title ?? null,
      })),
    };
  }
}
