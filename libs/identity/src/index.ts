export {
  scopes,
  scopeDescriptions,
  newApiKey,
  hashApiKey,
  apiKeyPrefix,
  isWellFormedApiKey,
  hashPassword,
  verifyPassword,
  type Scope,
  type ApiKeyKind,
  type NewApiKey,
} from './credentials.js';
export {
  projectAccess,
  libraryUsableAt,
  isAccountAdmin,
  visibleProjectScope,
  type VisibleProjectScope,
  type Actor,
  type AccessLevel,
  type AccountRole,
  type TeamRole,
  type Placement,
  type LibraryOwnership,
} from './access-policy.js';
export { visibleProjectsCondition } from './visible-projects.sql.js';
export { hasScope, type Principal } from './principal.js';
export { IdentityModule } from './identity.module.js';
export { ActorRepository } from './actor.repository.js';
export { ApiKeyService, type CreatedApiKey } from './api-key.service.js';
export { type ApiKeyRecord } from './api-key.repository.js';
export {
  UserService,
  normalizeEmail,
  minPasswordLength,
  type SignUp,
  type AccountOverview,
} from './user.service.js';
export { type UserSummary } from './user.repository.js';
export {
  SessionService,
  hashSessionToken,
  sessionLifetimeMs,
  type StartedSession,
  type ResolvedSession,
} from './session.service.js';
export { type AccountSummary, type TeamSummary } from './account-directory.repository.js';
