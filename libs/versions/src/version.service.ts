import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type ProjectSnapshot, snapshotSectionKeys } from '#folio/content';
import { PrismaService } from '#folio/db';
import { ConflictError, NotFoundError, RateLimitedError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { JobQueue, sectionScreenshotJob } from '#folio/jobs';
import { type AccessibleProject, draftAuthor, ProjectAccess, ProjectRepository } from '#folio/projects';
import { DraftRestoreRepository } from './draft-restore.repository.js';
import {
  type VersionListItem,
  type VersionReason,
  type VersionRecord,
  VersionRepository,
} from './version.repository.js';

const minute = 60_000;

/**
 * The version a publish goes out with: one named by number, the newest when the draft is unchanged since,
 * or one saved for the publish (`saved`), whose screenshots wait until the publish succeeds (`keep`) and
 * which goes away again when it fails (`discard`).
 */
export interface VersionToPublish {
  version: VersionRecord;
  saved: boolean;
  /** The sections of a saved version, each owing a screenshot. */
  sectionKeys: readonly string[];
}

/** A version written back over the draft, and the version that holds the draft as it was before. */
export interface RestoredVersion {
  number: number;
  /** The draft before the restore, saved as a version (or the newest one, when it already held it): restoring it undoes this restore. */
  before: number;
  /** The draft's revision the restore made. */
  revision: number;
  /** The pages of the restored draft. */
  pageKeys: string[];
}

/** The draft is past the revision a publish was asked for: a person reviewed something else. */
export class DraftChangedError extends ConflictError {
  constructor() {
    super('The draft changed while it was being published; nothing was published.');
  }
}

/** Saved versions: snapshots of the whole project that publishing serves from, and restores of the draft. */
@Injectable()
export class VersionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
    private readonly versions: VersionRepository,
    private readonly jobs: JobQueue,
    private readonly restores: DraftRestoreRepository,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * Snapshots the project as its next version, owing a screenshot per section; when nothing changed since
   * the newest version, answers that one and queues nothing. Edit access.
   */
  async save(
    actor: Actor,
    projectKey: string,
    reason: VersionReason = 'save',
  ): Promise<{ number: number; createdAt: Date }> {
    const project = await this.access.findAccessible(actor, projectKey, 'edit');
    const saving = await this.saveUnlessUnchanged(project, actor.userId, reason);
    await this.keep(saving);
    return { number: saving.version.number, createdAt: saving.version.createdAt };
  }

  /**
   * Replaces the draft with version `number`, as the actor's change (a new revision), after saving the
   * draft as it was as a version of its own (reason `restore`) unless the newest version already holds it:
   * restoring that one undoes this. Publishes nothing: live sites keep what they serve. Edit access.
   */
  async restore(actor: Actor, projectKey: string, number: number): Promise<RestoredVersion> {
    const project = await this.access.findAccessible(actor, projectKey, 'edit');
    const version = await this.versions.findByNumber(project.id, number);
    if (!version) throw new NotFoundError(`Project ${project.key} has no version ${number}.`);
    const snapshot = await this.versions.snapshot(version.id);
    const before = await this.saveUnlessUnchanged(project, actor.userId, 'restore');
    const change = { author: draftAuthor(actor), summary: `restored version ${number}` };
    const revision = await this.prisma.$transaction(
      (tx) => this.restores.replaceDraft(tx, project.id, project.revision, snapshot, change),
      { timeout: 30_000 },
    );
    await this.keep(before);
    return {
      number,
      before: before.version.number,
      revision,
      pageKeys: snapshot.pages.map((page) => page.key),
    };
  }

  /** The project's versions, newest first. View access. */
  async list(actor: Actor, projectKey: string): Promise<VersionListItem[]> {
    const project = await this.access.findAccessible(actor, projectKey, 'view');
    return this.versions.list(project.id);
  }

  /**
   * For a caller that has already checked edit access: version `number`, else the project saved as a new
   * version unless nothing changed since the newest. Hand it to `keep` or `discard` once published or not.
   */
  async toPublish(
    project: AccessibleProject,
    authorId: string,
    number?: number,
    draftRevision?: number,
  ): Promise<VersionToPublish> {
    if (number === undefined) return this.saveUnlessUnchanged(project, authorId, 'publish', draftRevision);
    const version = await this.versions.findByNumber(project.id, number);
    if (!version) throw new NotFoundError(`Project ${project.key} has no version ${number}.`);
    return { version, saved: false, sectionKeys: [] };
  }

  /** The version is here to stay: the screenshots a saved one owes are queued. */
  async keep({ saved, version, sectionKeys }: VersionToPublish): Promise<void> {
    if (!saved) return;
    // The version is saved either way; a job not queued now is queued by the outstanding-work sweep.
    await this.jobs.addOwed(
      'section-screenshot',
      sectionKeys.map((sectionKey) => sectionScreenshotJob(version.id, sectionKey)),
    );
  }

  /** The publish it was saved for failed: a saved version goes again, unless something was published from it since. */
  async discard({ saved, version }: VersionToPublish): Promise<void> {
    if (saved) await this.versions.removeUnpublished(version.id);
  }

  private async saveUnlessUnchanged(
    project: AccessibleProject,
    authorId: string,
    reason: VersionReason,
    draftRevision?: number,
  ): Promise<VersionToPublish> {
    const snapshot = await this.projects.snapshot(project.id);
    // Every draft write adds to the revision as it commits: the same revision after the read as the one
    // asked for means no write landed while the snapshot's queries ran.
    if (draftRevision !== undefined && (await this.projects.revision(project.id)) !== draftRevision) {
      throw new DraftChangedError();
    }
    const newest = await this.versions.newest(project.id);
    if (newest && sameContent(newest.snapshot, snapshot)) {
      return { version: newest.version, saved: false, sectionKeys: [] };
    }
    await this.checkRate(project);
    const version = await this.versions.create(project.id, snapshot, reason, authorId);
    return { version, saved: true, sectionKeys: snapshotSectionKeys(snapshot) };
  }

  /** At most RATE_LIMIT_VERSIONS_PER_MINUTE new versions of a project a minute: each owes a capture per section. */
  private async checkRate(project: AccessibleProject): Promise<void> {
    const limit = this.config.rateLimits.versionsPerProjectPerMinute;
    if (limit <= 0) return;
    const now = Date.now();
    const recent = await this.versions.createdSince(project.id, new Date(now - minute));
    if (recent.length < limit) return;
    const freedAt = recent[recent.length - limit].getTime() + minute;
    throw new RateLimitedError(
      `Project ${project.key} may get at most ${limit} new versions a minute`,
      Math.max(1, Math.ceil((freedAt - now) / 1000)),
    );
  }
}

/** Whether a stored snapshot (JSON, keys in any order) holds what a fresh one does. */
function sameContent(stored: ProjectSnapshot, fresh: ProjectSnapshot): boolean {
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(fresh)));
}
