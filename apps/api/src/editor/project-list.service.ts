// What the editor's project list shows: the projects a person may see, with where each is, whether it is
// live, and its last change.
import { Injectable } from '@nestjs/common';
import { type Actor } from '#folio/identity';
import { authorLabel, DraftChangeRepository, ProjectQueryRepository } from '#folio/projects';
import { PublishService } from '#folio/publishing';

/** How many projects the list shows; a search narrows it. */
export const listedProjects = 60;

export interface ListedProject {
  key: string;
  title: string;
  href: string;
  /** The thumbnail (the draft's, once taken), a path on this origin. */
  thumbnailUrl: string | null;
  accountName: string;
  workspaceName: string | null;
  /** Where it is live: 'site' and 'embed' among them; empty while it is a draft only. */
  live: string[];
  /** Its last change and who made it, as people read them; null before its first. */
  lastChange: { by: string; summary: string } | null;
  updatedAt: Date;
}

export interface ProjectList {
  projects: ListedProject[];
  /** The search typed, trimmed; '' for none. */
  query: string;
  /** More projects match than the list shows. */
  hasMore: boolean;
}

@Injectable()
export class ProjectListService {
  constructor(
    private readonly queries: ProjectQueryRepository,
    private readonly history: DraftChangeRepository,
    private readonly publishing: PublishService,
  ) {}

  /** The projects the actor may see, newest change first; with `query`, those whose title holds it. */
  async list(actor: Actor, query: string): Promise<ProjectList> {
    const found = await this.queries.recent(actor, {
      limit: listedProjects + 1,
      titleContains: query || undefined,
    });
    const projects = found.slice(0, listedProjects);
    const ids = projects.map((project) => project.id);
    const [states, changes] = await Promise.all([
      this.publishing.publishState(ids),
      this.history.latest(ids),
    ]);
    return {
      query,
      hasMore: found.length > listedProjects,
      projects: projects.map((project) => {
        const change = changes.get(project.id);
        return {
          key: project.key,
          title: project.title,
          href: `/editor/${project.key}`,
          thumbnailUrl: project.thumbnailUrl,
          accountName: project.accountName,
          workspaceName: project.workspaceName,
          live: states.get(project.id)?.destinations.map((destination) => destination.kind) ?? [],
          lastChange: change ? { by: authorLabel(change.author), summary: change.summary } : null,
          updatedAt: project.updatedAt,
        };
      }),
    };
  }
}
