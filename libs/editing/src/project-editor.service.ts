import { Inject, Injectable } from '@nestjs/common';
import { imageUrlProblems, materializeSection } from '#folio/ai';
import { AuditLog } from '#folio/audit';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Prisma, PrismaService } from '#folio/db';
import { DomainError, type InputProblem, RateLimitedError } from '#folio/errors';
import { type Actor, type Principal } from '#folio/identity';
import { LibraryCatalog, type StoredLibrarySectionDesign } from '#folio/libraries';
import {
  type AccessibleProject,
  authorLabel,
  countOf,
  draftAuthor,
  DraftChangeRepository,
  ProjectAccess,
} from '#folio/projects';
import { RateLimiter } from '#folio/rate-limits';
import { type EditChange, imageUrlsOf, librarySectionsOf } from './edit-changes.js';
import {
  applyChanges,
  type ChangedSection,
  type Draft,
  type DraftPage,
  type DraftSection,
} from './draft-edits.js';
import { ProjectEditRepository, type StoredEdit } from './project-edit.repository.js';

export interface EditRequest {
  projectKey: string;
  /** The revision the changes were decided from; refused when the draft has moved on since. */
  baseRevision?: number;
  changes: readonly EditChange[];
}

export interface EditResult {
  projectKey: string;
  /** The draft's revision after the call. */
  revision: number;
  /** The sections changed, in the order first changed. */
  changed: ChangedSection[];
}

/**
 * An edit refused as a whole, nothing written; `body` is what the caller is told (as JSON):
 * `stale_revision`, `invalid_changes` or `undo_refused`.
 */
export class EditRefusedError extends DomainError {
  constructor(
    readonly kind: 'conflict' | 'invalid_input',
    readonly body: { error: string } & Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
  }
}

/**
 * edit_project: changes to a project's draft, all or nothing, in one transaction that holds the project's
 * row, so concurrent calls (and other writers) take turns; each call an audit event naming its key or app,
 * and undoable by the same key until anyone else writes the draft.
 */
@Injectable()
export class ProjectEditor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly access: ProjectAccess,
    private readonly edits: ProjectEditRepository,
    private readonly history: DraftChangeRepository,
    private readonly audit: AuditLog,
    private readonly limiter: RateLimiter,
    private readonly libraries: LibraryCatalog,
  ) {}

  async edit(principal: Principal, request: EditRequest): Promise<EditResult> {
    const project = await this.access.findAccessible(principal.actor, request.projectKey, 'edit');
    await this.countEdit(project.id);
    const undo = request.changes.length === 1 && request.changes[0].op === 'undo';
    if (!undo) await this.checkImages(request.changes);
    const designs = undo ? new Map() : await this.librarySections(principal.actor, project, request.changes);
    // The key or connected app, as people read it in the audit log, the history and a refused undo.
    const by = authorLabel(draftAuthor(principal));
    return this.prisma.$transaction(
      async (tx) => {
        const current = await this.edits.lock(tx, project.id);
        if (request.baseRevision !== undefined && request.baseRevision !== current) {
          throw new EditRefusedError('conflict', {
            error: 'stale_revision',
            revision: current,
            changedSince: await this.edits.changedSince(tx, project.id, request.baseRevision),
          });
        }
        const result = undo
          ? await this.undo(tx, project, principal, current)
          : await this.apply(tx, project, principal, current, request.changes, by, designs);
        await this.audit.record(
          {
            action: undo ? 'project.edit_undone' : 'project.edited',
            accountIds: [project.accountId],
            actorUserId: principal.actor.userId,
            target: { type: 'project', id: project.key },
            data: { title: project.title, by, revision: result.revision, changes: request.changes.length },
          },
          tx,
        );
        return result;
      },
      { timeout: 30_000 },
    );
  }

  private async apply(
    tx: Prisma.TransactionClient,
    project: AccessibleProject,
    principal: Principal,
    current: number,
    changes: readonly EditChange[],
    by: string,
    designs: ReadonlyMap<string, StoredLibrarySectionDesign>,
  ): Promise<EditResult> {
    const draft = await this.edits.draft(tx, project.id);
    const edited = applyChanges(draft, changes, {
      librarySection: (key) => {
        const design = designs.get(key);
        return design && fromLibrary(design, project.preset);
      },
    });
    if (edited.problems.length) {
      throw new EditRefusedError('invalid_input', { error: 'invalid_changes', problems: edited.problems });
    }
    const pages = edited.draft.pages.filter((page) => edited.pages.has(page.key));
    if (!pages.length && !edited.themeChanged) {
      return { projectKey: project.key, revision: current, changed: [] };
    }
    const theme = edited.themeChanged ? edited.draft.theme : undefined;
    const changed = new Set(edited.changed.map((section) => section.sectionKey));
    const revision = await this.edits.write(tx, project.id, draft, pages, changed, theme, {
      author: draftAuthor(principal),
      summary: editSummary(changed.size, pages.length, theme !== undefined),
    });
    const touched = draft.pages.filter((page) => edited.pages.has(page.key));
    await this.edits.record(tx, project.id, {
      revision,
      baseRevision: current,
      apiKeyId: principal.keyId,
      by,
      changed: edited.changed.map(({ pageKey, sectionKey }) => ({ pageKey, sectionKey })),
      before: {
        pages: touched.map(({ sections, ...page }) => ({
          ...page,
          sectionKeys: sections.map((section) => section.key),
        })),
        sections: touched.flatMap((page) => page.sections).filter((section) => changed.has(section.key)),
        ...(theme ? { theme: draft.theme } : {}),
      },
    });
    return { projectKey: project.key, revision, changed: edited.changed };
  }

  /** The key's last edit undone, unless anyone has written the draft since. */
  private async undo(
    tx: Prisma.TransactionClient,
    project: AccessibleProject,
    principal: Principal,
    current: number,
  ): Promise<EditResult> {
    const own = await this.edits.lastEdit(tx, project.id, principal.keyId);
    if (!own) throw undoRefused('This key has no edit of this project left to undo.', null);
    if (own.revision !== current) {
      const [newest] = await this.history.recent(project.id, 1, tx);
      const other = newest ? authorLabel(newest.author) : 'another writer';
      const what = newest ? ` (${newest.summary})` : '';
      throw undoRefused(
        `The draft changed after your last edit, by ${other}${what}: undo would lose that change.`,
        other,
      );
    }
    const draft = await this.edits.draft(tx, project.id);
    const restored = restoredPages(own, draft);
    const changed = new Set(own.before.sections.map((section) => section.key));
    const revision = await this.edits.write(tx, project.id, draft, restored, changed, own.before.theme, {
      author: draftAuthor(principal),
      summary: 'undid its last edit',
    });
    await this.edits.undone(tx, project.id, own, revision);
    return { projectKey: project.key, revision, changed: changedBack(own) };
  }

  /** Counts the call against the project's edits of the minute (RATE_LIMIT_EDITS_PER_MINUTE). */
  private async countEdit(projectId: string): Promise<void> {
    const wait = await this.limiter.hit(this.limiter.settings.projectEdits, `project:${projectId}`);
    if (wait !== null) throw new RateLimitedError('Too many edits of this project', wait);
  }

  /** Image URLs are probed as AI generation probes them, before the project is locked. */
  private async checkImages(changes: readonly EditChange[]): Promise<void> {
    const urls = imageUrlsOf(changes);
    if (!urls.length) return;
    const problems: InputProblem[] = [];
    for (const { url, path } of urls) {
      const found = await imageUrlProblems([{ url }], {
        allowPrivate: this.config.outboundAllowPrivate,
        pathPrefix: '',
      });
      problems.push(...found.map((problem) => ({ path, message: problem.message })));
    }
    if (problems.length) throw new EditRefusedError('invalid_input', { error: 'invalid_changes', problems });
  }

  /**
   * The designs of the library sections the changes add, each from a library usable where the project is
   * (the rule list_libraries and AI page generation follow); any other is refused, naming its path.
   */
  private async librarySections(
    actor: Actor,
    project: AccessibleProject,
    changes: readonly EditChange[],
  ): Promise<Map<string, StoredLibrarySectionDesign>> {
    const wanted = librarySectionsOf(changes);
    const designs = new Map<string, StoredLibrarySectionDesign>();
    if (!wanted.length) return designs;
    const where = { accountId: project.accountId, teamId: project.teamId };
    const found = await this.libraries.sectionsAt(
      actor,
      where,
      wanted.map((section) => section.key),
    );
    const problems: InputProblem[] = [];
    for (const { key, path } of wanted) {
      const section = found.get(key);
      if (section && 'design' in section) designs.set(key, section.design);
      else {
        problems.push({
          path,
          message: `no section ${key} in a library usable in this project; call list_libraries with projectKey and includeSections: true`,
        });
      }
    }
    if (problems.length) throw new EditRefusedError('invalid_input', { error: 'invalid_changes', problems });
    return designs;
  }
}

