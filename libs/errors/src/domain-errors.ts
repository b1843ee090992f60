// Domain errors, thrown by lib services and mapped once per edge (HTTP filter, MCP isError result, worker).

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'not_found'
    | 'forbidden'
    | 'conflict'
    | 'invalid_input'
    | 'insufficient_credits'
    | 'missing_scope'
    | 'unauthenticated'
    | 'rate_limited';
}

/** Also used for "exists but not visible to you": the two must look the same. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

export interface InputProblem {
  /** JSON path of the offending value, e.g. `pages[1].data[3].header`. */
  path: string;
  message: string;
}

export class InvalidInputError extends DomainError {
  readonly kind = 'invalid_input';
  constructor(readonly problems: InputProblem[]) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
  }
}

export class InsufficientCreditsError extends DomainError {
  readonly kind = 'insufficient_credits';
  constructor(
    readonly needed: number,
    readonly available: number,
    pool: string,
  ) {
    super(`Not enough AI credits: this needs ${needed}, ${pool} has ${available}.`);
  }
}

export class MissingScopeError extends DomainError {
  readonly kind = 'missing_scope';
  constructor(readonly scope: string) {
    super(
      `This credential lacks the ${scope} scope. Re-authorize the connection (or use an API key) with ${scope}.`,
    );
  }
}

export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** Too much of something costly in too short a time; the caller may try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${what}: try again in ${retryAfterSeconds} s.`);
  }
}
