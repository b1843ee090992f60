import { Inject, Injectable } from '@nestjs/common';
import { prefixTsQuery } from '#folio/db';
import { InvalidInputError } from '#folio/errors';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Actor } from '#folio/identity';
import { publicUrl } from '#folio/storage';
import { PlacementResolver, ProjectQueries, type ProjectSummary } from '#folio/projects';
import { type PublishState, PublishService } from './publish.service.js';
import { editorUrl } from './published-urls.js';
import { UrlResolver } from './url-resolver.service.js';

export interface FindProjectsRequest {
  /** Project keys, returned in this order. */
  ids?: string[];
  /** Free text: every word must match, the last as a prefix. */
  search?: string;
  /** A site, editor or embed URL. */
  url?: string;
  /** Only projects of this account. */
  accountKey?: string;
  limit: number;
}

export interface FoundProject {
  projectKey: string;
  title: string;
  publishState: PublishState;
  thumbnailUrl: string | null;
  editorUrl: string;
  accountKey: string;
  updatedAt: Date;
}

/**
 * find_projects: the projects named by key, by URL and by search, as one list in that order without
 * repeats; with none of the three, the most recently updated ones. Only projects the actor can see.
 */
@Injectable()
export class ProjectFinder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: ProjectQueries,
    private readonly urls: UrlResolver,
    private readonly publishing: PublishService,
    private readonly placements: PlacementResolver,
  ) {}

  async find(actor: Actor, request: FindProjectsRequest): Promise<FoundProject[]> {
    const accountId = request.accountKey
      ? (await this.placements.account(actor, request.accountKey)).accountId
      : undefined;
    const projects = await this.lookUp(actor, request, accountId);
    const states = await this.publishing.publishState(projects.map((project) => project.id));
    return projects.map((project) => ({
      projectKey: project.key,
      title: project.title,
      publishState: states.get(project.id)!,
      thumbnailUrl: project.thumbnailUrl && publicUrl(this.config.publicBaseUrl, project.thumbnailUrl),
      editorUrl: editorUrl(this.config.publicBaseUrl, project.key),
      accountKey: project.accountKey,
      updatedAt: project.updatedAt,
    }));
  }

  private async lookUp(
    actor: Actor,
    request: FindProjectsRequest,
    accountId: string | undefined,
  ): Promise<ProjectSummary[]> {
    const { limit } = request;
    const ids = request.ids ?? [];
    const search = request.search?.trim();
    const url = request.url?.trim();
    if (ids.length === 0 && !search && !url) return this.queries.recent(actor, { accountId, limit });
    if (search && prefixTsQuery(search) === null) {
      throw new InvalidInputError([
        { path: 'search', message: 'give at least one word or number to search for' },
      ]);
    }
    const lists = await Promise.all([
      this.queries.byKeys(actor, ids, { accountId }),
      url ? this.projectAt(actor, url, accountId) : [],
      search ? this.queries.search(actor, search, { accountId, limit }) : [],
    ]);
    const seen = new Set<string>();
    // Every id found is returned (there are at most 20); `limit` caps what url and search add.
    return lists
      .flat()
      .filter((project) => !seen.has(project.key) && seen.add(project.key))
      .slice(0, Math.max(limit, lists[0].length));
  }

  /** The visible project a Folio URL points at; nothing for other URLs. */
  private async projectAt(
    actor: Actor,
    url: string,
    accountId: string | undefined,
  ): Promise<ProjectSummary[]> {
    if (!this.urls.isFolioUrl(url)) {
      throw new InvalidInputError([
        {
          path: 'url',
          message: `expected a Folio URL: ${this.config.publicBaseUrl}/sites/…, /editor/… or /embed/…`,
        },
      ]);
    }
    const resolved = await this.urls.resolve(url);
    return resolved ? this.queries.byKeys(actor, [resolved.projectKey], { accountId }) : [];
  }
}
