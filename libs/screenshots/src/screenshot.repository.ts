import { Injectable } from '@nestjs/common';
import { newPublicKey, type ProjectSnapshot } from '#folio/content';
import { type Prisma, PrismaService } from '#folio/db';
import { ProjectWriter } from '#folio/projects';

/** A project's content as captures render it: a saved version's snapshot, or the draft's. */
export interface ProjectContent {
  projectId: string;
  snapshot: ProjectSnapshot;
}

export interface SavedVersion extends ProjectContent {
  number: number;
}

/** Where the draft's screenshots stand. */
export interface DraftState {
  revision: number;
  /** The revision whose screenshots are taken. */
  screenshotsRevision: number;
  /** The page top the thumbnail shows, when a draft capture took it. */
  thumbnailHash: string | null;
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

/**
 * SectionScreenshot rows (a saved version's), ContentScreenshot rows (a capture by what it renders, shared
 * by every version and draft that render it) and the project thumbnail.
 */
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

  /** The capture already taken of a document with this hash in the project, if any. */
  async contentShot(projectId: string, hash: string): Promise<StoredShot | null> {
    return this.prisma.contentScreenshot.findUnique({
      where: { projectId_hash: { projectId, hash } },
      select: { url: true, width: true, height: true, warnings: true },
    });
  }

  /** Which of these hashes the project has a capture of. */
  async capturedHashes(projectId: string, hashes: readonly string[]): Promise<Set<string>> {
    const rows = await this.prisma.contentScreenshot.findMany({
      where: { projectId, hash: { in: [...hashes] } },
      select: { hash: true },
    });
    return new Set(rows.map((row) => row.hash));
  }

  /** Records a capture by its hash (a capture of the same hash recorded first stays). */
  async recordContentShot(
    projectId: string,
    hash: string,
    { url, width, height, warnings }: StoredShot,
  ): Promise<void> {
    await this.prisma.contentScreenshot.createMany({
      data: [{ projectId, hash, url, width, height, warnings }],
      skipDuplicates: true,
    });
  }

  /** Where the draft's screenshots stand, or null when the project is gone. */
  async draftState(projectId: string): Promise<DraftState | null> {
    return this.prisma.project.findUnique({
      where: { id: projectId },
      select: { revision: true, screenshotsRevision: true, thumbnailHash: true },
    });
  }

  /** The draft's screenshots are taken up to `revision` (never moves back). */
  async markDraftDone(projectId: string, revision: number): Promise<void> {
    await this.prisma.project.updateMany({
      where: { id: projectId, screenshotsRevision: { lt: revision } },
      data: { screenshotsRevision: revision },
    });
  }

  /** Makes the draft's page top the thumbnail, unless a newer draft's was recorded first. */
  async saveDraftThumbnail(projectId: string, revision: number, image: StoredImage, hash: string) {
    await this.prisma.$transaction(async (tx) => {
      const project = await tx.project.findUniqueOrThrow({
        where: { id: projectId },
        select: { screenshotsRevision: true },
      });
      if (project.screenshotsRevision > revision) return;
      await this.saveThumbnail(tx, projectId, image);
      await tx.project.update({ where: { id: projectId }, data: { thumbnailHash: hash } });
    });
  }

  /** Whether a draft capture took the thumbnail: then saved versions leave it alone. */
  async hasDraftThumbnail(tx: TransactionClient, projectId: string): Promise<boolean> {
    const project = await tx.project.findUnique({
      where: { id: projectId },
      select: { thumbnailHash: true },
    });
    return project?.thumbnailHash != null;
  }

  /** Drafts whose screenshots are owed (written since their last capture), least recently changed first. */
  async owedDrafts(): Promise<{ projectId: string; revision: number }[]> {
    const rows = await this.prisma.$queryRaw<{ id: string; revision: number }[]>`
      SELECT id, revision FROM "Project" WHERE revision > "screenshotsRevision"
      ORDER BY "updatedAt" LIMIT ${owedBatch}`;
    return rows.map(({ id, revision }) => ({ projectId: id, revision }));
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
