import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';

export interface AccountRecord {
  id: string;
  key: string;
  name: string;
  kind: 'personal' | 'organization';
}

export interface WorkspaceRecord {
  id: string;
  key: string;
  name: string;
  teamId: string | null;
  account: { id: string; key: string; name: string };
}

const accountFields = { id: true, key: true, name: true, kind: true } as const;

/** Accounts and workspaces, looked up to place new projects. */
@Injectable()
export class PlacementRepository {
  constructor(private readonly prisma: PrismaService) {}

  async accountByKey(key: string): Promise<AccountRecord | null> {
    return this.prisma.account.findUnique({ where: { key }, select: accountFields });
  }

  /** These accounts, oldest first. */
  async accounts(ids: readonly string[]): Promise<AccountRecord[]> {
    if (ids.length === 0) return [];
    return this.prisma.account.findMany({
      where: { id: { in: [...ids] } },
      orderBy: [{ createdAt: 'asc' }, { key: 'asc' }],
      select: accountFields,
    });
  }

  /** Workspaces of these accounts whose key is `keyOrName` or whose name is, in any case. */
  async workspacesNamed(accountIds: readonly string[], keyOrName: string): Promise<WorkspaceRecord[]> {
    if (accountIds.length === 0) return [];
    return this.prisma.workspace.findMany({
      where: {
        accountId: { in: [...accountIds] },
        OR: [{ key: keyOrName }, { name: { equals: likeLiteral(keyOrName), mode: 'insensitive' } }],
      },
      orderBy: [{ createdAt: 'asc' }, { key: 'asc' }],
      select: {
        id: true,
        key: true,
        name: true,
        teamId: true,
        account: { select: { id: true, key: true, name: true } },
      },
    });
  }
}

/**
 * Prisma runs a case-insensitive `equals` as ILIKE with the value as the pattern: escaped, `%` and `_`
 * match only themselves, and a trailing backslash is no longer a malformed pattern (a database error).
 */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
