import { type Principal, type Scope } from '#folio/identity';

/** What the presented key can do, for the script holding it. No internal ids. */
export interface CredentialDto {
  user: { email: string; name: string };
  scopes: Scope[];
  /** `manual`: made in the profile page; `oauth`: issued to a connected app. */
  source: 'manual' | 'oauth';
  /** The OAuth client the key was issued to, or null for a manual key. */
  client: string | null;
}

export function toCredentialDto({ actor, ...principal }: Principal): CredentialDto {
  return {
    user: { email: actor.email, name: actor.name },
    scopes: [...principal.scopes],
    source: principal.source,
    client: principal.oauthClientId,
  };
}
