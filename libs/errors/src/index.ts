export {
  DomainError,
  NotFoundError,
  ForbiddenError,
  ConflictError,
  InvalidInputError,
  InsufficientCreditsError,
  MissingScopeError,
  UnauthenticatedError,
  BusyError,
  type InputProblem,
} from './domain-errors.js';
