import { Injectable } from '@nestjs/common';
import { type Actor, projectAccess, visibleProjectScope } from '#folio/identity';
import { CreditRepository, type PoolRecord, type StoredEntry } from './credit.repository.js';

/** How many ledger entries a statement shows per pool, newest first. */
const statementLimit = 50;

export interface LedgerLine {
  at: Date;
  /** Positive for credits added (grants, refunds), negative for credits spent. */
  delta: number;
  reason: string;
  /** The linked project's title, when the reader can see that project. */
  projectTitle: string | null;
  pageTitle: string | null;
}

export interface PoolStatement {
  /** The account's or team's public key. */
  key: string;
  name: string;
  accountName: string;
  balance: number;
  lines: LedgerLine[];
  /** All entries of the pool; `lines` holds at most `statementLimit` of them. */
  total: number;
}

export interface CreditStatementsView {
  accounts: PoolStatement[];
  teams: PoolStatement[];
}

/** Balances and ledgers of the credit pools a person may see, for the profile pages. */
@Injectable()
export class CreditStatements {
  constructor(private readonly credits: CreditRepository) {}

  /**
   * The pools of the actor's accounts, and the team pools whose projects they see (the teams they are in;
   * every team of the accounts they own or administer), each with its newest entries.
   */
  async visibleTo(actor: Actor, limit = statementLimit): Promise<CreditStatementsView> {
    const scope = visibleProjectScope(actor);
    const [accounts, teams] = await Promise.all([
      this.credits.accountPools(scope.accountIds),
      this.credits.teamPools(scope),
    ]);
    const statement = (record: PoolRecord) =>
      this.statementOf(record, (entry) => namesProjectTo(actor, entry), limit);
    return {
      accounts: await Promise.all(accounts.map(statement)),
      teams: await Promise.all(teams.map(statement)),
    };
  }

  /** The pool's balance and newest `limit` entries, each naming its project when `namesProject` says so. */
  async statementOf(
    record: PoolRecord,
    namesProject: (entry: StoredEntry) => boolean,
    limit = statementLimit,
  ): Promise<PoolStatement> {
    const { entries, total } = await this.credits.entries(record.pool, limit);
    return {
      key: record.key,
      name: record.name,
      accountName: record.accountName,
      balance: record.credits,
      lines: entries.map((entry) => ledgerLine(entry, namesProject(entry))),
      total,
    };
  }
}

/** A ledger line names a project only to those who can see it (a project may have moved since). */
function namesProjectTo(actor: Actor, entry: StoredEntry): boolean {
  return entry.project !== null && projectAccess(actor, entry.project) !== 'none';
}

/** A stored entry as a statement line, naming its project and page when `namesProject`. */
function ledgerLine(
  { createdAt, delta, reason, project, pageTitle }: StoredEntry,
  namesProject: boolean,
): LedgerLine {
  return {
    at: createdAt,
    delta,
    reason,
    projectTitle: namesProject ? (project?.title ?? null) : null,
    pageTitle: namesProject ? pageTitle : null,
  };
}
