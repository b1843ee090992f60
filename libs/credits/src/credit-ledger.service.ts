import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { InsufficientCreditsError, NotFoundError } from '#folio/errors';
import { type CreditPool, CreditRepository, type NewEntry, type PoolState } from './credit.repository.js';
import { poolName } from './pool-name.js';

/**
 * A refund's ledger id, derived from its debit's: a second refund of the same debit collides on the
 * primary key and adds nothing, even when both run at once (no column marks a debit as refunded).
 */
function refundEntryId(debitEntryId: string): string {
  const bytes = createHash('sha256').update(`credit-refund:${debitEntryId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // UUID version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A burst of AI calls (each debiting) can outnumber the pool's connections: queue for one longer than
 * Prisma's 2 s default rather than fail a call that the balance covers. Inside the transaction, the
 * debits of one pool queue on its row's lock one after another: 50 at once on a busy machine outlast
 * Prisma's 5 s transaction timeout, which closed the later ones mid-queue as internal errors.
 */
const transactionOptions = { maxWait: 10_000, timeout: 30_000 };

/** Credits taken from a pool; hand it back to `attach` or `refund`. A zero debit recorded nothing. */
export interface Debit {
  /** The ledger entry of the debit; null for a zero debit. */
  entryId: string | null;
  pool: CreditPool;
  amount: number;
}

/** Spends and refunds AI credits, each movement written to the ledger with the balance change. */
@Injectable()
export class CreditLedger {
  constructor(
    private readonly prisma: PrismaService,
    private readonly credits: CreditRepository,
  ) {}

  /**
   * Takes `amount` credits from the pool atomically, or throws InsufficientCreditsError (naming the pool
   * and its balance) and takes nothing. A debit of 0 records nothing.
   */
  async debit(pool: CreditPool, amount: number, entry: NewEntry): Promise<Debit> {
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw new RangeError(`A debit is a whole number of credits, not ${amount}.`);
    if (amount === 0) return { entryId: null, pool, amount };
    const entryId = await this.prisma.$transaction(
      async (tx) =>
        (await this.credits.takeIfCovered(tx, pool, amount))
          ? this.credits.addEntry(tx, { ...pool, delta: -amount, ...entry })
          : null,
      transactionOptions,
    );
    if (entryId) return { entryId, pool, amount };
    const state = await this.requireState(pool);
    throw new InsufficientCreditsError(amount, state.credits, poolName(state));
  }

  /** Links the debit's ledger entry to the project and page it paid for, once they exist. */
  async attach(debit: Debit, links: { projectId: string; pageId?: string | null }): Promise<void> {
    if (debit.entryId) await this.credits.link(debit.entryId, links);
  }

  /**
   * Gives a debit back to its pool, with a ledger entry that keeps the debit's project and page unless
   * others are named. Refunding the same debit again gives nothing more; returns whether this call did.
   */
  async refund(debit: Debit, entry: NewEntry): Promise<boolean> {
    return debit.entryId ? this.giveBack(debit.entryId, entry) : false;
  }

  /**
   * Throws the InsufficientCreditsError `debit` would when the pool holds less than `amount`, taking
   * nothing: a check before work that costs others (outbound requests), not a reservation.
   */
  async requireCovered(pool: CreditPool, amount: number): Promise<void> {
    const state = await this.requireState(pool);
    if (state.credits < amount) throw new InsufficientCreditsError(amount, state.credits, poolName(state));
  }

  async balance(pool: CreditPool): Promise<number> {
    return (await this.requireState(pool)).credits;
  }

  /** Refunds the ledger entry `debitEntryId` unless it is no debit or was refunded already. */
  private giveBack(debitEntryId: string, entry: NewEntry): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const debit = await this.credits.findEntry(tx, debitEntryId);
      if (!debit || debit.delta >= 0) return false;
      const amount = -debit.delta;
      const added = await this.credits.addEntryOnce(tx, {
        id: refundEntryId(debitEntryId),
        accountId: debit.accountId,
        teamId: debit.teamId,
        delta: amount,
        reason: entry.reason,
        projectId: entry.projectId === undefined ? debit.projectId : entry.projectId,
        pageId: entry.pageId === undefined ? debit.pageId : entry.pageId,
      });
      if (!added) return false;
      await this.credits.give(tx, debit, amount);
      return true;
    }, transactionOptions);
  }

  private async requireState(pool: CreditPool): Promise<PoolState> {
    const state = await this.credits.state(pool);
    if (!state) throw new NotFoundError('No such credit pool.');
    return state;
  }
}
