import { Injectable } from '@nestjs/common';
import { newPublicKey, type ProjectSnapshot } from '#folio/content';
import { PrismaService } from '#folio/db';

export interface ScreenshotWork {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  projectId: string;
  versionNumber: number;
  snapshot: ProjectSnapshot;
}

/** Owed work read by the sweep at most this many at a time (oldest first). */
const pendingBatch = 1_000;

/** SectionScreenshot rows and the project thumbnail taken from them. */
@Injectable()
export class ScreenshotRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The row and its version, or null when the version is gone. */
  async work(versionId: string, sectionKey: string): Promise<ScreenshotWork | null> {
    const row = await this.prisma.sectionScreenshot.findUnique({
      where: { versionId_sectionKey: { versionId, sectionKey } },
      select: {
        id: true,
        status: true,
        version: { select: { projectId: true, number: true, snapshot: true } },
      },
    });
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      projectId: row.version.projectId,
      versionNumber: row.version.number,
      snapshot: row.version.snapshot as unknown as ProjectSnapshot,
    };
  }

  async markReady(id: string, shot: { url: string; height: number; warnings: string[] }): Promise<void> {
    await this.prisma.sectionScreenshot.update({
      where: { id },
      data: { status: 'ready', url: shot.url, height: shot.height, warnings: shot.warnings, error: null },
    });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.prisma.sectionScreenshot.update({ where: { id }, data: { status: 'failed', error } });
  }

  /** Screenshots still owed, as (version, section) pairs. */
  async pending(): Promise<{ versionId: string; sectionKey: string }[]> {
    return this.prisma.sectionScreenshot.findMany({
      where: { status: 'pending' },
      orderBy: { createdAt: 'asc' },
      take: pendingBatch,
      select: { versionId: true, sectionKey: true },
    });
  }

  /**
   * Makes the image the project's thumbnail, if it comes from the project's newest version: a late job of
   * an older version never replaces a newer thumbnail.
   */
  async setThumbnail(
    projectId: string,
    versionNumber: number,
    image: { url: string; width: number; height: number },
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
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
      const fields = { ...image, mime: 'image/png', status: 'ready' as const };
      if (project.thumbnailAssetId) {
        await tx.asset.update({ where: { id: project.thumbnailAssetId }, data: fields });
        return;
      }
      const asset = await tx.asset.create({
        data: { key: newPublicKey(), projectId, kind: 'image', ...fields },
        select: { id: true },
      });
      await tx.project.update({ where: { id: projectId }, data: { thumbnailAssetId: asset.id } });
    });
  }
}
