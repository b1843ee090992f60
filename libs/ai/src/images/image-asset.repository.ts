import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';

/** What the image job draws: the asset's prompt and the size its slot asked for. */
export interface ImageOrder {
  prompt: string;
  width: number | null;
  height: number | null;
}

export interface DrawnImage {
  /** Base-relative (`/assets/<name>`), so a new PUBLIC_BASE_URL takes it along. */
  url: string;
  mime: string;
  width: number;
  height: number;
}

/** Owed work the sweep reads at most this many at a time, oldest first. */
const owedBatch = 1_000;

/** Generated image assets: pending with a prompt until the image job draws them. */
@Injectable()
export class ImageAssetRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The asset's order while it is still to be drawn; null once it is ready, failed or gone. */
  async pendingOrder(assetId: string): Promise<ImageOrder | null> {
    const asset = await this.prisma.asset.findUnique({
      where: { id: assetId },
      select: { kind: true, status: true, prompt: true, width: true, height: true },
    });
    if (asset?.kind !== 'image' || asset.status !== 'pending' || !asset.prompt) return null;
    return { prompt: asset.prompt, width: asset.width, height: asset.height };
  }

  /** Records the drawn image, unless the asset stopped being pending meanwhile (a duplicate run won). */
  async saveReady(assetId: string, image: DrawnImage): Promise<void> {
    await this.prisma.asset.updateMany({
      where: { id: assetId, status: 'pending' },
      data: { ...image, status: 'ready' },
    });
  }

  /** Gives up on a pending asset (a ready one stays ready). */
  async markFailed(assetId: string): Promise<void> {
    await this.prisma.asset.updateMany({
      where: { id: assetId, status: 'pending' },
      data: { status: 'failed' },
    });
  }

  /** Ids of image assets still to be drawn, oldest first. */
  async owed(): Promise<string[]> {
    const rows = await this.prisma.asset.findMany({
      where: { kind: 'image', status: 'pending', prompt: { not: null } },
      orderBy: { createdAt: 'asc' },
      take: owedBatch,
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }
}
