import { Injectable } from '@nestjs/common';
import {
  type Breakpoint,
  type Element,
  type Interaction,
  newPublicKey,
  type SectionStyles,
  type Swatch,
  type Theme,
} from '#folio/content';
import { asJson, type Prisma, refreshProjectSearch } from '#folio/db';
import { type DraftAuthor, type DraftChangeNote } from './draft-author.js';
import { type PageName } from './page-naming.js';
import { themeSwatches } from './project-design.js';

type TransactionClient = Prisma.TransactionClient;

export interface NewSection {
  key: string;
  title: string;
  /** Template `_type` or library role. */
  type: string;
  externalId?: string | null;
  librarySectionId?: string | null;
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
  /** The raw content model the section was made from. */
  model?: object;
}

export interface NewPage {
  key: string;
  title: string;
  description?: string;
  /** Below the site root, "" for the home page. */
  path: string;
  order: number;
  isHome?: boolean;
  externalId?: string | null;
  status?: number;
  pinnedIds?: string[];
  /** The page's own link-preview image, an absolute URL (its og:image); null: the captured page top. */
  imageUrl?: string | null;
  /** In their order. */
  sections?: NewSection[];
}

export interface NewProject {
  /** A new public key unless given. */
  key?: string;
  accountId: string;
  workspaceId: string | null;
  createdById: string;
  title: string;
  description?: string;
  tags?: string[];
  preset?: 'desktop' | 'mobile';
  theme: Theme;
  breakpoints: Breakpoint[];
  swatches: Swatch[];
  /** The template it is made from, by internal id. */
  templateId?: string | null;
  externalId?: string | null;
}

/** The project fields an update may change; absent ones stay as they are. */
export type ProjectChanges = Partial<Pick<NewProject, 'title' | 'description' | 'tags'>>;
/** The page fields an update may change; absent ones stay as they are. */
export type PageChanges = Partial<
  Pick<NewPage, 'title' | 'description' | 'path' | 'status' | 'pinnedIds' | 'imageUrl' | 'order' | 'isHome'>
>;

export interface InsertedProject {
  projectId: string;
  projectKey: string;
  /** In page order. */
  pages: { pageId: string; pageKey: string }[];
}

export interface InsertedPage extends PageName {
  pageId: string;
  pageKey: string;
}

/** A section rebuilt in place: every stored field but its key, page and caller id. */
export interface SectionUpdate {
  id: string;
  order: number;
  title: string;
  type: string;
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
  model: object | null;
}

/**
 * The one writer of projects, pages and sections, and of the project's search document. Every method
 * runs in the caller's transaction (`tx`), so the rows commit together with whatever else the caller
 * writes. The whole-change methods (`appendPage`, `deletePage`, `appendSections`) make a new revision
 * and refresh the search document themselves (`insertProject` starts at revision 0); a caller assembling
 * a larger change from the row methods ends it with `newRevision` and `refreshSearch`. Every revision
 * records who made it and what it did (a DraftChange row).
 */
@Injectable()
export class ProjectWriter {
  /** The project with its pages and their sections, in one statement; then its search document. */
  async insertProject(
    tx: TransactionClient,
    project: NewProject,
    pages: NewPage[],
  ): Promise<InsertedProject> {
    const inserted = await this.createProject(tx, project, pages);
    await this.refreshSearch(tx, inserted.projectId);
    return inserted;
  }

  /** The project row (and any pages given), without refreshing the search document. */
  async createProject(
    tx: TransactionClient,
    project: NewProject,
    pages: NewPage[] = [],
  ): Promise<InsertedProject> {
    const {
      id,
      key,
      pages: rows,
    } = await tx.project.create({
      data: {
        key: project.key ?? newPublicKey(),
        accountId: project.accountId,
        workspaceId: project.workspaceId,
        createdById: project.createdById,
        templateId: project.templateId,
        externalId: project.externalId,
        title: project.title,
        description: project.description,
        tags: project.tags,
        preset: project.preset,
        theme: asJson(project.theme),
        breakpoints: asJson(project.breakpoints),
        swatches: asJson(project.swatches),
        ...(pages.length ? { pages: { create: pages.map(pageRow) } } : {}),
      },
      select: { id: true, key: true, pages: { orderBy: { order: 'asc' }, select: { id: true, key: true } } },
    });
    return {
      projectId: id,
      projectKey: key,
      pages: rows.map((page) => ({ pageId: page.id, pageKey: page.key })),
    };
  }

