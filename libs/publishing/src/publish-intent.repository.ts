import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { type DestinationKind } from './destination-kind.js';

export interface PublishIntentRecord {
  id: string;
  projectId: string;
  projectKey: string;
  destination: DestinationKind;
  revision: number;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface PublishIntentWrite {
  tokenHash: string;
  projectId: string;
  destination: DestinationKind;
  revision: number;
  createdByKeyId: string;
  expiresAt: Date;
}

@Injectable()
export class PublishIntentRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(write: PublishIntentWrite): Promise<void> {
    await this.prisma.publishIntent.create({ data: write, select: { id: true } });
  }

  async findByTokenHash(tokenHash: string): Promise<PublishIntentRecord | null> {
    const row = await this.prisma.publishIntent.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        projectId: true,
        destination: true,
        revision: true,
        expiresAt: true,
        usedAt: true,
        project: { select: { key: true } },
      },
    });
    if (!row) return null;
    const { project, ...intent } = row;
    return { ...intent, projectKey: project.key };
  }

  /** Marks the intent used unless it already is or has expired by `now`; false when it was not claimed. */
  async claim(id: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.publishIntent.updateMany({
      where: { id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return count === 1;
  }

  /** Gives a claim back (the publish it was for failed). */
  async release(id: string): Promise<void> {
    await this.prisma.publishIntent.update({ where: { id }, data: { usedAt: null }, select: { id: true } });
  }
}
