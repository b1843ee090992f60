import { Injectable } from '@nestjs/common';
import { type Breakpoint, newPublicKey, type Swatch, type Theme } from '#folio/content';
import { asJson, PrismaService, refreshProjectSearch } from '#folio/db';
import { type PageName } from './page-naming.js';

export interface NewProjectRecord {
  accountId: string;
  workspaceId: string | null;
  createdById: string;
  title: string;
  preset: 'desktop' | 'mobile';
  theme: Theme;
  breakpoints: Breakpoint[];
  swatches: Swatch[];
}

export interface InsertedProject {
  projectId: string;
  projectKey: string;
  homePageId: string;
  homePageKey: string;
}

export interface InsertedPage extends PageName {
  pageId: string;
  pageKey: string;
}

/** Writes projects and their pages, each change in one transaction that also refreshes the project's search document. */
@Injectable()
export class ProjectCreationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The project with one empty home page. */
  async insertProject(project: NewProjectRecord): Promise<InsertedProject> {
    return this.prisma.$transaction(async (tx) => {
      const { id, key, pages } = await tx.project.create({
        data: {
          key: newPublicKey(),
          accountId: project.accountId,
          workspaceId: project.workspaceId,
          createdById: project.createdById,
          title: project.title,
          preset: project.preset,
          theme: asJson(project.theme),
          breakpoints: asJson(project.breakpoints),
          swatches: asJson(project.swatches),
          pages: { create: { key: newPublicKey(), title: 'Home', path: '', order: 0, isHome: true } },
        },
        select: { id: true, key: true, pages: { select: { id: true, key: true } } },
      });
      await refreshProjectSearch(tx, id);
      return { projectId: id, projectKey: key, homePageId: pages[0].id, homePageKey: pages[0].key };
    });
  }

  /**
   * Appends a page named by `name` from the project's current pages. The project row stays locked
   * until the page is written, so concurrent appends see each other's pages and never clash.
   */
  async appendPage(projectId: string, name: (existing: PageName[]) => PageName): Promise<InsertedPage> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${projectId}::uuid FOR UPDATE`;
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
      await tx.project.update({ where: { id: projectId }, data: { updatedAt: new Date() } });
      await refreshProjectSearch(tx, projectId);
      return { pageId: page.id, pageKey: page.key, title, path };
    });
  }

  /**
   * Deletes the page unless it is the project's last. When it was the home page, the first remaining page
   * becomes home and takes the site root path if the deleted page had it.
   */
  async deletePage(
    projectId: string,
    pageKey: string,
  ): Promise<{ homePageKey: string } | 'not_found' | 'last_page'> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${projectId}::uuid FOR UPDATE`;
      const pages = await tx.page.findMany({
        where: { projectId },
        orderBy: { order: 'asc' },
        select: { id: true, key: true, isHome: true, path: true },
      });
      const page = pages.find((candidate) => candidate.key === pageKey);
      if (!page) return 'not_found';
      const rest = pages.filter((candidate) => candidate !== page);
      if (rest.length === 0) return 'last_page';
      await tx.page.delete({ where: { id: page.id } });
      let home = rest.find((candidate) => candidate.isHome);
      if (!home) {
        home = rest[0];
        const rootFree = !rest.some((candidate) => candidate.path === '');
        await tx.page.update({
          where: { id: home.id },
          data: { isHome: true, ...(page.path === '' && rootFree ? { path: '' } : {}) },
        });
      }
      await tx.project.update({ where: { id: projectId }, data: { updatedAt: new Date() } });
      await refreshProjectSearch(tx, projectId);
      return { homePageKey: home.key };
    });
  }
}
