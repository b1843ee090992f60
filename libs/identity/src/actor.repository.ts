import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { type Actor } from './access-policy.js';

@Injectable()
export class ActorRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user's account and team roles, as the access policy needs them. */
  async load(userId: string, restrictedToAccountId: string | null = null): Promise<Actor> {
    const [memberships, teams] = await Promise.all([
      this.prisma.membership.findMany({ where: { userId }, select: { accountId: true, role: true } }),
      this.prisma.teamMember.findMany({ where: { userId }, select: { teamId: true, role: true } }),
    ]);
    return {
      userId,
      accountRoles: new Map(memberships.map((m) => [m.accountId, m.role])),
      teamRoles: new Map(teams.map((t) => [t.teamId, t.role])),
      restrictedToAccountId,
    };
  }
}
