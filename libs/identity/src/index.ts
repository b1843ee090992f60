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
export { type Actor, type AccountRole, type TeamRole } from './actor.js';
export {
  projectAccess,
  libraryUsableAt,
  isAccountAdmin,
  visibleProjectScope,
  type VisibleProjectScope,
  type AccessLevel,
  type Placement,
  type LibraryOwnership,
} from './access-policy.js';
export { visibleProjectsCondition } from './visible-projects.sql.js';
export { hasScope, type Principal } from './principal.js';
export { PrincipalCache } from './principal-cache.js';
export { IdentityModule } from './identity.module.js';
export { ActorService } from './actor.service.js';
export { ApiKeyService, type CreatedApiKey } from './api-key.service.js';
export { type ApiKeyRecord } from './api-key.repository.js';
export {
  UserService,
  normalizeEmail,
  minPasswordLength,
  type SignUp,
  type AccountOverview,
} from './user.service.js';
export {
  SessionService,
  hashSessionToken,
  sessionLifetimeMs,
  type StartedSession,
  type ResolvedSession,
} from './session.service.js';
export { type AccountSummary, type TeamSummary } from './account-directory.repository.js';
