import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { CreditLedger } from './credit-ledger.service.js';
import { CreditStatements } from './credit-statements.service.js';
import { CreditRepository } from './credit.repository.js';
import { OperatorCredits } from './operator-credits.service.js';

/**
 * AI credits: spending and refunding them, the statements of the profile pages, and operators' grants and
 * withdrawals. Needs DbModule in the app.
 */
@Module({
  imports: [AuditModule],
  providers: [CreditRepository, CreditLedger, CreditStatements, OperatorCredits],
  exports: [CreditLedger, CreditStatements, OperatorCredits],
})
export class CreditsModule {}