/** A new section from a library design, made as AI pages make theirs (new keys, the project's preset). */
function fromLibrary(design: StoredLibrarySectionDesign, preset: 'desktop' | 'mobile'): DraftSection {
  const section = materializeSection(design, [], { imageStyle: null, preset });
  return {
    key: section.key,
    title: section.title,
    type: section.type,
    externalId: null,
    librarySectionId: section.librarySectionId,
    tree: section.tree,
    styles: section.styles,
    interactions: section.interactions,
    model: null,
  };
}

/** What an edit changed, in a few words: "changed 3 sections and the theme", "changed 1 page". */
function editSummary(sections: number, pages: number, theme: boolean): string {
  const parts = [
    sections ? countOf(sections, 'section') : pages ? countOf(pages, 'page') : null,
    theme ? 'the theme' : null,
  ].filter((part) => part !== null);
  return `changed ${parts.join(' and ')}`;
}

function undoRefused(message: string, by: string | null): EditRefusedError {
  return new EditRefusedError('conflict', { error: 'undo_refused', message, ...(by ? { by } : {}) });
}

/**
 * The pages an edit changed as they were before it: their meta and section order, each section as it was
 * when the edit changed or removed it (written anew when it is gone), the others as they are.
 */
function restoredPages(edit: StoredEdit, draft: Draft): DraftPage[] {
  const before = new Map(edit.before.sections.map((section) => [section.key, section]));
  return edit.before.pages.flatMap(({ sectionKeys, ...page }) => {
    const now = draft.pages.find((candidate) => candidate.id === page.id);
    if (!now) return [];
    const current = new Map(now.sections.map((section) => [section.key, section]));
    const sections = sectionKeys.flatMap((key) => {
      const present = current.get(key);
      const earlier = before.get(key);
      if (earlier) return [{ ...earlier, id: present?.id }];
      return present ? [present] : [];
    });
    return [{ ...page, sections }];
  });
}

/** The sections an undo put back: those the undone edit changed, titled as they were before it. */
function changedBack(edit: StoredEdit): ChangedSection[] {
  const titles = new Map(edit.before.sections.map((section) => [section.key, section.title]));
  return edit.changed.map((section) => ({ ...section, title: titles.get(section.sectionKey) ?? '' }));
}
