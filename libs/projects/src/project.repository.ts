import { Injectable } from '@nestjs/common';
import {
  type Breakpoint,
  type Element,
  type Interaction,
  type ProjectSnapshot,
  type SectionStyles,
  type Swatch,
  type TemplateSchema,
  type Theme,
} from '#folio/content';
import { keptPlan, PrismaService } from '#folio/db';
import { type AssetRef } from '#folio/render';

/** An asset as rendering needs it (the renderer's one definition). */
export type ProjectAsset = AssetRef;

/** Assets by their keys, as `RenderContext.assets` takes them. */
export function assetsByKey(assets: readonly ProjectAsset[]): Record<string, ProjectAsset> {
  return Object.fromEntries(assets.map((asset) => [asset.key, asset]));
}

/** A project with what rendering and publishing need. */
export interface ProjectRecord {
  id: string;
  key: string;
  title: string;
  accountId: string;
  /** Team of the project's workspace when that workspace is team-limited. */
  teamId: string | null;
  preset: 'desktop' | 'mobile';
  theme: Theme;
  breakpoints: Breakpoint[];
  swatches: Swatch[];
  templateKey: string | null;
  /** The draft's revision when read (ProjectWriter.newRevision). */
  revision: number;
}

/** A page of the current (draft) project, without its sections. */
export interface ProjectPage {
  key: string;
  title: string;
  description: string;
  /** Below the site root, "" for the home page. */
  path: string;
  isHome: boolean;
  status: number;
}

const assetFields = {
  key: true,
  kind: true,
  url: true,
  width: true,
  height: true,
  mime: true,
  svg: true,
  status: true,
} as const;

@Injectable()
export class ProjectRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The project with this key, whoever asks: `ProjectAccess` decides who may have it. */
  async findByKey(projectKey: string): Promise<ProjectRecord | null> {
    // Read on every request that opens a project (its access is decided on it): one kept statement.
    const [row] = await this.prisma.$queryRaw<ProjectRecord[]>`${keptPlan}
      SELECT p.id, p.key, p.title, p."accountId", w."teamId", p.preset::text AS preset, p.theme,
        p.breakpoints, p.swatches, t.key AS "templateKey", p.revision
      FROM "Project" p
      LEFT JOIN "Workspace" w ON w.id = p."workspaceId"
      LEFT JOIN "Template" t ON t.id = p."templateId"
      WHERE p.key = ${projectKey}`;
    return row ?? null;
  }

  /** The draft's revision now. */
  async revision(projectId: string): Promise<number> {
    const { revision } = await this.prisma.project.findUniqueOrThrow({
      where: { id: projectId },
      select: { revision: true },
    });
    return revision;
  }

  /** The project as it is now: what a saved version holds. */
  async snapshot(projectId: string): Promise<ProjectSnapshot> {
    const project = await this.prisma.project.findUniqueOrThrow({
      where: { id: projectId },
      select: {
        key: true,
        title: true,
        description: true,
        tags: true,
        preset: true,
        theme: true,
        breakpoints: true,
        swatches: true,
        template: { select: { schema: true } },
        pinnedValues: { select: { pinnedId: true, value: true }, orderBy: { pinnedId: 'asc' } },
        pages: {
          orderBy: { order: 'asc' },
          select: {
            key: true,
            title: true,
            description: true,
            path: true,
            isHome: true,
            pinnedIds: true,
            imageUrl: true,
            sections: {
              orderBy: { order: 'asc' },
              select: { key: true, title: true, type: true, tree: true, styles: true, interactions: true },
            },
          },
        },
      },
    });
    const snapshot: ProjectSnapshot = {
      project: {
        key: project.key,
        title: project.title,
        description: project.description,
        tags: project.tags,
        preset: project.preset,
        theme: project.theme as unknown as Theme,
        breakpoints: project.breakpoints as unknown as Breakpoint[],
        swatches: project.swatches as unknown as Swatch[],
      },
      pages: project.pages.map((page) => ({
        key: page.key,
        title: page.title,
        description: page.description,
        path: page.path,
        isHome: page.isHome,
        pinnedIds: page.pinnedIds,
        // Only when set, so that versions saved before pages had images still equal the unchanged draft.
        ...(page.imageUrl ? { imageUrl: page.imageUrl } : {}),
        sections: page.sections.map((section) => ({
          key: section.key,
          title: section.title,
          type: section.type,
          tree: section.tree as unknown as Element,
          styles: section.styles as unknown as SectionStyles,
          interactions: section.interactions as unknown as Interaction[],
        })),
      })),
      pinnedValues: Object.fromEntries(project.pinnedValues.map((p) => [p.pinnedId, p.value])),
    };
    return project.template ? { ...snapshot, ...templateParts(project.template.schema) } : snapshot;
  }

  /**
   * Whether a project with this key exists and, when `pageKey` is given, whether that page is one of
   * its current pages. No access check: for turning URLs back into keys, never for showing content.
   */
  async locate(projectKey: string, pageKey?: string | null): Promise<{ pageFound: boolean } | null> {
    const project = await this.prisma.project.findUnique({
      where: { key: projectKey },
      select: { id: true },
    });
    if (!project) return null;
    if (!pageKey) return { pageFound: false };
    const page = await this.prisma.page.findFirst({
      where: { key: pageKey, projectId: project.id },
      select: { id: true },
    });
    return { pageFound: page !== null };
  }

  /** The current pages in their order. */
  async pages(projectId: string): Promise<ProjectPage[]> {
    return this.prisma.page.findMany({
      where: { projectId },
      orderBy: { order: 'asc' },
      select: { key: true, title: true, description: true, path: true, isHome: true, status: true },
    });
  }

  /** The project's assets, or only those with the given keys. */
  async assets(projectId: string, keys?: readonly string[]): Promise<ProjectAsset[]> {
    if (keys && keys.length === 0) return [];
    return this.prisma.asset.findMany({
      where: { projectId, ...(keys ? { key: { in: [...keys] } } : {}) },
      orderBy: { createdAt: 'asc' },
      select: assetFields,
    });
  }
}

/** The template's field bindings by section type (`_type`) and its pinned items. */
function templateParts(
  schema: unknown,
): Required<Pick<ProjectSnapshot, 'templateFields' | 'templatePinned'>> {
  const { sectionTypes = [], pinned = [] } = (schema as Partial<TemplateSchema> | null) ?? {};
  return {
    templateFields: Object.fromEntries(sectionTypes.map((type) => [type.type, type.fields])),
    templatePinned: pinned,
  };
}
