import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { type AccountRole, type TeamRole } from './actor.js';

/** An account a user belongs to, with their role in it and its AI credit pool. */
export interface AccountSummary {
  /** Internal: for lookups on the server, never rendered. */
  id: string;
  key: string;
  name: string;
  kind: 'personal' | 'organization';
  role: AccountRole;
  credits: number;
}

/** A team a user works in, or oversees as an owner or admin of its account (then `role` is null). */
export interface TeamSummary {
  key: string;
  name: string;
  credits: number;
  accountKey: string;
  accountName: string;
  role: TeamRole | null;
}

const kindOrder = { personal: 0, organization: 1 } as const;

/** Accounts, teams and credit balances as seen by one user. */
@Injectable()
export class AccountDirectoryRepository {
  constructor(private readonly prisma: PrismaService) {}

  async accountsOf(userId: string): Promise<AccountSummary[]> {
    const memberships = await this.prisma.membership.findMany({
      where: { userId },
      select: {
        role: true,
        account: { select: { id: true, key: true, name: true, kind: true, credits: true } },
      },
    });
    return memberships
      .map(({ role, account }) => ({ ...account, role }))
      .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.name.localeCompare(b.name));
  }

  /** Teams the user is a member of, and every team of the accounts they own or administer. */
  async teamsOf(userId: string): Promise<TeamSummary[]> {
    const teams = await this.prisma.team.findMany({
      where: {
        OR: [
          { members: { some: { userId } } },
          { account: { memberships: { some: { userId, role: { in: ['owner', 'admin'] } } } } },
        ],
      },
      select: {
        key: true,
        name: true,
        credits: true,
        account: { select: { key: true, name: true } },
        members: { where: { userId }, select: { role: true } },
      },
      orderBy: [{ name: 'asc' }],
    });
    return teams.map((team) => ({
      key: team.key,
      name: team.name,
      credits: team.credits,
      accountKey: team.account.key,
      accountName: team.account.name,
      role: team.members[0]?.role ?? null,
    }));
  }

  findAccountByKey(key: string): Promise<{ id: string; key: string; name: string } | null> {
    return this.prisma.account.findUnique({ where: { key }, select: { id: true, key: true, name: true } });
  }
}