  /**
   * Restyles the project: its theme, and the swatches drawn from it. A row method: the caller ends its
   * change with `newRevision`.
   */
  async setTheme(tx: TransactionClient, projectId: string, theme: Theme): Promise<void> {
    await tx.project.update({
      where: { id: projectId },
      data: { theme: asJson(theme), swatches: asJson(themeSwatches(theme)), updatedAt: new Date() },
    });
  }

  /**
   * Adds 1 to the project's revision and marks it updated: every change of a draft (its pages, sections
   * or theme) calls this once, in its transaction, and gets the revision it made; `change` says who made
   * it and what it did, for the project's history.
   */
  async newRevision(tx: TransactionClient, projectId: string, change: DraftChangeNote): Promise<number> {
    const { revision } = await tx.project.update({
      where: { id: projectId },
      data: { revision: { increment: 1 }, updatedAt: new Date() },
      select: { revision: true },
    });
    const { author, summary } = change;
    await tx.draftChange.create({
      data: {
        projectId,
        revision,
        authorKind: author.kind,
        authorName: author.name,
        userId: author.userId,
        apiKeyId: author.apiKeyId,
        summary,
      },
    });
    return revision;
  }

  /** Locks the project row until the transaction ends: concurrent changes of its pages wait for each other. */
  async lockProject(tx: TransactionClient, projectId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${projectId}::uuid FOR UPDATE`;
  }

  /** Changes the given fields and marks the project updated. */
  async updateProject(
    tx: TransactionClient,
    projectId: string,
    changes: ProjectChanges = {},
  ): Promise<{ id: string; key: string }> {
    return tx.project.update({
      where: { id: projectId },
      data: { ...changes, updatedAt: new Date() },
      select: { id: true, key: true },
    });
  }

  /**
   * Appends a page named by `name` from the project's current pages. The project row stays locked
   * until the transaction ends, so concurrent appends see each other's pages and never clash.
   */
  async appendPage(
    tx: TransactionClient,
    projectId: string,
    author: DraftAuthor,
    name: (existing: PageName[]) => PageName,
  ): Promise<InsertedPage> {
    await this.lockProject(tx, projectId);
    const pages = await tx.page.findMany({
      where: { projectId },
      select: { title: true, path: true, order: true },
    });
    const { title, path } = name(pages);
    const order = Math.max(-1, ...pages.map((page) => page.order)) + 1;
    const page = await tx.page.create({
      data: { key: newPublicKey(), projectId, title, path, order },
      select: { id: true, key: true },
    });
    await this.touched(tx, projectId, { author, summary: `added the page "${title}"` });
    return { pageId: page.id, pageKey: page.key, title, path };
  }

  /**
   * Locks the project's row, then reads its pages in order: what a change to its page list is decided
   * from, with no other change slipping in before the transaction ends.
   */
  async lockPages(
    tx: TransactionClient,
    projectId: string,
  ): Promise<{ id: string; key: string; title: string; isHome: boolean; path: string }[]> {
    await this.lockProject(tx, projectId);
    return tx.page.findMany({
      where: { projectId },
      orderBy: { order: 'asc' },
      select: { id: true, key: true, title: true, isHome: true, path: true },
    });
  }

  /** Deletes the page; `newHome`, when given, becomes the home page (at `path`, when given). */
  async deletePage(
    tx: TransactionClient,
    projectId: string,
    pageId: string,
    newHome: { id: string; path?: string } | null,
    change: DraftChangeNote,
  ): Promise<void> {
    await tx.page.delete({ where: { id: pageId } });
    if (newHome) {
      const path = newHome.path === undefined ? {} : { path: newHome.path };
      await tx.page.update({ where: { id: newHome.id }, data: { isHome: true, ...path } });
    }
    await this.touched(tx, projectId, change);
  }

  /** One page row with its sections, without refreshing the search document. */
  async createPage(tx: TransactionClient, projectId: string, page: NewPage): Promise<{ id: string }> {
    return tx.page.create({ data: { projectId, ...pageRow(page) }, select: { id: true } });
  }

  async updatePage(tx: TransactionClient, pageId: string, changes: PageChanges): Promise<{ id: string }> {
    return tx.page.update({ where: { id: pageId }, data: changes, select: { id: true } });
  }

  /** Appends the sections after the page's last one and marks the project updated. */
  async appendSections(
    tx: TransactionClient,
    projectId: string,
    pageId: string,
    sections: NewSection[],
    change: DraftChangeNote,
  ): Promise<void> {
    const last = await tx.section.aggregate({ where: { pageId }, _max: { order: true } });
    const first = (last._max.order ?? -1) + 1;
    await this.insertSections(
      tx,
      pageId,
      sections.map((section, index) => ({ ...section, order: first + index })),
    );
    await this.touched(tx, projectId, change);
  }

  async insertSections(
    tx: TransactionClient,
    pageId: string,
    sections: (NewSection & { order: number })[],
  ): Promise<void> {
    if (!sections.length) return;
    await tx.section.createMany({
      data: sections.map(({ order, ...section }) => ({ pageId, order, ...sectionRow(section) })),
    });
  }

  async updateSections(tx: TransactionClient, updates: SectionUpdate[]): Promise<void> {
    if (!updates.length) return;
    // One statement for all updated sections instead of one round trip each.
    await tx.$executeRaw`
      UPDATE "Section" AS s
      SET "order" = v."order", title = v.title, type = v.type, tree = v.tree, styles = v.styles,
          interactions = v.interactions, model = v.model, "updatedAt" = now()
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        AS v(id uuid, "order" int, title text, type text, tree jsonb, styles jsonb, interactions jsonb, model jsonb)
      WHERE s.id = v.id`;
  }

  /** Deletes the pages with their sections, as a row method: the caller ends its change with `newRevision`. */
  async deletePages(tx: TransactionClient, pageIds: string[]): Promise<void> {
    if (pageIds.length) await tx.page.deleteMany({ where: { id: { in: pageIds } } });
  }

  async deleteSections(tx: TransactionClient, sectionIds: string[]): Promise<void> {
    if (sectionIds.length) await tx.section.deleteMany({ where: { id: { in: sectionIds } } });
  }

  /** Points the project at its thumbnail image. Not an edit: the project's updatedAt stays. */
  async setThumbnail(tx: TransactionClient, projectId: string, assetId: string): Promise<void> {
    await tx.$executeRaw`UPDATE "Project" SET "thumbnailAssetId" = ${assetId}::uuid WHERE id = ${projectId}::uuid`;
  }

  /** Rebuilds the project's full-text document from its current title, tags, description and page text. */
  async refreshSearch(tx: TransactionClient, projectId: string): Promise<void> {
    await refreshProjectSearch(tx, projectId);
  }

  /** A new revision and the search document refreshed: the end of a whole change. */
  private async touched(tx: TransactionClient, projectId: string, change: DraftChangeNote): Promise<void> {
    await this.newRevision(tx, projectId, change);
    await this.refreshSearch(tx, projectId);
  }
}

function pageRow({ sections, ...page }: NewPage) {
  return {
    ...page,
    ...(sections?.length
      ? { sections: { create: sections.map((section, order) => ({ order, ...sectionRow(section) })) } }
      : {}),
  };
}

function sectionRow(section: NewSection) {
  return {
    key: section.key,
    title: section.title,
    type: section.type,
    externalId: section.externalId,
    librarySectionId: section.librarySectionId,
    tree: asJson(section.tree),
    styles: asJson(section.styles),
    interactions: asJson(section.interactions),
    ...(section.model !== undefined ? { model: asJson(section.model) } : {}),
  };
}
