import { Injectable } from '@nestjs/common';
import { asJson, Prisma, PrismaService } from '#folio/db';
import { type UserSummary } from './user.repository.js';

export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  user: UserSummary;
  flash: unknown;
}

const recordFields = {
  id: true,
  userId: true,
  createdAt: true,
  lastSeenAt: true,
  expiresAt: true,
  flash: true,
  user: { select: { id: true, email: true, name: true } },
} as const;

@Injectable()
export class SessionRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(session: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    userAgent: string | null;
  }): Promise<SessionRecord> {
    return this.prisma.session.create({ data: session, select: recordFields });
  }

  findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    return this.prisma.session.findUnique({ where: { tokenHash }, select: recordFields });
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
