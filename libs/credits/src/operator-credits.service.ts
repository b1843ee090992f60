// Operators' credit moves: topping up or taking back an account's or a team's AI credits by hand.
import { Injectable } from '@nestjs/common';
import { AuditLog } from '#folio/audit';
import { PrismaService } from '#folio/db';
import { ForbiddenError, type InputProblem, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { CreditStatements, type PoolStatement } from './credit-statements.service.js';
import { CreditRepository, type PoolRecord, type PoolState } from './credit.repository.js';
import { poolName } from './pool-name.js';

/** The most one grant or withdrawal may move. */
export const maxCreditMove = 1_000_000;
/** The most a pool may hold (its column is a 32-bit integer). */
export const maxPoolBalance = 1_000_000_000;
export const maxMoveReasonLength = 200;

/**
 * Someone at the server's shell running `npm run credits`, named by their login there: the shell is an
 * operator's by definition. Anyone else moves credits as an actor, who must be an operator.
 */
export interface ShellOperator {
  shellUser: string;
}

export interface CreditMove {
  /** The account's or the team's public key. */
  key: string;
  action: 'grant' | 'withdraw';
  /** How many credits, as the operator typed them: decimal digits only (no sign), 1 to `maxCreditMove`. */
  amount: string;
  /** Why, for the ledger the account's members read and the audit log. */
  reason: string;
}

/** The pool a move changed, the change (negative for a withdrawal) and its balance after. */
export interface MovedCredits {
  kind: PoolState['kind'];
  key: string;
  name: string;
  delta: number;
  balance: number;
}

/** A pool as operators see it: its kind, balance and newest ledger lines, every project named. */
export interface OperatorPoolView extends PoolStatement {
  kind: PoolState['kind'];
}

@Injectable()
export class OperatorCredits {
  constructor(
    private readonly prisma: PrismaService,
    private readonly credits: CreditRepository,
    private readonly statements: CreditStatements,
    private readonly audit: AuditLog,
  ) {}

  /** The account or team with this public key, with its balance and newest ledger entries, projects named. */
  async pool(by: Actor | ShellOperator, key: string): Promise<OperatorPoolView> {
    mustBeOperator(by);
    const record = await this.requirePool(key);
    return { kind: record.kind, ...(await this.statements.statementOf(record, () => true)) };
  }

  /**
   * Grants or withdraws credits: the balance change, its ledger entry and the audit event (in the account's
   * log) commit together. A withdrawal never takes the balance below zero, nor a grant above
   * `maxPoolBalance`: either is an InvalidInputError naming the balance, and moves nothing.
   */
  async move(by: Actor | ShellOperator, move: CreditMove): Promise<MovedCredits> {
    mustBeOperator(by);
    const reason = move.reason.trim();
    const amount = creditAmount(move.amount);
    const problems = moveProblems(amount, reason);
    if (amount === null || problems.length) throw new InvalidInputError(problems);
    const delta = move.action === 'withdraw' ? -amount : amount;
    const record = await this.requirePool(move.key);
    const { pool } = record;
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.credits.changeWithin(tx, pool, delta, maxPoolBalance))) {
        const balance = (await this.credits.state(pool, tx))?.credits ?? 0;
        throw new InvalidInputError([{ path: 'amount', message: refusal(record, delta, balance) }]);
      }
      await this.credits.addEntry(tx, { ...pool, delta, reason });
      const balance = (await this.credits.state(pool, tx))!.credits;
      await this.audit.record(
        {
          action: delta > 0 ? 'credits.granted' : 'credits.withdrawn',
          accountIds: [pool.accountId],
          actorUserId: 'userId' in by ? by.userId : null,
          target: { type: record.kind, id: record.key },
          data: {
            name: record.name,
            amount,
            reason,
            balance,
            shellUser: 'shellUser' in by ? by.shellUser : undefined,
          },
        },
        tx,
      );
      return { kind: record.kind, key: record.key, name: record.name, delta, balance };
    });
  }

  private async requirePool(key: string) {
    const record = await this.credits.poolByKey(key);
    if (!record) throw new NotFoundError(`No account or team has the key ${key}.`);
    return record;
  }
}

function mustBeOperator(by: Actor | ShellOperator): void {
  if ('userId' in by && !by.isOperator)
    throw new ForbiddenError("Granting and withdrawing credits is for Folio's operators (ADMIN_EMAILS).");
}

/**
 * The credits an operator typed, or null unless it is written in decimal digits alone (no sign, exponent,
 * hex, fraction or spaces: `Number()` would read `0x10`, `1e3` and `-5`) and is 1 to `maxCreditMove`. The
 * direction is the action's, never the amount's.
 */
function creditAmount(typed: string): number | null {
  if (!/^[0-9]{1,7}$/.test(typed)) return null;
  const amount = Number.parseInt(typed, 10);
  return amount >= 1 && amount <= maxCreditMove ? amount : null;
}

function moveProblems(amount: number | null, reason: string): InputProblem[] {
  const problems: InputProblem[] = [];
  if (amount === null)
    problems.push({
      path: 'amount',
      message: `Give a whole number of credits from 1 to ${maxCreditMove.toLocaleString('en')}, in digits only.`,
    });
  if (!reason || reason.length > maxMoveReasonLength)
    problems.push({
      path: 'reason',
      message: `Say why, in 1 to ${maxMoveReasonLength} characters: the account's members read it in their ledger.`,
    });
  return problems;
}

function refusal(record: PoolRecord & Pick<PoolState, 'kind'>, delta: number, balance: number): string {
  const pool = poolName(record);
  return delta < 0
    ? `${capitalized(pool)} has ${balance} credits: withdrawing ${-delta} would take it below zero.`
    : `${capitalized(pool)} has ${balance} credits: granting ${delta} would take it above ${maxPoolBalance.toLocaleString('en')}.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
