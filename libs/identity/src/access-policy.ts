// The one access rule (docs/design.md §5). Every service that touches a project or a library asks here.

import { type AccountRole, type Actor } from './actor.js';

export type AccessLevel = 'none' | 'view' | 'edit';

/** Where a project lives: its account, and the team of its workspace when that workspace is team-limited. */
export interface Placement {
  accountId: string;
  teamId: string | null;
}

const editingAccountRoles: ReadonlySet<AccountRole> = new Set(['owner', 'admin', 'editor']);
const teamOverseers: ReadonlySet<AccountRole> = new Set(['owner', 'admin']);

/**
 * A member of the project's account sees it; in a team workspace only members of that team and the
 * account's owners and admins do. Editing takes the editor role or higher in whichever role decided.
 */
export function projectAccess(actor: Actor, placement: Placement): AccessLevel {
  if (actor.restrictedToAccountId && actor.restrictedToAccountId !== placement.accountId) return 'none';
  const accountRole = actor.accountRoles.get(placement.accountId);
  if (!accountRole) return 'none';
  if (placement.teamId === null) return editingAccountRoles.has(accountRole) ? 'edit' : 'view';
  if (teamOverseers.has(accountRole)) return 'edit';
  const teamRole = actor.teamRoles.get(placement.teamId);
  if (!teamRole) return 'none';
  return teamRole === 'editor' ? 'edit' : 'view';
}

/**
 * The projects an actor sees under projectAccess, as sets a query can filter on. A project is visible iff
 * its account is in `accountIds` and either it is not in a team workspace, or its account is in
 * `overseenAccountIds`, or its workspace's team is in `teamIds`.
 */
export interface VisibleProjectScope {
  /** Accounts the actor is a member of (only the restricted one, for a restricted key). */
  accountIds: string[];
  /** Of those, the ones they own or administer: every team workspace there is visible to them. */
  overseenAccountIds: string[];
  /** Teams they are a member of. */
  teamIds: string[];
}

export function visibleProjectScope(actor: Actor): VisibleProjectScope {
  const accountIds = [...actor.accountRoles.keys()].filter(
    (accountId) => !actor.restrictedToAccountId || actor.restrictedToAccountId === accountId,
  );
  return {
    accountIds,
    overseenAccountIds: accountIds.filter((accountId) =>
      teamOverseers.has(actor.accountRoles.get(accountId)!),
    ),
    teamIds: [...actor.teamRoles.keys()],
  };
}

export interface LibraryOwnership {
  ownerAccountId: string | null;
  teamId: string | null;
}

/**
 * Libraries usable where a page will go: public ones anywhere, an account's own inside that account,
 * team-limited ones only inside that team's workspaces and projects.
 */
export function libraryUsableAt(library: LibraryOwnership, placement: Placement): boolean {
  if (library.ownerAccountId === null) return true;
  if (library.ownerAccountId !== placement.accountId) return false;
  return library.teamId === null || library.teamId === placement.teamId;
}

/** Account roles that may manage the account: see and revoke its members' keys, switch AI on for libraries. */
export function isAccountAdmin(actor: Actor, accountId: string): boolean {
  if (actor.restrictedToAccountId && actor.restrictedToAccountId !== accountId) return false;
  const role = actor.accountRoles.get(accountId);
  return role !== undefined && teamOverseers.has(role);
}
