import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';

/** Owed work the sweep reads at most this many at a time, least recently queued first. */
const owedBatch = 1_000;

/** ShareImage rows: the link-preview image owed by each page of a version published as a site. */
@Injectable()
export class ShareImageRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The image's row, or null when its version is gone. */
  async row(versionId: string, pageKey: string): Promise<{ id: string; status: string } | null> {
    return this.prisma.shareImage.findUnique({
      where: { versionId_pageKey: { versionId, pageKey } },
      select: { id: true, status: true },
    });
  }

  async markReady(id: string, url: string): Promise<void> {
    await this.prisma.shareImage.update({ where: { id }, data: { status: 'ready', url, error: null } });
  }

  /** Gives up on an image still pending (a ready one stays ready). */
  async markFailed(id: string, error: string): Promise<void> {
    await this.prisma.shareImage.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'failed', error },
    });
  }

  /**
   * Images still owed, as (version, page) pairs; each returned row counts as queued again now, so the next
   * sweep starts with other rows.
   */
  async owed(): Promise<{ versionId: string; pageKey: string }[]> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.shareImage.findMany({
        where: { status: 'pending' },
        orderBy: { updatedAt: 'asc' },
        take: owedBatch,
        select: { id: true, versionId: true, pageKey: true },
      });
      if (rows.length) {
        await tx.shareImage.updateMany({
          where: { id: { in: rows.map((row) => row.id) } },
          data: { updatedAt: new Date() },
        });
      }
      return rows.map(({ versionId, pageKey }) => ({ versionId, pageKey }));
    });
  }
}
