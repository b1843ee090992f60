import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { ConflictError, NotFoundError } from '#folio/errors';
import { type Actor, type Principal } from '#folio/identity';
import { actingFor, draftAuthor } from './draft-author.js';
import { ProjectAccess } from './project-access.service.js';
import { ProjectWriter } from './project-writer.repository.js';

export interface DeletedPage {
  projectKey: string;
  pageKey: string;
  /** The home page afterwards: the next page takes over when the home page is deleted. */
  homePageKey: string;
}

/** Deletes a page of a project the actor may edit; a project always keeps one page, and a home page. */
@Injectable()
export class PageDeletion {
  constructor(
    private readonly access: ProjectAccess,
    private readonly writer: ProjectWriter,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * Deletes the page unless it is the project's last. When it was the home page, the first page left
   * becomes home, and takes the site root with it when the deleted page had it and no other page does.
   * Recorded as the change of `by` (a person, or the key or app calling).
   */
  async deletePage(by: Actor | Principal, projectKey: string, pageKey: string): Promise<DeletedPage> {
    const project = await this.access.findAccessible(actingFor(by), projectKey, 'edit');
    const homePageKey = await this.prisma.$transaction(async (tx) => {
      const pages = await this.writer.lockPages(tx, project.id);
      const page = pages.find((candidate) => candidate.key === pageKey);
      if (!page) throw new NotFoundError(`Project ${projectKey} has no page ${pageKey}.`);
      const rest = pages.filter((candidate) => candidate !== page);
      if (rest.length === 0) {
        throw new ConflictError(
          `Page ${pageKey} is the only page of project ${projectKey}; a project keeps one page.`,
        );
      }
      const change = { author: draftAuthor(by), summary: `deleted the page "${page.title}"` };
      const home = rest.find((candidate) => candidate.isHome);
      if (home) {
        await this.writer.deletePage(tx, project.id, page.id, null, change);
        return home.key;
      }
      const next = rest[0];
      const takesRoot = page.path === '' && !rest.some((candidate) => candidate.path === '');
      await this.writer.deletePage(
        tx,
        project.id,
        page.id,
        {
          id: next.id,
          ...(takesRoot ? { path: '' } : {}),
        },
        change,
      );
      return next.key;
    });
    return { projectKey, pageKey, homePageKey };
  }
}
