// Deleting a team, or a team's workspace, never widens who sees a project (docs/design.md §5): while they
// hold projects the database refuses, and the team's project stays hidden from members outside the team.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type Actor, IdentityModule } from '#folio/identity';
import {
  actorNow,
  newCafeOrganization,
  startTestModule,
  type CafeOrganization,
  type TestModule,
} from '#folio/testing';
import { ProjectAccess } from './project-access.service.js';
import { ProjectQueryRepository } from './project-query.repository.js';
import { ProjectsModule } from './projects.module.js';

describe('deleting a team or a workspace', () => {
  let app: TestModule;
  let cafe: CafeOrganization;

  beforeAll(async () => {
    app = await startTestModule([ProjectsModule, IdentityModule]);
  });
  afterAll(() => app?.close());

  /** Whether `person`, as the access policy sees them now, finds the team's project: in lists and by key. */
  async function seesTeamProject(person: { id: string }): Promise<{ listed: boolean; opened: boolean }> {
    const actor: Actor = (await actorNow(app, person)).actor;
    const { projectKey } = cafe.atlas;
    const listed = (await app.get(ProjectQueryRepository).recent(actor, { limit: 50 })).some(
      (project) => project.key === projectKey,
    );
    const opened = await app
      .get(ProjectAccess)
      .findAccessible(actor, projectKey, 'view')
      .then(
        () => true,
        () => false,
      );
    return { listed, opened };
  }

  async function whoSeesTeamProject() {
    const [owner, viewer, editor] = await Promise.all(
      [cafe.owner, cafe.viewer, cafe.editor].map((person) => seesTeamProject(person)),
    );
    return { owner, teamViewer: viewer, editorOutsideTeam: editor };
  }

  /** Prisma's error for a row that others still reference. */
  const foreignKeyRefusal = { code: 'P2003' };

  const onlyOwnerAndTeam = {
    owner: { listed: true, opened: true },
    teamViewer: { listed: true, opened: true },
    editorOutsideTeam: { listed: false, opened: false },
  };

  beforeEach(async () => {
    cafe = await newCafeOrganization(app);
  });

  it('refuses to delete a team while a workspace belongs to it; its project stays the team’s', async () => {
    expect(await whoSeesTeamProject()).toEqual(onlyOwnerAndTeam);
    const team = cafe.organization.teams[0];
    await expect(app.prisma.team.delete({ where: { id: team.id } })).rejects.toMatchObject(foreignKeyRefusal);

    expect(await app.prisma.workspace.findUnique({ where: { id: team.workspace.id } })).toMatchObject({
      teamId: team.id,
    });
    expect(await whoSeesTeamProject()).toEqual(onlyOwnerAndTeam);
  });

  it('refuses to delete a team workspace while it holds projects; they stay the team’s', async () => {
    const { workspace } = cafe.organization.teams[0];
    await expect(app.prisma.workspace.delete({ where: { id: workspace.id } })).rejects.toMatchObject(
      foreignKeyRefusal,
    );

    expect(await app.prisma.project.findUnique({ where: { key: cafe.atlas.projectKey } })).toMatchObject({
      workspaceId: workspace.id,
    });
    expect(await whoSeesTeamProject()).toEqual(onlyOwnerAndTeam);
  });

  it('deletes a team once it has no workspace left, and an account with everything in it', async () => {
    const team = cafe.organization.teams[0];
    await app.prisma.project.delete({ where: { key: cafe.atlas.projectKey } });
    await app.prisma.workspace.delete({ where: { id: team.workspace.id } });
    await app.prisma.team.delete({ where: { id: team.id } });
    expect(await app.prisma.team.findUnique({ where: { id: team.id } })).toBeNull();

    const other = await newCafeOrganization(app);
    await app.prisma.account.delete({ where: { id: other.organization.id } });
    expect(await app.prisma.project.findUnique({ where: { key: other.atlas.projectKey } })).toBeNull();
    expect(await app.prisma.workspace.count({ where: { accountId: other.organization.id } })).toBe(0);
    expect(await app.prisma.team.count({ where: { accountId: other.organization.id } })).toBe(0);
  });
});
