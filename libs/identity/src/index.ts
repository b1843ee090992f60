export {
  scopes,
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
