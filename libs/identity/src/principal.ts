import { type Actor } from './actor.js';
import { type Scope } from './credentials.js';

/**
 * The credential of a request: an authenticated API key, its scopes and the app it was issued to (if any),
 * carrying the actor it acts for (restricted to the key's account, when the key is).
 */
export interface Principal {
  keyId: string;
  /** The key's name: the one its owner gave it, or the connected app's. */
  keyName: string;
  scopes: readonly Scope[];
  /** `manual`: made in the profile page; `oauth`: issued to a connected app. */
  source: 'manual' | 'oauth';
  oauthClientId: string | null;
  actor: Actor;
}

export function hasScope(principal: Pick<Principal, 'scopes'>, scope: Scope): boolean {
  return principal.scopes.includes(scope);
}
