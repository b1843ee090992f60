// Administering libraries: the ones someone administers, and the switch that lets AI page generation use one.
import { Injectable } from '@nestjs/common';
import { AuditLog } from '#folio/audit';
import { PrismaService } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { type Actor, isAccountAdmin, type LibraryOwnership, visibleProjectScope } from '#folio/identity';
import { JobQueue } from '#folio/jobs';
import { libraryAnalysisJob } from './library-analysis.processor.js';
import { LibraryRepository } from './library.repository.js';
import { type SectionRole, sectionRoles } from './section-roles.js';

type StoredLibrary = Awaited<ReturnType<LibraryRepository['administered']>>[number];

export type LibraryAiStatus =
  | { state: 'off' }
  /** Switched on, its analysis queued or running: not listed for AI yet. */
  | { state: 'analysing' }
  | { state: 'on'; analyzedAt: Date; roles: { role: SectionRole; count: number }[] };

export interface AdministeredLibraryView {
  key: string;
  title: string;
  description: string;
  /** Public libraries have no owner account; a team-limited one names its team. */
  owner: { accountName: string; teamName: string | null } | null;
  sectionCount: number;
  ai: LibraryAiStatus;
}

/** Who may switch AI for a library: an operator for a public one, an owner or admin of the owning account. */
function administers(actor: Actor, library: LibraryOwnership) {
  return library.ownerAccountId === null ? actor.isOperator : isAccountAdmin(actor, library.ownerAccountId);
}

@Injectable()
export class LibraryAdministration {
  constructor(
    private readonly prisma: PrismaService,
    private readonly libraries: LibraryRepository,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLog,
  ) {}

  /** The libraries the actor administers: public ones first (operators only), then by account and title. */
  async list(actor: Actor): Promise<AdministeredLibraryView[]> {
    const { overseenAccountIds } = visibleProjectScope(actor);
    const libraries = await this.libraries.administered(overseenAccountIds, actor.isOperator);
    return libraries.sort(publicFirstThenByOwnerAndTitle).map(viewOf);
  }

  /**
   * Switches AI on for a library the actor administers — its analysis is queued, and list_libraries shows
   * it once that is done — or off, which hides it from list_libraries at once. Any other library: NotFoundError.
   */
  async switchAi(actor: Actor, libraryKey: string, enabled: boolean): Promise<void> {
    const library = await this.libraries.ownershipByKey(libraryKey);
    if (!library || !administers(actor, library)) {
      throw new NotFoundError(`You administer no library ${libraryKey}.`);
    }
    await this.prisma.$transaction(async (tx) => {
      // Switched on, it waits for an analysis of its sections as they are now; switched off, it keeps the
      // one it had until then (switching on again replaces it).
      const changes = enabled ? { analyzedAt: null } : {};
      if (!(await this.libraries.switchAi(tx, library.id, enabled, changes))) return;
      await this.audit.record(
        {
          action: 'library.ai_switched',
          // A public library has no account: its switches are kept for operators only.
          accountIds: library.ownerAccountId ? [library.ownerAccountId] : [],
          actorUserId: actor.userId,
          target: { type: 'library', id: libraryKey },
          data: { title: library.title, enabled },
        },
        tx,
      );
    });
    if (!enabled) return;
    // Queued after the commit, and only what is owed: a library already on may still wait for its analysis.
    const owed = await this.libraries.awaitingAnalysis([library.id]);
    await this.jobs.addOwed('library-analysis', owed.map(libraryAnalysisJob));
  }
}

/** Public ones (no account) first; in an account, its account-wide libraries before its teams'. */
function publicFirstThenByOwnerAndTitle(a: StoredLibrary, b: StoredLibrary): number {
  return (
    (a.accountName ?? '').localeCompare(b.accountName ?? '') ||
    (a.teamName ?? '').localeCompare(b.teamName ?? '') ||
    a.title.localeCompare(b.title) ||
    a.key.localeCompare(b.key)
  );
}

function viewOf(library: StoredLibrary): AdministeredLibraryView {
  return {
    key: library.key,
    title: library.title,
    description: library.description,
    owner:
      library.ownerAccountId === null
        ? null
        : { accountName: library.accountName ?? '', teamName: library.teamName },
    sectionCount: library.sectionCount,
    ai: aiStatusOf(library),
  };
}

function aiStatusOf(library: StoredLibrary): LibraryAiStatus {
  if (!library.aiEnabled) return { state: 'off' };
  if (!library.analyzedAt) return { state: 'analysing' };
  const roles = sectionRoles
    .filter((role) => library.roles[role])
    .map((role) => ({ role, count: library.roles[role]! }));
  return { state: 'on', analyzedAt: library.analyzedAt, roles };
}
