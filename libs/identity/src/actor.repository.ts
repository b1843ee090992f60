import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { type PersonWithRoles } from './actor.js';

/** What an actor is made of, as Prisma selects it from a user row. */
export const personFields = {
  id: true,
  email: true,
  name: true,
  memberships: { select: { accountId: true, role: true } },
  teamMemberships: { select: { teamId: true, role: true } },
} as const;

/** A user row read with `personFields`. */
export interface PersonRow {
  id: string;
  email: string;
  name: string;
  memberships: PersonWithRoles['accountRoles'];
  teamMemberships: PersonWithRoles['teamRoles'];
}

export function personOf(row: PersonRow): PersonWithRoles {
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    accountRoles: row.memberships,
    teamRoles: row.teamMemberships,
  };
}

@Injectable()
export class ActorRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user with their account and team roles, or null for none. */
  async person(userId: string): Promise<PersonWithRoles | null> {
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: personFields });
    return row && personOf(row);
  }
}
