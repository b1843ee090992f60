import { Injectable } from '@nestjs/common';
import { prefixTsQuery, Prisma, PrismaService } from '#folio/db';
import { type Actor, visibleProjectScope } from '#folio/identity';

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
 * returns only the projects the actor can see (the access policy's visible scope, applied in SQL).
 */
@Injectable()
export class ProjectQueries {
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

  /** The most recently updated visible projects. */
  async recent(actor: Actor, scope: ProjectQueryScope & { limit: number }): Promise<ProjectSummary[]> {
    return this.query(actor, scope, { orderBy: Prisma.sql`p."updatedAt" DESC, p.id`, limit: scope.limit });
  }

  private async query(actor: Actor, scope: ProjectQueryScope, parts: QueryParts): Promise<ProjectSummary[]> {
    const visible = visibleFilter(actor, scope.accountId);
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

/** The access policy's visible scope as a SQL condition on p (project) and w (its workspace); null when empty. */
function visibleFilter(actor: Actor, accountId: string | undefined): Prisma.Sql | null {
  const scope = visibleProjectScope(actor);
  const accountIds = scope.accountIds.filter((id) => accountId === undefined || id === accountId);
  if (accountIds.length === 0) return null;
  const overseen = scope.overseenAccountIds.filter((id) => accountIds.includes(id));
  const inWorkspace = [
    Prisma.sql`w."teamId" IS NULL`,
    ...(overseen.length ? [Prisma.sql`p."accountId" IN (${uuids(overseen)})`] : []),
    ...(scope.teamIds.length ? [Prisma.sql`w."teamId" IN (${uuids(scope.teamIds)})`] : []),
  ];
  return Prisma.sql`p."accountId" IN (${uuids(accountIds)}) AND (${Prisma.join(inWorkspace, ' OR ')})`;
}
