export {
  DomainError,
  NotFoundError,
  ForbiddenError,
  ConflictError,
  InvalidInputError,
  InsufficientCreditsError,
  MissingScopeError,
  UnauthenticatedError,
  type InputProblem,
} from './domain-errors.js';
