import { Injectable } from '@nestjs/common';
import { type ProjectSnapshot } from '#folio/content';
import { asJson, Prisma, PrismaService } from '#folio/db';
import { type DestinationKind } from './destination-kind.js';
import { publishedDestinationsColumn, type PublishedDestinationRow } from './publish-state.js';

/** Destination settings kept in Publication.config. The webhook secret never leaves the server. */
export interface PublicationConfig {
  /** Embed: the index page of the published version (publish state links to its script). */
  indexPageKey?: string;
  /** Webhook: where to POST and the secret that signs the body. */
  url?: string;
  secret?: string;
}

export interface PublicationRecord {
  projectId: string;
  projectKey: string;
  kind: DestinationKind;
  slug: string | null;
  config: PublicationConfig;
  versionId: string;
  versionNumber: number;
  publishedAt: Date;
}

/** A publication with the snapshot of its version: what sites and embeds serve. */
export interface PublishedVersion extends PublicationRecord {
  snapshot: ProjectSnapshot;
}

/** A site's publication with the link-preview images captured of its version so far, by page key. */
export interface PublishedSite extends PublishedVersion {
  shareImages: Map<string, string>;
}

export interface PublicationWrite {
  projectId: string;
  kind: DestinationKind;
  versionId: string;
  /** A site's address; other destinations have none. */
  slug?: string | null;
  config: PublicationConfig;
}

const recordFields = {
  projectId: true,
  kind: true,
  slug: true,
  config: true,
  versionId: true,
  publishedAt: true,
  project: { select: { key: true } },
  version: { select: { number: true } },
} as const;

const publishedFields = {
  ...recordFields,
  version: { select: { number: true, snapshot: true } },
} as const;

const siteFields = {
  ...recordFields,
  version: {
    select: {
      number: true,
      snapshot: true,
      shareImages: { where: { status: 'ready' }, select: { pageKey: true, url: true } },
    },
  },
} as const;

type RecordRow = Prisma.PublicationGetPayload<{ select: typeof recordFields }>;
type PublishedRow = Prisma.PublicationGetPayload<{ select: typeof publishedFields }>;
type SiteRow = Prisma.PublicationGetPayload<{ select: typeof siteFields }>;

@Injectable()
export class PublicationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Points the project's destination of this kind at a version, in the caller's transaction: one row per
   * project and kind, which republishing moves. A slug held by another project fails the unique index.
   */
  async publish(tx: Prisma.TransactionClient, write: PublicationWrite): Promise<PublicationRecord> {
    const existing = await tx.publication.findFirst({
      where: { projectId: write.projectId, kind: write.kind },
      select: { id: true },
    });
    const data = {
      versionId: write.versionId,
      slug: write.slug ?? null,
      config: asJson(write.config),
      publishedAt: new Date(),
    };
    const row = existing
      ? await tx.publication.update({ where: { id: existing.id }, data, select: recordFields })
      : await tx.publication.create({
          data: { projectId: write.projectId, kind: write.kind, ...data },
          select: recordFields,
        });
    return toRecord(row);
  }

  async find(projectId: string, kind: DestinationKind): Promise<PublicationRecord | null> {
    const row = await this.prisma.publication.findFirst({
      where: { projectId, kind },
      orderBy: { publishedAt: 'desc' },
      select: recordFields,
    });
    return row ? toRecord(row) : null;
  }

  /** The published version of a project's destination, by project key. */
  async findPublished(projectKey: string, kind: DestinationKind): Promise<PublishedVersion | null> {
    const row = await this.prisma.publication.findFirst({
      where: { project: { key: projectKey }, kind },
      orderBy: { publishedAt: 'desc' },
      select: publishedFields,
    });
    return row ? toPublished(row) : null;
  }

  /** The site publication (kind `site`) serving a slug, with its pages' link-preview images. */
  async findSite(slug: string): Promise<PublishedSite | null> {
    const row = await this.prisma.publication.findFirst({
      where: { slug, kind: 'site' },
      select: siteFields,
    });
    return row ? toSite(row) : null;
  }

  /** The slugs of every site, in order: what robots.txt names the sitemaps of. */
  async siteSlugs(): Promise<string[]> {
    const rows = await this.prisma.publication.findMany({
      where: { kind: 'site', slug: { not: null } },
      orderBy: { slug: 'asc' },
      select: { slug: true },
    });
    return rows.map((row) => row.slug!);
  }

  /**
   * Records that each page of the version owes a link-preview image, in the caller's transaction; pages
   * that have one (ready, failed or still owed) keep it.
   */
  async oweShareImages(tx: Prisma.TransactionClient, versionId: string, pageKeys: string[]): Promise<void> {
    await tx.shareImage.createMany({
      data: pageKeys.map((pageKey) => ({ versionId, pageKey })),
      skipDuplicates: true,
    });
  }

  /** The id of the project whose site uses each of these slugs, by slug (none for a free one). */
  async slugHolders(slugs: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.publication.findMany({
      where: { slug: { in: [...slugs] } },
      select: { slug: true, projectId: true },
    });
    return new Map(rows.map((row) => [row.slug!, row.projectId]));
  }

  /**
   * The site of each of these projects (by key) that has one: its slug and the path of each page of its
   * published version, by page key.
   */
  async sitePages(
    projectKeys: readonly string[],
  ): Promise<Map<string, { slug: string; paths: Map<string, string> }>> {
    if (projectKeys.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<
      { projectKey: string; slug: string; paths: Record<string, string> }[]
    >`
      SELECT DISTINCT ON (p.id) p.key AS "projectKey", pub.slug,
        (SELECT coalesce(jsonb_object_agg(page->>'key', coalesce(page->>'path', '')), '{}'::jsonb)
          FROM jsonb_array_elements(v.snapshot->'pages') AS page) AS paths
      FROM "Project" p
      JOIN "Publication" pub ON pub."projectId" = p.id AND pub.kind = 'site' AND pub.slug IS NOT NULL
      JOIN "ProjectVersion" v ON v.id = pub."versionId"
      WHERE p.key IN (${Prisma.join([...projectKeys])})
      ORDER BY p.id, pub."publishedAt" DESC`;
    return new Map(
      rows.map((row) => [row.projectKey, { slug: row.slug, paths: new Map(Object.entries(row.paths)) }]),
    );
  }

  /** These projects (by id) with their key, title and the latest publication of each kind. */
  async destinations(
    projectIds: readonly string[],
  ): Promise<{ id: string; key: string; title: string; destinations: PublishedDestinationRow[] }[]> {
    if (projectIds.length === 0) return [];
    return this.prisma.$queryRaw`
      SELECT p.id, p.key, p.title, ${publishedDestinationsColumn} AS destinations
      FROM "Project" p
      WHERE p.id IN (${Prisma.join(projectIds.map((id) => Prisma.sql`${id}::uuid`))})`;
  }
}

function toRecord(row: RecordRow): PublicationRecord {
  return {
    projectId: row.projectId,
    projectKey: row.project.key,
    kind: row.kind,
    slug: row.slug,
    config: (row.config ?? {}) as PublicationConfig,
    versionId: row.versionId,
    versionNumber: row.version.number,
    publishedAt: row.publishedAt,
  };
}

function toPublished(row: PublishedRow): PublishedVersion {
  return { ...toRecord(row), snapshot: row.version.snapshot as unknown as ProjectSnapshot };
}

function toSite(row: SiteRow): PublishedSite {
  const images = row.version.shareImages.flatMap(({ pageKey, url }) =>
    url ? [[pageKey, url] as const] : [],
  );
  return { ...toPublished(row), shareImages: new Map(images) };
}
