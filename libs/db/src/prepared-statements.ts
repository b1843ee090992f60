// Statements PostgreSQL keeps prepared on each pooled connection, so that a hot query is parsed once per
// connection and, once PostgreSQL finds its generic plan as good, planned once too (plan_cache_mode auto).
// Only statements that ask for it are named: each distinct text is one prepared statement per connection.
import { createHash } from 'node:crypto';
import { Prisma } from './generated/prisma/client.js';

const marker = '/* folio:prepared */';

/** Put first in a raw statement (`Prisma.sql\`${keptPlan} SELECT …\``) to have it kept prepared. */
export const keptPlan = Prisma.raw(`${marker} `);

/** The name a statement is prepared under, from its text; none for statements that did not ask for it. */
export function preparedStatementName(sql: string): string | undefined {
  if (!sql.startsWith(marker)) return undefined;
  return `folio_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
}
