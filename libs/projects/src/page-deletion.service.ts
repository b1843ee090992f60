import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';
import { ConflictError, NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
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

  async deletePage(actor: Actor, projectKey: string, pageKey: string): Promise<DeletedPage> {
    const project = await this.access.findAccessible(actor, projectKey, 'edit');
    const outcome = await this.prisma.$transaction((tx) => this.writer.deletePage(tx, project.id, pageKey));
    if (outcome === 'not_found') throw new NotFoundError(`Project ${projectKey} has no page ${pageKey}.`);
    if (outcome === 'last_page') {
      throw new ConflictError(
        `Page ${pageKey} is the only page of project ${projectKey}; a project keeps one page.`,
      );
    }
    return { projectKey, pageKey, homePageKey: outcome.homePageKey };
  }
}
