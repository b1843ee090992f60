export {
  aiRequestSchema,
  aiImageSchema,
  aiOutcomeSchema,
  maxAiLibraries,
  maxAiImages,
  type AiRequest,
  type AiOutcome,
} from './ai-request.js';
export { AiPageService, type AiTarget, type AiPageTarget } from './ai-page.service.js';
export { AiModule } from './ai.module.js';
export { CreditsModule } from './credits/credits.module.js';
export { CreditLedger, type Debit } from './credits/credit-ledger.service.js';
export {
  CreditStatements,
  type CreditStatementsView,
  type PoolStatement,
  type LedgerLine,
} from './credits/credit-statements.service.js';
export { type CreditPool } from './credits/credit.repository.js';
export { AiImagesModule } from './images/ai-images.module.js';
