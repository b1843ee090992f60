import { Inject, Injectable } from '@nestjs/common';
import { prefixTsQuery } from '#folio/db';
import { InvalidInputError } from '#folio/errors';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Actor } from '#folio/identity';
import { publicUrl } from '#folio/storage';
import { PlacementResolver, ProjectQueryRepository, type ProjectSummary } from '#folio/projects';
import { editorUrl, type PublishState, PublishService } from '#folio/publishing';
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
  /** For a search hit: where the search matched (title > description > tag > page). */
  match?: {
    field: 'title' | 'description' | 'tag' | 'page';
    pageKey?: string;
    pageTitle?: string;
    snippet?: string;
  };
}

export interface FoundProjects {
  projects: FoundProject[];
  /**
   * Requested ids not returned, in the order given: unknown, not visible to the actor and outside
   * `accountKey` alike, so the answer never tells whether a project exists.
   */
  notFound: string[];
  /** More projects match than `limit` let through. */
  hasMore: boolean;
}

/**
 * find_projects: the projects named by key, by URL and by search, as one list in that order without
 * repeats; with none of the three, the most recently updated ones. Only projects the actor can see.
 */
@Injectable()
export class ProjectFinder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: ProjectQueryRepository,
    private readonly urls: UrlResolver,
    private readonly publishing: PublishService,
    private readonly placements: PlacementResolver,
  ) {}

  async find(actor: Actor, request: FindProjectsRequest): Promise<FoundProjects> {
    const accountId = request.accountKey
      ? (await this.placements.account(actor, request.accountKey)).accountId
      : undefined;
    const search = request.search?.trim();
    const { projects, searched, hasMore } = await this.lookUp(actor, { ...request, search }, accountId);
    const hits = projects.filter((project) => searched.has(project.id)).map((project) => project.id);
    const [states, matches] = await Promise.all([
      this.publishing.publishState(projects.map((project) => project.id)),
      search && hits.length ? this.queries.searchMatches(search, hits) : new Map<string, never>(),
    ]);
    const returned = new Set(projects.map((project) => project.key));
    return {
      projects: projects.map((project) => {
        const match = matches.get(project.id);
        return {
          projectKey: project.key,
          title: project.title,
          publishState: states.get(project.id)!,
          thumbnailUrl: project.thumbnailUrl && publicUrl(this.config.publicBaseUrl, project.thumbnailUrl),
          editorUrl: editorUrl(this.config.publicBaseUrl, project.key),
          accountKey: project.accountKey,
          updatedAt: project.updatedAt,
          ...(match ? { match } : {}),
        };
      }),
      notFound: [...new Set(request.ids ?? [])].filter((key) => !returned.has(key)),
      hasMore,
    };
  }

  /**
   * The projects to return, which of them the search found (by internal id), and whether more match:
   * each list that `limit` caps is read one row past what can be returned, so no count is needed.
   */
  private async lookUp(
    actor: Actor,
    request: FindProjectsRequest,
    accountId: string | undefined,
  ): Promise<{ projects: ProjectSummary[]; searched: Set<string>; hasMore: boolean }> {
    const { limit, search } = request;
    const ids = request.ids ?? [];
    const url = request.url?.trim();
    if (ids.length === 0 && !search && !url) {
      const recent = await this.queries.recent(actor, { accountId, limit: limit + 1 });
      return { projects: recent.slice(0, limit), searched: new Set(), hasMore: recent.length > limit };
    }
    if (search && prefixTsQuery(search) === null) {
      throw new InvalidInputError([
        { path: 'search', message: 'give at least one word or number to search for' },
      ]);
    }
    // Every id found is returned (there are at most 20); `limit` caps what url and search add. Search
    // matches may repeat the ids' and the url's projects, so read past those too.
    const returnable = Math.max(limit, ids.length);
    const [byKey, atUrl, found] = await Promise.all([
      this.queries.byKeys(actor, ids, { accountId }),
      url ? this.projectAt(actor, url, accountId) : [],
      search ? this.queries.search(actor, search, { accountId, limit: returnable + (url ? 2 : 1) }) : [],
    ]);
    const seen = new Set<string>();
    const all = [byKey, atUrl, found]
      .flat()
      .filter((project) => !seen.has(project.key) && seen.add(project.key));
    const cap = Math.max(limit, byKey.length);
    return {
      projects: all.slice(0, cap),
      searched: new Set(found.map((project) => project.id)),
      hasMore: all.length > cap,
    };
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
          message: `expected a Folio URL: ${this.config.sitesBaseUrl}/sites/…, ${this.config.publicBaseUrl}/editor/… or ${this.config.sitesBaseUrl}/embed/…`,
        },
      ]);
    }
    const resolved = await this.urls.resolve(url);
    return resolved ? this.queries.byKeys(actor, [resolved.projectKey], { accountId }) : [];
  }
}
