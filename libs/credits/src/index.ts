export { CreditsModule } from './credits.module.js';
export { CreditLedger, type Debit } from './credit-ledger.service.js';
export {
  CreditStatements,
  type CreditStatementsView,
  type PoolStatement,
  type LedgerLine,
} from './credit-statements.service.js';
export { type CreditPool } from './credit.repository.js';
export {
  OperatorCredits,
  type CreditMove,
  type ShellOperator,
  type MovedCredits,
  type OperatorPoolView,
  maxCreditMove,
  maxMoveReasonLength,
} from './operator-credits.service.js';
