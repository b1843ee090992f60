import { Injectable } from '@nestjs/common';
import { newPublicKey } from '#folio/content';
import { PrismaService } from '#folio/db';
import { InvalidInputError } from '#folio/errors';
import { type Actor, type Principal } from '#folio/identity';
import { actingFor, draftAuthor } from './draft-author.js';
import { homePageTitle, maxTitleLength, uniquePageName, untitledPageTitle } from './page-naming.js';
import { PlacementResolver } from './placement-resolver.service.js';
import { defaultProjectDesign } from './project-design.js';
import { ProjectAccess } from './project-access.service.js';
import { ProjectWriter } from './project-writer.repository.js';

export interface NewProjectRequest {
  title: string;
  accountKey?: string;
  /** A workspace key or name. */
  workspace?: string;
  preset?: 'desktop' | 'mobile';
}

export interface CreatedProject {
  projectId: string;
  projectKey: string;
  homePageId: string;
  homePageKey: string;
  accountId: string;
  teamId: string | null;
}

export interface NewPageRequest {
  /** Defaults to "Untitled". */
  title?: string;
}

export interface CreatedPage {
  projectId: string;
  pageId: string;
  pageKey: string;
  /** The title given, numbered when another page has it ("Untitled 2"). */
  title: string;
  path: string;
}

const presets = ['desktop', 'mobile'] as const;

/** Creates empty projects and pages where the actor may edit. */
@Injectable()
export class ProjectCreator {
  constructor(
    private readonly placements: PlacementResolver,
    private readonly access: ProjectAccess,
    private readonly writer: ProjectWriter,
    private readonly prisma: PrismaService,
  ) {}

  /** A project with Folio's default theme and breakpoints and one empty Home page. */
  async createProject(actor: Actor, request: NewProjectRequest): Promise<CreatedProject> {
    const title = checkedTitle(request.title, 'project');
    const preset = request.preset ?? 'desktop';
    if (!presets.includes(preset)) {
      throw new InvalidInputError([{ path: 'preset', message: `use one of: ${presets.join(', ')}.` }]);
    }
    const placement = await this.placements.forNewProject(actor, request, 'edit');
    const { projectId, projectKey, pages } = await this.prisma.$transaction((tx) =>
      this.writer.insertProject(
        tx,
        {
          accountId: placement.accountId,
          workspaceId: placement.workspaceId,
          createdById: actor.userId,
          title,
          preset,
          ...defaultProjectDesign(),
        },
        [{ key: newPublicKey(), title: homePageTitle, path: '', order: 0, isHome: true }],
      ),
    );
    const [home] = pages;
    return {
      projectId,
      projectKey,
      homePageId: home.pageId,
      homePageKey: home.pageKey,
      accountId: placement.accountId,
      teamId: placement.teamId,
    };
  }

  /**
   * An empty page after the project's last one, titled and pathed apart from the others, recorded as the
   * change of `by` (a person, or the key or app calling). Edit access.
   */
  async createPage(by: Actor | Principal, projectKey: string, request: NewPageRequest): Promise<CreatedPage> {
    const project = await this.access.findAccessible(actingFor(by), projectKey, 'edit');
    const title = request.title?.trim() ? checkedTitle(request.title, 'page') : untitledPageTitle;
    const page = await this.prisma.$transaction((tx) =>
      this.writer.appendPage(tx, project.id, draftAuthor(by), (existing) => uniquePageName(title, existing)),
    );
    return { projectId: project.id, ...page };
  }
}

function checkedTitle(title: string, what: 'project' | 'page'): string {
  const trimmed = typeof title === 'string' ? title.trim() : '';
  if (trimmed.length >= 1 && trimmed.length <= maxTitleLength) return trimmed;
  const message = trimmed.length
    ? `is ${trimmed.length} characters long; give the ${what} a title of at most ${maxTitleLength}.`
    : `give the ${what} a title (1–${maxTitleLength} characters).`;
  throw new InvalidInputError([{ path: 'title', message }]);
}
