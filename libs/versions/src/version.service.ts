import { Injectable } from '@nestjs/common';
import { snapshotSectionKeys } from '#folio/content';
import { type Actor } from '#folio/identity';
import { JobQueue, sectionScreenshotJob } from '#folio/jobs';
import { type AccessibleProject, ProjectAccess, ProjectRepository } from '#folio/projects';
import {
  type VersionListItem,
  type VersionReason,
  type VersionRecord,
  VersionRepository,
} from './version.repository.js';

/** Saved versions: snapshots of the whole project that publishing serves from. */
@Injectable()
export class VersionService {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
    private readonly versions: VersionRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** Snapshots the project as its next version. Edit access. */
  async save(
    actor: Actor,
    projectKey: string,
    reason: VersionReason = 'save',
  ): Promise<{ number: number; createdAt: Date }> {
    const project = await this.access.findAccessible(actor, projectKey, 'edit');
    const { number, createdAt } = await this.saveChecked(project, actor.userId, reason);
    return { number, createdAt };
  }

  /** The project's versions, newest first. View access. */
  async list(actor: Actor, projectKey: string): Promise<VersionListItem[]> {
    const project = await this.access.findAccessible(actor, projectKey, 'view');
    return this.versions.list(project.id);
  }

  /** Saving for a caller that has already checked edit access (publishing a new version). */
  async saveChecked(
    project: AccessibleProject,
    authorId: string,
    reason: VersionReason,
  ): Promise<VersionRecord> {
    const snapshot = await this.projects.snapshot(project.id);
    const version = await this.versions.create(project.id, snapshot, reason, authorId);
    // One job per section; the version is saved either way.
    await this.jobs.addOwed(
      'section-screenshot',
      snapshotSectionKeys(snapshot).map((sectionKey) => sectionScreenshotJob(version.id, sectionKey)),
    );
    return version;
  }
}
