import { Injectable } from '@nestjs/common';
import { type ProjectSnapshot, snapshotSectionKeys } from '#folio/content';
import { asJson, Prisma, PrismaService } from '#folio/db';

/** Saved by a person, saved for a publish, or the draft as it was before a restore replaced it. */
export type VersionReason = 'save' | 'publish' | 'restore';

export interface VersionRecord {
  id: string;
  number: number;
  reason: VersionReason;
  createdAt: Date;
}

export interface VersionListItem {
  number: number;
  reason: VersionReason;
  createdAt: Date;
  /** Name of the person who saved it, null when they are gone. */
  author: string | null;
}

const versionFields = { id: true, number: true, reason: true, createdAt: true } as const;

@Injectable()
export class VersionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stores the snapshot as the project's next version number, with a pending screenshot owed for each of
   * its sections (recorded in the same statement, so no saved version can miss its screenshots).
   */
  async create(
    projectId: string,
    snapshot: ProjectSnapshot,
    reason: VersionReason,
    authorId: string | null,
  ): Promise<VersionRecord> {
    // Two saves at once may pick the same number; the unique (projectId, number) index makes one
    // of them fail, and it takes the next number.
    for (let attempt = 1; ; attempt++) {
      const latest = await this.prisma.projectVersion.findFirst({
        where: { projectId },
        orderBy: { number: 'desc' },
        select: { number: true },
      });
      try {
        return await this.prisma.projectVersion.create({
          data: {
            projectId,
            number: (latest?.number ?? 0) + 1,
            snapshot: asJson(snapshot),
            reason,
            authorId,
            screenshots: {
              createMany: { data: snapshotSectionKeys(snapshot).map((sectionKey) => ({ sectionKey })) },
            },
          },
          select: versionFields,
        });
      } catch (error) {
        const conflict = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
        if (!conflict || attempt >= 5) throw error;
      }
    }
  }

  /** The project's newest version with its snapshot, or null before its first. */
  async newest(projectId: string): Promise<{ version: VersionRecord; snapshot: ProjectSnapshot } | null> {
    const row = await this.prisma.projectVersion.findFirst({
      where: { projectId },
      orderBy: { number: 'desc' },
      select: { ...versionFields, snapshot: true },
    });
    if (!row) return null;
    const { snapshot, ...version } = row;
    return { version, snapshot: snapshot as unknown as ProjectSnapshot };
  }

  /** When each of the project's versions made since `since` was made, oldest first. */
  async createdSince(projectId: string, since: Date): Promise<Date[]> {
    const rows = await this.prisma.projectVersion.findMany({
      where: { projectId, createdAt: { gte: since } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    });
    return rows.map((row) => row.createdAt);
  }

  /** Deletes the version (and its owed screenshots) unless something is published from it. */
  async removeUnpublished(versionId: string): Promise<void> {
    await this.prisma.projectVersion.deleteMany({ where: { id: versionId, publications: { none: {} } } });
  }

  async findByNumber(projectId: string, number: number): Promise<VersionRecord | null> {
    return this.prisma.projectVersion.findUnique({
      where: { projectId_number: { projectId, number } },
      select: versionFields,
    });
  }

  /** Newest first. */
  async list(projectId: string): Promise<VersionListItem[]> {
    const rows = await this.prisma.projectVersion.findMany({
      where: { projectId },
      orderBy: { number: 'desc' },
      select: { number: true, reason: true, createdAt: true, author: { select: { name: true } } },
    });
    return rows.map((row) => ({
      number: row.number,
      reason: row.reason,
      createdAt: row.createdAt,
      author: row.author?.name ?? null,
    }));
  }

  async snapshot(versionId: string): Promise<ProjectSnapshot> {
    const row = await this.prisma.projectVersion.findUniqueOrThrow({
      where: { id: versionId },
      select: { snapshot: true },
    });
    return row.snapshot as unknown as ProjectSnapshot;
  }
}
