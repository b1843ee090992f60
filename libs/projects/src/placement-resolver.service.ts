import { Injectable } from '@nestjs/common';
import { ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, type Placement, projectAccess, visibleProjectScope } from '#folio/identity';
import { type AccountRecord, PlacementRepository, type WorkspaceRecord } from './placement.repository.js';
import { ProjectAccess } from './project-access.service.js';

/** Where a new project (or a library lookup) goes: an account, and optionally one of its workspaces. */
export interface ResolvedPlacement {
  accountId: string;
  accountKey: string;
  /** The workspace's team when that workspace is team-limited. */
  teamId: string | null;
  workspaceId: string | null;
  workspaceKey: string | null;
}

export interface PlacementRequest {
  accountKey?: string;
  /** A workspace key, or a workspace name in any case. */
  workspace?: string;
}

/** Where a page will go: a page of an existing project, or the home page of a new project. */
export type PlacementTarget = { projectKey: string } | PlacementRequest;

export interface AccountRef {
  accountId: string;
  accountKey: string;
}

/** Turns the account and workspace a caller names (or leaves out) into a placement they may use. */
@Injectable()
export class PlacementResolver {
  constructor(
    private readonly placements: PlacementRepository,
    private readonly access: ProjectAccess,
  ) {}

  /** The account and team a page will go to, when the actor's access there reaches `level`. */
  async forTarget(actor: Actor, target: PlacementTarget, level: 'view' | 'edit'): Promise<Placement> {
    const placement =
      'projectKey' in target
        ? await this.access.findAccessible(actor, target.projectKey, level)
        : await this.forNewProject(actor, target, level);
    return { accountId: placement.accountId, teamId: placement.teamId };
  }

  /**
   * The named account and workspace, or the default account. Without an accountKey the workspace is
   * looked up among all the actor's accounts. The actor's access there must reach `level`.
   */
  async forNewProject(
    actor: Actor,
    request: PlacementRequest,
    level: 'view' | 'edit',
  ): Promise<ResolvedPlacement> {
    const account = request.accountKey ? await this.account(actor, request.accountKey) : undefined;
    const workspaceName = request.workspace?.trim();
    if (!workspaceName) {
      const { accountId, accountKey } = account ?? (await this.defaultAccount(actor));
      const placement = { accountId, accountKey, teamId: null, workspaceId: null, workspaceKey: null };
      return requireAccess(actor, placement, level, `account ${accountKey}`);
    }
    const workspace = await this.workspace(actor, workspaceName, account);
    const placement = {
      accountId: workspace.account.id,
      accountKey: workspace.account.key,
      teamId: workspace.teamId,
      workspaceId: workspace.id,
      workspaceKey: workspace.key,
    };
    return requireAccess(actor, placement, level, `workspace "${workspace.name}" (${workspace.key})`);
  }

  /**
   * Where a project goes when the caller names no account: the account a restricted key is limited to,
   * else the actor's own personal account, else their only account.
   */
  async defaultAccount(actor: Actor): Promise<AccountRef> {
    // A restricted key's scope holds only its account, so it is "the only account" below.
    const accounts = await this.placements.accounts(visibleProjectScope(actor).accountIds);
    const personal = accounts.find(
      (account) => account.kind === 'personal' && actor.accountRoles.get(account.id) === 'owner',
    );
    const chosen = personal ?? (accounts.length === 1 ? accounts[0] : undefined);
    if (chosen) return { accountId: chosen.id, accountKey: chosen.key };
    const message = accounts.length
      ? `You belong to several accounts; pass accountKey, one of: ${accounts.map(describeAccount).join(', ')}.`
      : 'You belong to no account that could hold a project.';
    throw new InvalidInputError([{ path: 'accountKey', message }]);
  }

  /** An account the actor is a member of (within a restricted key's account). */
  async account(actor: Actor, accountKey: string): Promise<AccountRef> {
    const account = await this.placements.accountByKey(accountKey);
    if (!account || !visibleProjectScope(actor).accountIds.includes(account.id)) {
      throw new NotFoundError(`No account ${accountKey} is visible to you.`);
    }
    return { accountId: account.id, accountKey: account.key };
  }

  /** The one workspace by that key or name the actor can see, in `account` or in any of their accounts. */
  private async workspace(
    actor: Actor,
    keyOrName: string,
    account: AccountRef | undefined,
  ): Promise<WorkspaceRecord> {
    const accountIds = account ? [account.accountId] : visibleProjectScope(actor).accountIds;
    const visible = (await this.placements.workspacesNamed(accountIds, keyOrName)).filter(
      (workspace) =>
        projectAccess(actor, { accountId: workspace.account.id, teamId: workspace.teamId }) !== 'none',
    );
    // A key, or the exact spelling of a name, beats a name that only matches in another case.
    const exact = visible.filter((workspace) => workspace.key === keyOrName || workspace.name === keyOrName);
    const matches = exact.length ? exact : visible;
    if (matches.length === 1) return matches[0];
    if (matches.length === 0) {
      const where = account ? ` in account ${account.accountKey}` : '';
      throw new NotFoundError(`No workspace "${keyOrName}" is visible to you${where}.`);
    }
    const choices = matches
      .map((w) => `${w.key} in account ${w.account.key} ("${w.account.name}")`)
      .join(', ');
    throw new InvalidInputError([
      {
        path: 'workspace',
        message: `Several workspaces are named "${keyOrName}": ${choices}. Pass the workspace key, or add accountKey.`,
      },
    ]);
  }
}

/** The placement when the actor's access there reaches `level`; NotFound when they cannot see it at all. */
function requireAccess(
  actor: Actor,
  placement: ResolvedPlacement,
  level: 'view' | 'edit',
  where: string,
): ResolvedPlacement {
  const access = projectAccess(actor, placement);
  if (access === 'none') throw new NotFoundError(`No ${where} is visible to you.`);
  if (level === 'edit' && access !== 'edit') {
    throw new ForbiddenError(`Your role in ${where} is view-only: you cannot create projects there.`);
  }
  return placement;
}

function describeAccount(account: AccountRecord): string {
  return `${account.key} ("${account.name}")`;
}
