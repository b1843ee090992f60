// The actor: the one person a request acts for, signed in on a page or holding an API key, as every rule
// sees them. The credential that brought them (a key, its scopes, the app it was issued to) is the
// Principal (principal.ts), which carries its actor.

export type AccountRole = 'owner' | 'admin' | 'editor' | 'viewer';
export type TeamRole = 'editor' | 'viewer';

export interface Actor {
  userId: string;
  email: string;
  name: string;
  accountRoles: ReadonlyMap<string, AccountRole>;
  teamRoles: ReadonlyMap<string, TeamRole>;
  /** The account an API key is restricted to: it reaches no other. Null for a page and an unrestricted key. */
  restrictedToAccountId: string | null;
  /**
   * One of Folio's operators (ADMIN_EMAILS): they see the operators' pages, move AI credits by hand and
   * administer the public libraries.
   */
  isOperator: boolean;
}

/** A person and their roles as identity reads them, before the rules make an actor of them. */
export interface PersonWithRoles {
  userId: string;
  email: string;
  name: string;
  accountRoles: readonly { accountId: string; role: AccountRole }[];
  teamRoles: readonly { teamId: string; role: TeamRole }[];
}

/**
 * The actor of a person: their roles, the key's account restriction, and whether they are an operator —
 * named by ADMIN_EMAILS (`operatorEmails`, lower-cased as emails are stored), unless the key that brought
 * them is restricted to one account, which then is all it may reach.
 */
export function actorOf(
  person: PersonWithRoles,
  operatorEmails: ReadonlySet<string>,
  restrictedToAccountId: string | null = null,
): Actor {
  return {
    userId: person.userId,
    email: person.email,
    name: person.name,
    accountRoles: new Map(person.accountRoles.map((m) => [m.accountId, m.role])),
    teamRoles: new Map(person.teamRoles.map((t) => [t.teamId, t.role])),
    restrictedToAccountId,
    isOperator: restrictedToAccountId === null && operatorEmails.has(person.email),
  };
}
