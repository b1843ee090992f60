import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { Prisma } from '#folio/db';
import {
  type AccessLevel,
  isAccountAdmin,
  libraryUsableAt,
  projectAccess,
  visibleProjectScope,
} from './access-policy.js';
import { type AccountRole, type Actor, type TeamRole } from './actor.js';
import { visibleProjectsCondition } from './visible-projects.sql.js';

const account = 'account-1';
const team = 'team-1';
const personalWorkspace = { accountId: account, teamId: null };
const teamWorkspace = { accountId: account, teamId: team };

/** Someone with these roles, as the access policy sees them (a key's account restriction, if any). */
function someone(
  roles: Pick<Actor, 'accountRoles' | 'teamRoles'>,
  restrictedToAccountId: string | null = null,
): Actor {
  return {
    userId: 'user-1',
    email: 'user-1@example.test',
    name: 'User',
    ...roles,
    restrictedToAccountId,
    isOperator: false,
  };
}

function actor(accountRole?: AccountRole, teamRole?: TeamRole, restrictedToAccountId?: string): Actor {
  return someone(
    {
      accountRoles: new Map(accountRole ? [[account, accountRole]] : []),
      teamRoles: new Map(teamRole ? [[team, teamRole]] : []),
    },
    restrictedToAccountId,
  );
}

describe(projectAccess.name, () => {
  // role in the account × workspace kind × membership of the workspace's team → access
  const matrix: [AccountRole | undefined, TeamRole | undefined, AccessLevel, AccessLevel][] = [
    //  account   team      account workspace  team workspace
    ['owner', undefined, 'edit', 'edit'],
    ['admin', undefined, 'edit', 'edit'],
    ['editor', undefined, 'edit', 'none'],
    ['viewer', undefined, 'view', 'none'],
    ['owner', 'viewer', 'edit', 'edit'],
    ['admin', 'viewer', 'edit', 'edit'],
    ['editor', 'editor', 'edit', 'edit'],
    ['editor', 'viewer', 'edit', 'view'],
    ['viewer', 'editor', 'view', 'edit'],
    ['viewer', 'viewer', 'view', 'view'],
    [undefined, undefined, 'none', 'none'],
    [undefined, 'editor', 'none', 'none'],
  ];

  it.each(matrix)(
    'account %s, team %s: %s in an account workspace, %s in a team workspace',
    (accountRole, teamRole, personal, teamLevel) => {
      expect(projectAccess(actor(accountRole, teamRole), personalWorkspace)).toBe(personal);
      expect(projectAccess(actor(accountRole, teamRole), teamWorkspace)).toBe(teamLevel);
    },
  );

  it('gives nothing in another account, whatever the roles', () => {
    const other = { accountId: 'account-2', teamId: null };
    for (const [accountRole, teamRole] of matrix)
      expect(projectAccess(actor(accountRole, teamRole), other)).toBe('none');
  });

  it('confines a key restricted to one account to that account', () => {
    const owner = someone(
      {
        accountRoles: new Map([
          [account, 'owner'],
          ['account-2', 'owner'],
        ]),
        teamRoles: new Map(),
      },
      'account-2',
    );
    expect(projectAccess(owner, personalWorkspace)).toBe('none');
    expect(projectAccess(owner, { accountId: 'account-2', teamId: null })).toBe('edit');
  });
});

