import { Injectable } from '@nestjs/common';
import { decodeEntities } from '#folio/content';
import { prefixTsQuery, Prisma, PrismaService } from '#folio/db';
import { type Actor, visibleProjectsCondition } from '#folio/identity';

/** A project as lists show it. */
export interface ProjectSummary {
  /** Internal: for lookups on the server, never rendered. */
  id: string;
  key: string;
  title: string;
  accountKey: string;
  updatedAt: Date;
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
}

/** How a query narrows and orders the visible projects. */
interface QueryParts {
  from?: Prisma.Sql;
  where?: Prisma.Sql;
  orderBy: Prisma.Sql;
  limit: number;
}

const uuids = (ids: readonly string[]) => Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`));

/**
 * Finding projects for an actor: by key, by full-text search and most recently updated. Every query
 * returns only the projects the actor can see (the access policy's SQL condition).
 */
@Injectable()
export class ProjectQueryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The visible projects among these keys, in the order of the keys. */
  async byKeys(actor: Actor, keys: readonly string[], scope: ProjectQueryScope): Promise<ProjectSummary[]> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return [];
    const found = await this.query(actor, scope, {
      where: Prisma.sql`p.key IN (${Prisma.join(unique)})`,
      orderBy: Prisma.sql`p.key`,
      limit: unique.length,
    });
    const byKey = new Map(found.map((project) => [project.key, project]));
    return unique.flatMap((key) => byKey.get(key) ?? []);
  }

  /**
   * Full-text search over titles, tags, descriptions and page text: every word must match, the last as
   * a prefix. Best matches first, then the most recently updated. Text without a searchable word finds nothing.
   */
  async search(
    actor: Actor,
    text: string,
    scope: ProjectQueryScope & { limit: number },
  ): Promise<ProjectSummary[]> {
    const tsQuery = prefixTsQuery(text);
    if (tsQuery === null) return [];
    return this.query(actor, scope, {
      from: Prisma.sql`CROSS JOIN to_tsquery('english', ${tsQuery}) AS q`,
      where: Prisma.sql`p.search @@ q`,
      orderBy: Prisma.sql`ts_rank(p.search, q) DESC, p."updatedAt" DESC, p.id`,
      limit: scope.limit,
    });
  }

  /**
   * Where `text` matched each of these projects (ids of projects a search already returned): every word
   * in one field if any field holds them all, else the first field holding one of them. The same tsquery
   * as {@link search}, so stemming and prefixes agree with it. Work grows with these projects' pages:
   * call it for one page of results only.
   */
  async searchMatches(text: string, projectIds: readonly string[]): Promise<Map<string, SearchMatch>> {
    const every = prefixTsQuery(text);
    if (every === null || projectIds.length === 0) return new Map();
    // prefixTsQuery joins bare words with ' & ', so this is the same words, any one of them.
    const some = every.replaceAll(' & ', ' | ');
    const rows = await this.prisma.$queryRaw<MatchRow[]>`
      WITH candidate AS MATERIALIZED (
        SELECT f.*, to_tsvector('english', f.text) AS doc
        FROM "Project" p
        CROSS JOIN LATERAL (
          SELECT p.id AS "projectId", 1 AS rank, 'title' AS field, NULL AS "pageKey", NULL AS "pageTitle",
            p.title AS text, 0 AS "order"
          UNION ALL SELECT p.id, 2, 'description', NULL, NULL, p.description, 0
          UNION ALL SELECT p.id, 3, 'tag', NULL, NULL, array_to_string(p.tags, ', '), 0
          UNION ALL SELECT p.id, 4, 'page', pg.key, pg.title, ${pageText}, pg."order"
          FROM "Page" pg WHERE pg."projectId" = p.id
        ) f
        WHERE p.id IN (${uuids(projectIds)})
      )
      SELECT DISTINCT ON (m."projectId") m."projectId", m.field, m."pageKey", m."pageTitle",
        CASE WHEN m.field <> 'title'
          THEN ts_headline('english', translate(m.text, ${hit.start + hit.end}, ''), m.q, ${headlineOptions})
        END AS highlighted
      FROM (
        SELECT candidate.*, pass.n, pass.q FROM candidate
        CROSS JOIN (VALUES (1, to_tsquery('english', ${every})), (2, to_tsquery('english', ${some}))) AS pass(n, q)
        WHERE candidate.doc @@ pass.q
      ) m
      ORDER BY m."projectId", m.n, m.rank, m."order"`;
    return new Map(
      rows.map((row) => {
        const snippet = row.highlighted === null ? undefined : snippetOf(row.highlighted);
        const page = row.pageKey === null ? {} : { pageKey: row.pageKey, pageTitle: row.pageTitle! };
        return [row.projectId, { field: row.field, ...page, ...(snippet ? { snippet } : {}) }];
      }),
    );
  }

  /** The most recently updated visible projects. */
  async recent(actor: Actor, scope: ProjectQueryScope & { limit: number }): Promise<ProjectSummary[]> {
    return this.query(actor, scope, { orderBy: Prisma.sql`p."updatedAt" DESC, p.id`, limit: scope.limit });
  }

  private async query(actor: Actor, scope: ProjectQueryScope, parts: QueryParts): Promise<ProjectSummary[]> {
    const visible = visibleProjectsCondition(actor, scope.accountId);
    if (visible === null || parts.limit < 1) return [];
    return this.prisma.$queryRaw<ProjectSummary[]>`
      SELECT p.id, p.key, p.title, a.key AS "accountKey", p."updatedAt", thumb.url AS "thumbnailUrl"
      FROM "Project" p
      ${parts.from ?? Prisma.empty}
      JOIN "Account" a ON a.id = p."accountId"
      LEFT JOIN "Workspace" w ON w.id = p."workspaceId"
      LEFT JOIN "Asset" thumb ON thumb.id = p."thumbnailAssetId" AND thumb.status = 'ready'
      WHERE ${visible} AND ${parts.where ?? Prisma.sql`TRUE`}
      ORDER BY ${parts.orderBy}
      LIMIT ${parts.limit}`;
  }
}

interface MatchRow {
  projectId: string;
  field: SearchMatch['field'];
  pageKey: string | null;
  pageTitle: string | null;
  highlighted: string | null;
}

/**
 * A page's searchable text as `refresh_project_search` (in the migrations) indexes it: title,
 * description, then each section's title and element texts without tags, here in reading order.
 */
const pageText = Prisma.sql`concat_ws(' ', pg.title, pg.description, (
  SELECT string_agg(concat_ws(' ', s.title, (
    SELECT string_agg(regexp_replace(v #>> '{}', '<[^>]*>', ' ', 'g'), ' ')
    FROM jsonb_path_query(s.tree, 'strict $.**.text') AS v
  )), ' ' ORDER BY s."order")
  FROM "Section" s WHERE s."pageId" = pg.id
))`;

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
