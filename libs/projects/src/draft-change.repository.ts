import { Injectable } from '@nestjs/common';
import { type Prisma, PrismaService } from '#folio/db';
import { type DraftAuthor } from './draft-author.js';

/** One revision of a draft as its history shows it (ProjectWriter.newRevision wrote it). */
export interface DraftChange {
  revision: number;
  author: Pick<DraftAuthor, 'kind' | 'name'>;
  summary: string;
  createdAt: Date;
}

const changeFields = {
  revision: true,
  authorKind: true,
  authorName: true,
  summary: true,
  createdAt: true,
} as const;

/** Reads the drafts' histories: who changed what, newest first. */
@Injectable()
export class DraftChangeRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The project's newest `limit` changes, newest first (in the caller's transaction when given). */
  async recent(projectId: string, limit: number, tx?: Prisma.TransactionClient): Promise<DraftChange[]> {
    const rows = await (tx ?? this.prisma).draftChange.findMany({
      where: { projectId },
      orderBy: { revision: 'desc' },
      take: limit,
      select: changeFields,
    });
    return rows.map(changeOf);
  }

  /** The newest change of each of these projects that has one, by project id. */
  async latest(projectIds: readonly string[]): Promise<Map<string, DraftChange>> {
    if (!projectIds.length) return new Map();
    const rows = await this.prisma.draftChange.findMany({
      where: { projectId: { in: [...projectIds] } },
      orderBy: [{ projectId: 'asc' }, { revision: 'desc' }],
      distinct: ['projectId'],
      select: { projectId: true, ...changeFields },
    });
    return new Map(rows.map((row) => [row.projectId, changeOf(row)]));
  }
}

function changeOf(row: {
  revision: number;
  authorKind: DraftAuthor['kind'];
  authorName: string;
  summary: string;
  createdAt: Date;
}): DraftChange {
  return {
    revision: row.revision,
    author: { kind: row.authorKind, name: row.authorName },
    summary: row.summary,
    createdAt: row.createdAt,
  };
}
