import { Injectable } from '@nestjs/common';
import { newPublicKey, type ProjectSnapshot } from '#folio/content';
import { type Prisma, PrismaService } from '#folio/db';
import { ProjectWriter } from '#folio/projects';

export interface SavedVersion {
  projectId: string;
  number: number;
  snapshot: ProjectSnapshot;
}

export interface StoredImage {
  /** Base-relative (`/assets/<name>`), so a new PUBLIC_BASE_URL takes it along. */
  url: string;
  width: number;
  height: number;
}

export interface StoredShot extends StoredImage {
  warnings: string[];
}

/** Owed work the sweep reads at most this many at a time, least recently queued first. */
const owedBatch = 1_000;

type TransactionClient = Prisma.TransactionClient;

/** SectionScreenshot rows and the project thumbnail taken with the index page's first one. */
@Injectable()
export class ScreenshotRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly projects: ProjectWriter,
  ) {}

  /** The screenshot's row, or null when its version is gone. */
  async row(versionId: string, sectionKey: string): Promise<{ id: string; status: string } | null> {
    return this.prisma.sectionScreenshot.findUnique({
      where: { versionId_sectionKey: { versionId, sectionKey } },
      select: { id: true, status: true },
    });
  }

  async version(versionId: string): Promise<SavedVersion | null> {
    const version = await this.prisma.projectVersion.findUnique({
      where: { id: versionId },
      select: { projectId: true, number: true, snapshot: true },
    });
    return version && { ...version, snapshot: version.snapshot as unknown as ProjectSnapshot };
  }

  /** Records the screenshot as taken, in the caller's transaction. */
  async markReady(tx: TransactionClient, id: string, { url, height, warnings }: StoredShot): Promise<void> {
    await tx.sectionScreenshot.update({
      where: { id },
      data: { status: 'ready', url, height, warnings, error: null },
    });
  }

  /** The number of the project's newest saved version, or null when it has none. */
  async newestVersionNumber(tx: TransactionClient, projectId: string): Promise<number | null> {
    const newest = await tx.projectVersion.findFirst({
      where: { projectId },
      orderBy: { number: 'desc' },
      select: { number: true },
    });
    return newest?.number ?? null;
  }

  /** Makes `thumbnail` the project's thumbnail image, replacing the one it had in place. */
  async saveThumbnail(tx: TransactionClient, projectId: string, thumbnail: StoredImage): Promise<void> {
    const project = await tx.project.findUniqueOrThrow({
      where: { id: projectId },
      select: { thumbnailAssetId: true },
    });
    const image = { ...thumbnail, mime: 'image/png', status: 'ready' as const };
    if (project.thumbnailAssetId) {
      await tx.asset.update({ where: { id: project.thumbnailAssetId }, data: image });
      return;
    }
    const asset = await tx.asset.create({
      data: { key: newPublicKey(), projectId, kind: 'image', ...image },
      select: { id: true },
    });
    await this.projects.setThumbnail(tx, projectId, asset.id);
  }

  /** Gives up on a screenshot still pending (a ready one stays ready). */
  async markFailed(id: string, error: string): Promise<void> {
    await this.prisma.sectionScreenshot.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'failed', error },
    });
  }

  /**
   * Screenshots still owed, as (version, section) pairs; each returned row counts as queued again now, so
   * the next sweep starts with other rows.
   */
  async owed(): Promise<{ versionId: string; sectionKey: string }[]> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.sectionScreenshot.findMany({
        where: { status: 'pending' },
        orderBy: { updatedAt: 'asc' },
        take: owedBatch,
        select: { id: true, versionId: true, sectionKey: true },
      });
      if (rows.length) {
        await tx.sectionScreenshot.updateMany({
          where: { id: { in: rows.map((row) => row.id) } },
          data: { updatedAt: new Date() },
        });
      }
      return rows.map(({ versionId, sectionKey }) => ({ versionId, sectionKey }));
    });
  }
}
