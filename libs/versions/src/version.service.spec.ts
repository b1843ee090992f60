// Saved versions on a real database: two projects of an organization, seen by its owner, a viewer and a
// stranger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type SnapshotPage } from '#folio/content';
import { ForbiddenError, NotFoundError } from '#folio/errors';
import { IdentityModule } from '#folio/identity';
import {
  editFirstText,
  firstText,
  newOrganizationPeople,
  newProject,
  startTestModule,
  type TestModule,
  type TestOrganization,
  type TestUser,
} from '#folio/testing';
import { VersionService } from './version.service.js';
import { VersionsModule } from './versions.module.js';

function homeOf(pages: SnapshotPage[]): SnapshotPage {
  return pages.find((page) => page.isHome)!;
}

describe(VersionService.name, () => {
  let app: TestModule;
  let versions: VersionService;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let northwind: { key: string; id: string };
  let atlas: { key: string; id: string };

  beforeAll(async () => {
    app = await startTestModule([VersionsModule, IdentityModule]);
    versions = app.get(VersionService);
    let organization: TestOrganization;
    ({ organization, owner, viewer, stranger } = await newOrganizationPeople(app));
    const project = async (title: string) => {
      const made = await newProject(app, owner, {
        title,
        accountKey: organization.key,
        pages: [{ sections: [{ title: 'Welcome' }, { title: 'Menu' }] }, { sections: [{ title: 'Hours' }] }],
      });
      return { key: made.projectKey, id: made.projectId };
    };
    northwind = await project('Northwind Coffee Roasters');
    atlas = await project('Atlas Analytics');
  });
  afterAll(() => app?.close());

  it('snapshots the project as the next version, and lists versions newest first with their author', async () => {
    const before = await versions.list(owner.actor, atlas.key);
    const original = await editFirstText(app.prisma, atlas.id, 'Changed before saving');
    const saved = await versions.save(owner.actor, atlas.key);
    expect(saved.number).toBe((before[0]?.number ?? 0) + 1);

    const row = await app.prisma.projectVersion.findUniqueOrThrow({
      where: { projectId_number: { projectId: atlas.id, number: saved.number } },
    });
    const snapshot = row.snapshot as unknown as { project: { key: string }; pages: SnapshotPage[] };
    expect(snapshot.project.key).toBe(atlas.key);
    const pageKeys = (
      await app.prisma.page.findMany({ where: { projectId: atlas.id }, orderBy: { order: 'asc' } })
    ).map((p) => p.key);
    expect(snapshot.pages.map((p) => p.key)).toEqual(pageKeys);

    await editFirstText(app.prisma, atlas.id, original);
    const second = await versions.save(owner.actor, atlas.key, 'publish');
    expect(second.number).toBe(saved.number + 1);
    const list = await versions.list(viewer.actor, atlas.key);
    expect(list.slice(0, 2)).toEqual([
      {
        number: second.number,
        reason: 'publish',
        createdAt: second.createdAt,
        author: owner.name,
      },
      { number: saved.number, reason: 'save', createdAt: saved.createdAt, author: owner.name },
    ]);
  });

  it('keeps the snapshot when the draft changes afterwards', async () => {
    const saved = await versions.save(owner.actor, atlas.key);
    const original = await editFirstText(app.prisma, atlas.id, 'Changed after saving');
    const row = await app.prisma.projectVersion.findUniqueOrThrow({
      where: { projectId_number: { projectId: atlas.id, number: saved.number } },
    });
    const pages = (row.snapshot as unknown as { pages: SnapshotPage[] }).pages;
    expect(firstText(homeOf(pages).sections[0].tree).text).toBe(original);
    await editFirstText(app.prisma, atlas.id, original);
  });

  it('answers the newest version, saving nothing, when the draft is unchanged since', async () => {
    const saved = await versions.save(owner.actor, atlas.key);
    const count = (await versions.list(owner.actor, atlas.key)).length;
    await expect(versions.save(owner.actor, atlas.key)).resolves.toEqual(saved);
    expect(await versions.list(owner.actor, atlas.key)).toHaveLength(count);
  });

  it('gives numbers without gaps or duplicates to concurrent saves', async () => {
    const original = await editFirstText(app.prisma, atlas.id, 'Changed before saving at once');
    const saved = await Promise.all([1, 2, 3].map(() => versions.save(owner.actor, atlas.key)));
    await editFirstText(app.prisma, atlas.id, original);
    const numbers = saved.map((s) => s.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[2] - numbers[0]).toBe(2);
  });

  it('needs edit access to save; a viewer may list', async () => {
    await expect(versions.save(viewer.actor, northwind.key)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(versions.list(viewer.actor, northwind.key)).resolves.toEqual(expect.any(Array));
  });

  it('answers NotFoundError to a user of another account', async () => {
    await expect(versions.save(stranger.actor, northwind.key)).rejects.toBeInstanceOf(NotFoundError);
    await expect(versions.list(stranger.actor, northwind.key)).rejects.toBeInstanceOf(NotFoundError);
  });
});
