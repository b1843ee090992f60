import { Injectable } from '@nestjs/common';
import { newPublicKey, type ProjectSnapshot } from '#folio/content';
import { PrismaService } from '#folio/db';
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

  /**
   * Records the screenshot, and with `thumbnailOf` makes its image (the index page's top) the project's
   * thumbnail — in one transaction, so a ready row always has its thumbnail too. An older version's late job
   * never replaces the thumbnail of a newer version.
   */
  async saveReady(
    id: string,
    shot: StoredShot,
    thumbnailOf?: { projectId: string; versionNumber: number; image: StoredImage },
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { url, height, warnings } = shot;
      await tx.sectionScreenshot.update({
        where: { id },
        data: { status: 'ready', url, height, warnings, error: null },
      });
      if (!thumbnailOf) return;
      const { projectId, versionNumber, image: thumbnail } = thumbnailOf;
      const newest = await tx.projectVersion.findFirst({
        where: { projectId },
        orderBy: { number: 'desc' },
        select: { number: true },
      });
      if (newest?.number !== versionNumber) return;
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
    });
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
