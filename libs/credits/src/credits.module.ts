import { Module } from '@nestjs/common';
import { CreditLedger } from './credit-ledger.service.js';
import { CreditStatements } from './credit-statements.service.js';
import { CreditRepository } from './credit.repository.js';

/** AI credits: spending and refunding them, and the statements of the profile pages. Needs DbModule in the app. */
@Module({
  providers: [CreditRepository, CreditLedger, CreditStatements],
  exports: [CreditLedger, CreditStatements],
})
export class CreditsModule {}
