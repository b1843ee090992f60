import { Injectable } from '@nestjs/common';
import { InsufficientCreditsError, NotFoundError } from '#folio/errors';
import { type CreditPool, CreditRepository, type NewEntry, type PoolState } from './credit.repository.js';

/** Credits taken from a pool; hand it back to `attach` or `refund`. A zero debit recorded nothing. */
export interface Debit {
  /** The ledger entry of the debit; null for a zero debit. */
  entryId: string | null;
  pool: CreditPool;
  amount: number;
}

/** How a pool is named in messages: "the Atlas team's pool", "Acme's account". */
function poolName(state: Pick<PoolState, 'kind' | 'name'>): string {
  if (state.kind === 'team')
    return /\bteam$/i.test(state.name) ? `the ${state.name}'s pool` : `the ${state.name} team's pool`;
  return /\baccount$/i.test(state.name) ? state.name : `${state.name}'s account`;
}

/** Spends and refunds AI credits, each movement written to the ledger with the balance change. */
@Injectable()
export class CreditLedger {
  constructor(private readonly credits: CreditRepository) {}

  /**
   * Takes `amount` credits from the pool atomically, or throws InsufficientCreditsError (naming the pool
   * and its balance) and takes nothing. A debit of 0 records nothing.
   */
  async debit(pool: CreditPool, amount: number, entry: NewEntry): Promise<Debit> {
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw new RangeError(`A debit is a whole number of credits, not ${amount}.`);
    if (amount === 0) return { entryId: null, pool, amount };
    const entryId = await this.credits.draw(pool, amount, entry);
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
    return debit.entryId ? this.credits.giveBack(debit.entryId, entry) : false;
  }

  async balance(pool: CreditPool): Promise<number> {
    return (await this.requireState(pool)).credits;
  }

  private async requireState(pool: CreditPool): Promise<PoolState> {
    const state = await this.credits.state(pool);
    if (!state) throw new NotFoundError('No such credit pool.');
    return state;
  }
}
