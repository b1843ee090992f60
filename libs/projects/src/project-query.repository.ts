import { Injectable } from '@nestjs/common';
import { decodeEntities } from '#folio/content';
import { keptPlan, prefixTsQuery, Prisma, PrismaService } from '#folio/db';
import { type Actor, visibleProjectsCondition } from '#folio/identity';

/** A project as lists show it. */
export interface ProjectSummary {
  /** Internal: for lookups on the server, never rendered. */
  id: string;
  key: string;
  title: string;
  accountKey: string;
  accountName: string;
  /** The workspace it is in, null for none (the account's own projects). */
  workspaceName: string | null;
  updatedAt: Date;
  /** The draft's revision (ProjectWriter.newRevision). */
  revision: number;
  /** The thumbnail image once it is ready. */
  thumbnailUrl: string | null;
}

/** Where a search matched a project: its best field, in the order title > description > tag > page. */
export interface SearchMatch {
  field: 'title' | 'description' | 'tag' | 'page';
  /** For a page match: the first page (in page order) whose text matched. */
  pageKey?: string;
  pageTitle?: string;
  /** Whole words around the first matched term, at most ~120 characters, `…` where cut; not for titles. */
  snippet?: string;
}

export interface ProjectQueryScope {
  /** Only projects of this account (still only the visible ones). */
  accountId?: string;
  /**
   * More columns to read with each project in the same statement (`expression AS "name"`, on `p`: the
   * project's id, key and columns), e.g. another lib's state of the project.
   */
  columns?: Prisma.Sql;
}

/** A search hit: a project as lists show it, and where the search matched it. */
export type ProjectSearchHit<Columns> = ProjectSummary & Columns & { match?: SearchMatch };

/** How a query narrows and orders the visible projects, and what it reads with the ones it returns. */
interface QueryParts {
  from?: Prisma.Sql;
  where?: Prisma.Sql;
  orderBy: Prisma.Sql;
  limit: number;
  /** Joined to each project returned (after the limit), on `p`. */
  join?: Prisma.Sql;
  /** Columns of `join`. */
  joined?: Prisma.Sql;
}

/**
 * Finding projects for an actor: by key, by full-text search and most recently updated, each in one
 * statement. Every query returns only the projects the actor can see (the access policy's condition).
 */