describe(`${visibleProjectScope.name} and ${visibleProjectsCondition.name}`, () => {
  // UUIDs, as the SQL condition compares them: accounts …a1 to …a3, teams …f1 to …f3.
  const id = (name: string) => `00000000-0000-4000-8000-0000000000${name}`;
  const accountIds = [id('a1'), id('a2')];
  const teamIds = [id('f1'), id('f2')];
  const accountRoles: (AccountRole | undefined)[] = [undefined, 'owner', 'admin', 'editor', 'viewer'];
  const teamRoles: (TeamRole | undefined)[] = [undefined, 'editor', 'viewer'];

  /** Every pick of one item from each list. */
  function combinations<T>(lists: T[][]): T[][] {
    return lists.reduce<T[][]>(
      (acc, list) => acc.flatMap((picked) => list.map((item) => [...picked, item])),
      [[]],
    );
  }

  /** A role map over `ids`, leaving out the ids whose role is undefined. */
  function roleMap<R>(ids: string[], roles: (R | undefined)[]): Map<string, R> {
    return new Map(ids.flatMap((id, i) => (roles[i] === undefined ? [] : [[id, roles[i]] as [string, R]])));
  }

  /** Every actor over two accounts and two teams: each role or none, each restriction or none. */
  function everyActor(): Actor[] {
    return combinations<string | undefined>([
      accountRoles,
      accountRoles,
      teamRoles,
      teamRoles,
      [undefined, ...accountIds],
    ]).map(([role1, role2, teamRole1, teamRole2, restrictedToAccountId]) =>
      someone(
        {
          accountRoles: roleMap(accountIds, [role1, role2] as (AccountRole | undefined)[]),
          teamRoles: roleMap(teamIds, [teamRole1, teamRole2] as (TeamRole | undefined)[]),
        },
        restrictedToAccountId,
      ),
    );
  }

  /** Every account (and one nobody belongs to) with no team, and with every team, including other accounts' teams. */
  const placements = combinations<string | null>([
    [...accountIds, id('a3')],
    [null, ...teamIds, id('f3')],
  ]).map(([accountId, teamId]) => ({ accountId: accountId!, teamId }));

  it('selects exactly the projects projectAccess lets the actor see', () => {
    const actors = everyActor();
    expect(actors).toHaveLength(5 * 5 * 3 * 3 * 3);
    for (const subject of actors) {
      const scope = visibleProjectScope(subject);
      for (const placement of placements) {
        const inScope =
          scope.accountIds.includes(placement.accountId) &&
          (placement.teamId === null ||
            scope.overseenAccountIds.includes(placement.accountId) ||
            scope.teamIds.includes(placement.teamId));
        expect({ subject, placement, inScope }).toEqual({
          subject,
          placement,
          inScope: projectAccess(subject, placement) !== 'none',
        });
      }
    }
  });

  describe('in SQL', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
    });
    afterAll(async () => {
      await db?.close();
    });

    /** The placements (by index) whose project the condition selects, as p and w of a query would hold them. */
    async function selected(subject: Actor): Promise<number[]> {
      const condition = visibleProjectsCondition(subject);
      if (condition === null) return [];
      const rows = Prisma.join(
        placements.map(
          (placement, i) => Prisma.sql`(${i}::int, ${placement.accountId}::uuid, ${placement.teamId}::uuid)`,
        ),
      );
      const query = Prisma.sql`
        SELECT p.i FROM (VALUES ${rows}) AS p(i, "accountId", "teamId")
        CROSS JOIN LATERAL (SELECT p."teamId") AS w("teamId")
        WHERE ${condition} ORDER BY p.i`;
      const result = await db.query<{ i: number }>(query.text, query.values);
      return result.rows.map((row) => row.i);
    }

    it('selects exactly the projects projectAccess lets the actor see', async () => {
      for (const subject of everyActor()) {
        const visible = placements.flatMap((placement, i) =>
          projectAccess(subject, placement) === 'none' ? [] : [i],
        );
        expect({ subject, selected: await selected(subject) }).toEqual({ subject, selected: visible });
      }
    });

    it('narrows to one account, and is null when nothing can be visible', () => {
      const owner = everyActor().find(
        (subject) => subject.accountRoles.size === 2 && !subject.restrictedToAccountId,
      )!;
      expect(visibleProjectsCondition(owner, id('a3'))).toBeNull();
      expect(visibleProjectsCondition(someone({ accountRoles: new Map(), teamRoles: new Map() }))).toBeNull();
      expect(visibleProjectsCondition(owner, accountIds[0])!.values).not.toContain(accountIds[1]);
    });
  });

  it('holds only the restricted account for a restricted key', () => {
    const scope = visibleProjectScope(
      someone(
        {
          accountRoles: new Map([
            [accountIds[0], 'owner'],
            [accountIds[1], 'viewer'],
          ]),
          teamRoles: new Map([[teamIds[0], 'editor']]),
        },
        accountIds[1],
      ),
    );
    expect(scope).toEqual({ accountIds: [accountIds[1]], overseenAccountIds: [], teamIds: [teamIds[0]] });
  });
});

describe(libraryUsableAt.name, () => {
  const publicLibrary = { ownerAccountId: null, teamId: null };
  const accountLibrary = { ownerAccountId: account, teamId: null };
  const teamLibrary = { ownerAccountId: account, teamId: team };

  it('offers public libraries everywhere', () => {
    expect(libraryUsableAt(publicLibrary, personalWorkspace)).toBe(true);
    expect(libraryUsableAt(publicLibrary, { accountId: 'elsewhere', teamId: null })).toBe(true);
  });

  it("offers an account's own libraries only inside that account", () => {
    expect(libraryUsableAt(accountLibrary, personalWorkspace)).toBe(true);
    expect(libraryUsableAt(accountLibrary, teamWorkspace)).toBe(true);
    expect(libraryUsableAt(accountLibrary, { accountId: 'elsewhere', teamId: null })).toBe(false);
  });

  it('offers team-limited libraries only inside their team', () => {
    expect(libraryUsableAt(teamLibrary, teamWorkspace)).toBe(true);
    expect(libraryUsableAt(teamLibrary, personalWorkspace)).toBe(false);
    expect(libraryUsableAt(teamLibrary, { accountId: account, teamId: 'team-2' })).toBe(false);
    expect(libraryUsableAt(teamLibrary, { accountId: 'elsewhere', teamId: team })).toBe(false);
  });
});

describe(isAccountAdmin.name, () => {
  it('is true for owners and admins of that account only', () => {
    expect(isAccountAdmin(actor('owner'), account)).toBe(true);
    expect(isAccountAdmin(actor('admin'), account)).toBe(true);
    expect(isAccountAdmin(actor('editor'), account)).toBe(false);
    expect(isAccountAdmin(actor('viewer'), account)).toBe(false);
    expect(isAccountAdmin(actor('owner'), 'account-2')).toBe(false);
    expect(isAccountAdmin(actor('owner', undefined, 'account-2'), account)).toBe(false);
  });
});
