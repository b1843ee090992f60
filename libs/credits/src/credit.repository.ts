import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
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

/**
 * A refund's ledger id, derived from its debit's: a second refund of the same debit collides on the
 * primary key and adds nothing, even when both run at once (no column marks a debit as refunded).
 */
export function refundEntryId(debitEntryId: string): string {
  const bytes = createHash('sha256').update(`credit-refund:${debitEntryId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // UUID version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A burst of AI calls (each debiting) can outnumber the pool's connections: queue for one longer than
 * Prisma's 2 s default rather than fail a call that the balance covers.
 */
const transactionOptions = { maxWait: 10_000 };

/** Credit balances of accounts and teams, and the CreditEntry ledger that explains them. */
@Injectable()
export class CreditRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Takes `amount` from the pool and records it, in one transaction, only if the pool holds that much:
   * the conditional decrement is re-checked under the row lock, so concurrent draws never overdraw.
   * Returns the ledger entry's id, or null when the balance was short (or the pool does not exist).
   */
  async draw(pool: CreditPool, amount: number, entry: NewEntry): Promise<string | null> {
    return this.prisma.$transaction(async (tx) => {
      const covered = { credits: { gte: amount } };
      const data = { credits: { decrement: amount } };
      const { count } = pool.teamId
        ? await tx.team.updateMany({
            where: { id: pool.teamId, accountId: pool.accountId, ...covered },
            data,
          })
        : await tx.account.updateMany({ where: { id: pool.accountId, ...covered }, data });
      if (count === 0) return null;
      const created = await tx.creditEntry.create({
        data: { ...pool, delta: -amount, ...entry },
        select: { id: true },
      });
      return created.id;
    }, transactionOptions);
  }

  /**
   * Gives a debit's credits back to the pool it came from, with a positive entry that keeps the debit's
   * project and page unless `entry` names others. False when there was nothing (left) to refund.
   */
  async giveBack(debitEntryId: string, entry: NewEntry): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const debit = await tx.creditEntry.findUnique({
        where: { id: debitEntryId },
        select: { accountId: true, teamId: true, delta: true, projectId: true, pageId: true },
      });
      if (!debit || debit.delta >= 0) return false;
      const amount = -debit.delta;
      const { count } = await tx.creditEntry.createMany({
        data: {
          id: refundEntryId(debitEntryId),
          accountId: debit.accountId,
          teamId: debit.teamId,
          delta: amount,
          reason: entry.reason,
          projectId: entry.projectId === undefined ? debit.projectId : entry.projectId,
          pageId: entry.pageId === undefined ? debit.pageId : entry.pageId,
        },
        skipDuplicates: true,
      });
      if (count === 0) return false;
      const data = { credits: { increment: amount } };
      if (debit.teamId) await tx.team.update({ where: { id: debit.teamId }, data });
      else await tx.account.update({ where: { id: debit.accountId }, data });
      return true;
    }, transactionOptions);
  }

  async link(entryId: string, links: EntryLinks): Promise<void> {
    await this.prisma.creditEntry.updateMany({ where: { id: entryId }, data: links });
  }

  async state(pool: CreditPool): Promise<PoolState | null> {
    const select = { name: true, credits: true };
    if (pool.teamId) {
      const team = await this.prisma.team.findFirst({
        where: { id: pool.teamId, accountId: pool.accountId },
        select,
      });
      return team && { kind: 'team', ...team };
    }
    const account = await this.prisma.account.findUnique({ where: { id: pool.accountId }, select });
    return account && { kind: 'account', ...account };
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
