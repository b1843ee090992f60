import { newPublicKey } from '#folio/content';
import { type PrismaClient } from '#folio/db';
import { type AccountRole, type TeamRole } from '#folio/identity';

/** A person of the organization: anyone with an id, typically a `TestUser` made by `newUser`. */
interface Member<Role> {
  user: { id: string };
  role: Role;
}

export interface NewOrganization {
  name?: string;
  /** The account's AI credits, granted by a ledger entry as an operator would. */
  credits?: number;
  members: Member<AccountRole>[];
  teams?: { name?: string; credits?: number; members?: Member<TeamRole>[] }[];
}

export interface TestOrganization {
  id: string;
  key: string;
  name: string;
  /** The organization's workspace that no team limits. */
  workspace: { id: string; key: string };
  /** In the order given, each with its team workspace. */
  teams: { id: string; key: string; name: string; workspace: { id: string; key: string } }[];
}

let made = 0;

/**
 * An organization account with its members and teams, a shared workspace and one workspace per team. No
 * service creates organizations yet (the demo seed and operators do), so this factory writes their rows
 * itself, in one transaction; sign its people up with `newUser` first.
 */
export function newOrganization(
  app: { prisma: PrismaClient },
  organization: NewOrganization,
): Promise<TestOrganization> {
  const n = ++made;
  const { name = `Organization ${n}`, credits = 0, members, teams = [] } = organization;
  return app.prisma.$transaction(async (tx) => {
    const account = await tx.account.create({
      data: {
        key: newPublicKey(),
        name,
        kind: 'organization',
        credits,
        memberships: { create: members.map(({ user, role }) => ({ userId: user.id, role })) },
      },
      select: { id: true, key: true, name: true },
    });
    /** The pool's credits as an operator grants them: a ledger entry beside the balance. */
    const grant = async (delta: number, teamId: string | null = null) => {
      if (delta)
        await tx.creditEntry.create({ data: { accountId: account.id, teamId, delta, reason: 'test grant' } });
    };
    await grant(credits);
    const workspace = await tx.workspace.create({
      data: { key: newPublicKey(), accountId: account.id, name: 'Shared' },
      select: { id: true, key: true },
    });
    const madeTeams: TestOrganization['teams'] = [];
    for (const [index, team] of teams.entries()) {
      const teamCredits = team.credits ?? 0;
      const created = await tx.team.create({
        data: {
          key: newPublicKey(),
          accountId: account.id,
          name: team.name ?? `Team ${index + 1}`,
          credits: teamCredits,
          members: { create: (team.members ?? []).map(({ user, role }) => ({ userId: user.id, role })) },
        },
        select: { id: true, key: true, name: true },
      });
      await grant(teamCredits, created.id);
      const teamWorkspace = await tx.workspace.create({
        data: {
          key: newPublicKey(),
          accountId: account.id,
          teamId: created.id,
          name: `${created.name} (team)`,
        },
        select: { id: true, key: true },
      });
      madeTeams.push({ ...created, workspace: teamWorkspace });
    }
    return { ...account, workspace, teams: madeTeams };
  });
}
