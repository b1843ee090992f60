import { type PrismaClient } from '../generated/prisma/client.js';

type SqlClient = Pick<PrismaClient, '$executeRaw'>;

/**
 * Recomputes a project's full-text document from its title, tags, description, page titles and
 * section text (SQL function `refresh_project_search`, defined in the migrations). Call it in the
 * same transaction as any write that changes those.
 */
export async function refreshProjectSearch(client: SqlClient, projectId: string): Promise<void> {
  await client.$executeRaw`SELECT refresh_project_search(${projectId}::uuid)`;
}

/**
 * A tsquery for free text: every word must match, the last one as a prefix (so "pric" finds
 * "pricing"). Returns null when the text has no searchable word.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
  if (!words.length) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
}
