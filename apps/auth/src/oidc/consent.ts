import { type Scope, scopes as knownScopes } from '#folio/identity';

/** The scopes a person may untick on the consent screen; the others come with any connection. */
export const optionalScopes: ReadonlySet<Scope> = new Set(['create:project', 'edit:project']);

export type ConsentDecision = { granted: Scope[]; rejected: Scope[] } | { error: string };

/**
 * What a submitted consent form grants: every requested required scope, and the optional ones the person
 * left ticked. A form naming a scope that was not offered has been tampered with.
 */
export function decideConsent(requested: readonly string[], ticked: readonly string[]): ConsentDecision {
  const offered = requested.filter((s): s is Scope => (knownScopes as readonly string[]).includes(s));
  const stray = ticked.filter((s) => !offered.includes(s as Scope));
  if (stray.length)
    return { error: `The consent form asked for scopes that were not offered: ${stray.join(', ')}.` };
  const granted = offered.filter((s) => !optionalScopes.has(s) || ticked.includes(s));
  return { granted, rejected: offered.filter((s) => !granted.includes(s)) };
}
