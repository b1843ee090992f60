export { ImplementationCheckModule } from './implementation-check.module.js';
export { ImplementationCheck, checkTimeoutMs } from './implementation-check.service.js';
export {
  type CheckAnswer,
  type CheckRequest,
  type CheckResult,
  type Implementation,
  maxMismatches,
} from './check-request.js';
export { type BreakpointScores, type Mismatch, type MismatchKind } from './breakpoint-comparison.js';
