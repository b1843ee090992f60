import { Inject, Injectable } from '@nestjs/common';
import { prefixTsQuery, Prisma } from '#folio/db';
import { InvalidInputError } from '#folio/errors';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Actor } from '#folio/identity';
import { publicUrl } from '#folio/storage';
import {
  PlacementResolver,
  ProjectQueryRepository,
  type ProjectQueryScope,
  type SearchMatch,
  type ProjectSummary,
} from '#folio/projects';
import {
  editorUrl,
  publishedDestinationsColumn,
  type PublishedDestinationRow,
  type PublishState,
  publishStateOf,
} from '#folio/publishing';
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
  /** The draft's revision: what edit_project's baseRevision is compared with. */
  revision: number;
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

/** A project as the finder reads it: its summary, its publications and, for a search hit, the match. */
type Candidate = ProjectSummary & { destinations: PublishedDestinationRow[]; match?: SearchMatch };

/** Read with each project, in the statement that finds it. */
const withPublications: Pick<ProjectQueryScope, 'columns'> = {
  columns: Prisma.sql`${publishedDestinationsColumn} AS destinations`,
};

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
    private readonly placements: PlacementResolver,
  ) {}

  async find(actor: Actor, request: FindProjectsRequest): Promise<FoundProjects> {
    const accountId = request.accountKey
      ? (await this.placements.account(actor, request.accountKey)).accountId
      : undefined;
    const search = request.search?.trim();
    const { projects, hasMore } = await this.lookUp(actor, { ...request, search }, accountId);
    const returned = new Set(projects.map((project) => project.key));
    return {
      projects: projects.map((project) => ({
        projectKey: project.key,
        title: project.title,
        publishState: publishStateOf(project, this.config.sitesBaseUrl),
        thumbnailUrl: project.thumbnailUrl && publicUrl(this.config.publicBaseUrl, project.thumbnailUrl),
        editorUrl: editorUrl(this.config.publicBaseUrl, project.key),
        accountKey: project.accountKey,
        updatedAt: project.updatedAt,
        revision: project.revision,
        ...(project.match ? { match: project.match } : {}),
      })),
      notFound: [...new Set(request.ids ?? [])].filter((key) => !returned.has(key)),
      hasMore,
    };
  }

  /**
   * The projects to return (a search hit with its match, also when it was named first), and whether
   * more match: each list that `limit` caps is read one row past what can be returned, so no count is
   * needed. Each list is one statement with the projects' publications; a search alone is one in all.
   */
  private async lookUp(
    actor: Actor,
    request: FindProjectsRequest,
    accountId: string | undefined,
  ): Promise<{ projects: Candidate[]; hasMore: boolean }> {
    const { limit, search } = request;
    const ids = request.ids ?? [];
    const url = request.url?.trim();
    if (ids.length === 0 && !search && !url) {
      const recent = await this.queries.recent<Candidate>(actor, {
        ...withPublications,
        accountId,
        limit: limit + 1,
      });
      return { projects: recent.slice(0, limit), hasMore: recent.length > limit };
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
      this.queries.byKeys<Candidate>(actor, ids, { ...withPublications, accountId }),
      url ? this.projectAt(actor, url, accountId) : [],
      search
        ? this.queries.search<Candidate>(actor, search, {
            ...withPublications,
            accountId,
            limit: returnable + (url ? 2 : 1),
          })
        : [],
    ]);
    const matches = new Map(found.map((project) => [project.key, project.match]));
    const seen = new Set<string>();
    const all = [byKey, atUrl, found]
      .flat()
      .filter((project) => !seen.has(project.key) && seen.add(project.key))
      .map((project) => ({ ...project, match: matches.get(project.key) }));
    const cap = Math.max(limit, byKey.length);
    return { projects: all.slice(0, cap), hasMore: all.length > cap };
  }

  /** The visible project a Folio URL points at; nothing for other URLs. */
  private async projectAt(actor: Actor, url: string, accountId: string | undefined): Promise<Candidate[]> {
    if (!this.urls.isFolioUrl(url)) {
      throw new InvalidInputError([
        {
          path: 'url',
          message: `expected a Folio URL: ${this.config.sitesBaseUrl}/sites/…, ${this.config.publicBaseUrl}/editor/… or ${this.config.sitesBaseUrl}/embed/…`,
        },
      ]);
    }
    const resolved = await this.urls.resolve(url);
    return resolved
      ? this.queries.byKeys<Candidate>(actor, [resolved.projectKey], { ...withPublications, accountId })
      : [];
  }
}
