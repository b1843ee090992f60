export {
  DomainError,
  NotFoundError,
  ForbiddenError,
  ConflictError,
  InvalidInputError,
  InsufficientCreditsError,
  RateLimitedError,
  MissingScopeError,
  UnauthenticatedError,
  type InputProblem,
} from './domain-errors.js';
