import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '#folio/errors';
import { type Actor, projectAccess } from '#folio/identity';
import { ProjectRepository, type ProjectRecord } from './project.repository.js';

/** A project the actor may see (or edit), with what rendering and publishing need. */
export type AccessibleProject = ProjectRecord;

/** Opens a project by key for an actor under the one access policy. */
@Injectable()
export class ProjectAccess {
  constructor(private readonly projects: ProjectRepository) {}

  /**
   * The project, when the actor's access reaches `level`. A project the actor cannot see throws
   * NotFoundError (it must look the same as one that does not exist); one they see but may not edit
   * throws ForbiddenError for `edit`.
   */
  async findAccessible(actor: Actor, projectKey: string, level: 'view' | 'edit'): Promise<AccessibleProject> {
    const project = await this.projects.findByKey(projectKey);
    const access = project ? projectAccess(actor, project) : 'none';
    if (!project || access === 'none') throw new NotFoundError(`No project ${projectKey} is visible to you.`);
    if (level === 'edit' && access !== 'edit') {
      throw new ForbiddenError(`You may view project ${projectKey} but not change or publish it.`);
    }
    return project;
  }
}
