import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type ProjectSnapshot } from '#folio/content';
import { ProjectRepository } from './project.repository.js';

/**
 * Project snapshots as read at a revision, kept in bounded memory per instance (least recently used out
 * first): a project is read once per revision, however many exports ask for it. A write moves the project
 * to a new revision, which names a new entry, so no entry is served after the write on any instance; the
 * old one ages out. The revision comes from the request's own read of the project (with its access), and
 * the snapshot is read after it, so an entry never holds content older than its revision. Callers share
 * the snapshot: they must not change it.
 */
@Injectable()
export class ProjectSnapshots {
  private readonly cache: LRUCache<string, Promise<ProjectSnapshot>> | null;

  constructor(
    private readonly projects: ProjectRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cache = config.snapshotCacheSize > 0 ? new LRUCache({ max: config.snapshotCacheSize }) : null;
  }

  /** The project's snapshot at `revision` (concurrent reads of one revision share one read). */
  at(project: { id: string; revision: number }): Promise<ProjectSnapshot> {
    if (!this.cache) return this.projects.snapshot(project.id);
    const key = `${project.id}@${project.revision}`;
    let snapshot = this.cache.get(key);
    if (!snapshot) {
      snapshot = this.projects.snapshot(project.id);
      this.cache.set(key, snapshot);
      snapshot.catch(() => this.cache!.delete(key));
    }
    return snapshot;
  }
}
