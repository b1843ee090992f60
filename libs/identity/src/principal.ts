import { type Actor } from './access-policy.js';
import { type Scope } from './credentials.js';

/** An authenticated API key: the user it acts as, within its scopes (and account restriction). */
export interface Principal {
  keyId: string;
  userId: string;
  scopes: readonly Scope[];
  source: 'manual' | 'oauth';
  oauthClientId: string | null;
  actor: Actor;
}

export function hasScope(principal: Pick<Principal, 'scopes'>, scope: Scope): boolean {
  return principal.scopes.includes(scope);
}
