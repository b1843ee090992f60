import { Injectable } from '@nestjs/common';
import { asJson, Prisma, PrismaService } from '#folio/db';
import { type PersonWithRoles } from './actor.js';
import { personFields, personOf } from './actor.repository.js';

/** A session with its person, as resolving a cookie reads it. */
export interface SessionRecord {
  id: string;
  lastSeenAt: Date;
  expiresAt: Date;
  person: PersonWithRoles;
  flash: unknown;
}

const recordFields = {
  id: true,
  lastSeenAt: true,
  expiresAt: true,
  flash: true,
  user: { select: personFields },
} as const;

@Injectable()
export class SessionRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(session: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    userAgent: string | null;
  }): Promise<{ id: string }> {
    return this.prisma.session.create({ data: session, select: { id: true } });
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    const row = await this.prisma.session.findUnique({ where: { tokenHash }, select: recordFields });
    if (!row) return null;
    const { user, ...session } = row;
    return { ...session, person: personOf(user) };
  }

  async touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.prisma.session.updateMany({ where: { id }, data: { lastSeenAt, expiresAt } });
  }

  async setFlash(id: string, flash: object): Promise<void> {
    await this.prisma.session.updateMany({ where: { id }, data: { flash: asJson(flash) } });
  }

  /** Clears the session's flash if it is still `flash`; true when this call cleared it. */
  async clearFlash(id: string, flash: object): Promise<boolean> {
    const { count } = await this.prisma.session.updateMany({
      where: { id, flash: { equals: asJson(flash) } },
      data: { flash: Prisma.DbNull },
    });
    return count === 1;
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { tokenHash } });
  }

  async deleteById(id: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { id } });
  }

  async deleteExpiredOf(userId: string, now: Date): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { userId, expiresAt: { lte: now } } });
    return count;
  }
}
