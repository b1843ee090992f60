import { type Principal, type Scope, type UserSummary } from '#folio/identity';

/** What the presented key can do, for the script holding it. No internal ids. */
export interface CredentialDto {
  user: { email: string; name: string };
  scopes: Scope[];
  /** `manual`: made in the profile page; `oauth`: issued to a connected app. */
  source: 'manual' | 'oauth';
  /** The OAuth client the key was issued to, or null for a manual key. */
  client: string | null;
}

export function toCredentialDto(principal: Principal, user: UserSummary): CredentialDto {
  return {
    user: { email: user.email, name: user.name },
    scopes: [...principal.scopes],
    source: principal.source,
    client: principal.oauthClientId,
  };
}
