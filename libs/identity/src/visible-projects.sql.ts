// The access policy's visible scope as SQL, for queries that list projects: the same rule as
// projectAccess (access-policy.ts), checked against it case by case in visible-projects.sql.spec.ts.
import { Prisma } from '#folio/db';
import { visibleProjectScope } from './access-policy.js';
import { type Actor } from './actor.js';

const uuids = (ids: readonly string[]) => Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`));

/**
 * A SQL condition that holds for exactly the projects the actor can see (projectAccess ≠ 'none'), on
 * `p` (the "Project" row) and `w` (its "Workspace", left-joined: null for none); only those of
 * `accountId` when given. Null when the actor can see none, so the caller need not ask the database.
 */
export function visibleProjectsCondition(actor: Actor, accountId?: string): Prisma.Sql | null {
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
