import { Injectable, Logger } from '@nestjs/common';
import { JobQueue, sectionScreenshotJob } from '#folio/jobs';
import { type AccessibleProject, ProjectRepository } from '#folio/projects';
import { type Actor } from '#folio/identity';
import {
  type VersionListItem,
  type VersionReason,
  type VersionRecord,
  VersionRepository,
} from './version.repository.js';
import { snapshotSectionKeys } from '#folio/content';

/** Saved versions: snapshots of the whole project that publishing serves from. */
@Injectable()
export class VersionService {
  private readonly logger = new Logger(VersionService.name);

  constructor(
    private readonly projects: ProjectRepository,
    private readonly versions: VersionRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** Snapshots the project as its next version. Edit access. */
  async save(
    actor: Actor,
    projectKey: string,
    reason: VersionReason = 'save',
  ): Promise<{ number: number; createdAt: Date }> {
    const project = await this.projects.findAccessible(actor, projectKey, 'edit');
    const { number, createdAt } = await this.saveChecked(project, actor.userId, reason);
    return { number, createdAt };
  }

  /** The project's versions, newest first. View access. */
  async list(actor: Actor, projectKey: string): Promise<VersionListItem[]> {
    const project = await this.projects.findAccessible(actor, projectKey, 'view');
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
    await this.queueScreenshots(version.id, snapshotSectionKeys(snapshot));
    return version;
  }

  /** One job per section. The version is saved either way: owed screenshots are queued again later. */
  private async queueScreenshots(versionId: string, sectionKeys: string[]): Promise<void> {
    try {
      await this.jobs.add(
        'section-screenshot',
        sectionKeys.map((sectionKey) => sectionScreenshotJob(versionId, sectionKey)),
      );
    } catch (error) {
      this.logger.warn(`Screenshots of version ${versionId} not queued yet: ${(error as Error).message}`);
    }
  }
}