@Injectable()
export class ProjectQueryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The visible projects among these keys, in the order of the keys. */
  async byKeys<Columns extends object = object>(
    actor: Actor,
    keys: readonly string[],
    scope: ProjectQueryScope,
  ): Promise<(ProjectSummary & Columns)[]> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return [];
    const found = await this.query<Columns>(actor, scope, {
      where: Prisma.sql`p.key IN (${Prisma.join(unique)})`,
      orderBy: Prisma.sql`p.key`,
      limit: unique.length,
    });
    const byKey = new Map(found.map((project) => [project.key, project]));
    return unique.flatMap((key) => byKey.get(key) ?? []);
  }

  /**
   * Full-text search over titles, tags, descriptions and page text: every word must match, the last as
   * a prefix. Best matches first, then the most recently updated. Text without a searchable word finds
   * nothing. Each hit says where it matched: every word in one field if any field holds them all, else
   * the first field holding one of them (work grows with the hits' pages, so keep `limit` to a page).
   */
  async search<Columns extends object = object>(
    actor: Actor,
    text: string,
    scope: ProjectQueryScope & { limit: number },
  ): Promise<ProjectSearchHit<Columns>[]> {
    const every = prefixTsQuery(text);
    if (every === null) return [];
    // prefixTsQuery joins bare words with ' & ', so this is the same words, any one of them.
    const some = every.replaceAll(' & ', ' | ');
    const rows = await this.query<Columns & MatchColumns>(actor, scope, {
      from: Prisma.sql`CROSS JOIN to_tsquery('english', ${every}) AS q`,
      where: Prisma.sql`p.search @@ q`,
      orderBy: Prisma.sql`ts_rank(p.search, q) DESC, p."updatedAt" DESC, p.id`,
      limit: scope.limit,
      // project_search_match (in the migrations) decides field by field on stored page text.
      join: Prisma.sql`LEFT JOIN LATERAL project_search_match(p.id, p.title, p.description, p.tags,
        to_tsquery('english', ${every}), to_tsquery('english', ${some}),
        ${hit.start + hit.end}, ${headlineOptions}) AS match ON TRUE`,
      joined: Prisma.sql`match.match_field AS "matchField", match.match_page_key AS "matchPageKey",
        match.match_page_title AS "matchPageTitle", match.match_highlighted AS "matchHighlighted"`,
    });
    return rows.map(({ matchField, matchPageKey, matchPageTitle, matchHighlighted, ...project }) => {
      if (matchField === null) return project as ProjectSearchHit<Columns>;
      const snippet = matchHighlighted === null ? undefined : snippetOf(matchHighlighted);
      const page = matchPageKey === null ? {} : { pageKey: matchPageKey, pageTitle: matchPageTitle! };
      const match: SearchMatch = { field: matchField, ...page, ...(snippet ? { snippet } : {}) };
      return { ...project, match } as ProjectSearchHit<Columns>;
    });
  }

  /** The most recently updated visible projects; with `titleContains`, only those whose title holds it (any case). */
  async recent<Columns extends object = object>(
    actor: Actor,
    scope: ProjectQueryScope & { limit: number; titleContains?: string },
  ): Promise<(ProjectSummary & Columns)[]> {
    const text = scope.titleContains;
    return this.query<Columns>(actor, scope, {
      where: text ? Prisma.sql`p.title ILIKE ${`%${text.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
      orderBy: Prisma.sql`p."updatedAt" DESC, p.id`,
      limit: scope.limit,
    });
  }

  /** The visible projects `parts` selects, in its order; the extra columns read for those returned only. */
  private async query<Columns extends object>(
    actor: Actor,
    scope: ProjectQueryScope,
    parts: QueryParts,
  ): Promise<(ProjectSummary & Columns)[]> {
    const visible = visibleProjectsCondition(actor, scope.accountId);
    if (visible === null || parts.limit < 1) return [];
    const more = [scope.columns, parts.joined].filter((columns) => columns !== undefined);
    // Kept prepared: one text per shape (the actor's visibility, the keys' count), planned once per connection.
    return this.prisma.$queryRaw<(ProjectSummary & Columns)[]>`${keptPlan}
      SELECT p.id, p.key, p.title, p."accountKey", p."accountName", p."workspaceName", p."updatedAt",
        p.revision, p."thumbnailUrl"
        ${more.length ? Prisma.sql`, ${Prisma.join(more)}` : Prisma.empty}
      FROM (
        SELECT p.id, p.key, p.title, p.description, p.tags, a.key AS "accountKey", a.name AS "accountName",
          w.name AS "workspaceName", p."updatedAt", p.revision,
          thumb.url AS "thumbnailUrl", row_number() OVER (ORDER BY ${parts.orderBy}) AS position
        FROM "Project" p
        ${parts.from ?? Prisma.empty}
        JOIN "Account" a ON a.id = p."accountId"
        LEFT JOIN "Workspace" w ON w.id = p."workspaceId"
        LEFT JOIN "Asset" thumb ON thumb.id = p."thumbnailAssetId" AND thumb.status = 'ready'
        WHERE ${visible} AND ${parts.where ?? Prisma.sql`TRUE`}
        ORDER BY ${parts.orderBy}
        LIMIT ${parts.limit}
      ) p
      ${parts.join ?? Prisma.empty}
      ORDER BY p.position`;
  }
}

interface MatchColumns {
  matchField: SearchMatch['field'] | null;
  matchPageKey: string | null;
  matchPageTitle: string | null;
  matchHighlighted: string | null;
}

/** Control characters around each matched word in ts_headline's output (removed from the text first). */
const hit = { start: '\u0001', end: '\u0002' };
const headlineOptions = `HighlightAll=true, StartSel=${hit.start}, StopSel=${hit.end}`;
const snippetLength = 120;

/**
 * Whole words around the first highlighted term of `highlighted`, at most {@link snippetLength}
 * characters with `…` at each end that was cut.
 */
function snippetOf(highlighted: string): string | undefined {
  // decodeEntities never writes a control character, so the markers stay the only ones.
  const marked = decodeEntities(highlighted).replace(/\s+/g, ' ').trim();
  const from = marked.indexOf(hit.start);
  const to = marked.indexOf(hit.end, from);
  const text = marked.replaceAll(hit.start, '').replaceAll(hit.end, '');
  if (!text) return undefined;
  if (text.length <= snippetLength) return text;
  // Where the first term sits in the text without markers; the start of the text if none was marked.
  const termStart = from < 0 ? 0 : from;
  const termEnd = from < 0 || to < 0 ? 0 : to - 1;
  const room = snippetLength - 2; // an ellipsis at either end
  let start = Math.max(
    0,
    Math.min(termStart - Math.floor((room - (termEnd - termStart)) / 3), text.length - room),
  );
  let end = Math.min(text.length, start + room);
  // Cut only at spaces, so that no word (or its punctuation) is split.
  if (start > 0 && text[start - 1] !== ' ') {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < termStart) start = space + 1;
  }
  if (end < text.length && text[end] !== ' ') {
    const space = text.lastIndexOf(' ', end);
    if (space >= termEnd) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
