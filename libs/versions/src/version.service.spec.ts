// Saved versions on a real database: an organization's café and its team's project, seen by its owner, a
// viewer and a stranger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type SnapshotPage } from '#folio/content';
import { ForbiddenError, NotFoundError } from '#folio/errors';
import { IdentityModule } from '#folio/identity';
import {
  editFirstText,
  firstText,
  newCafeOrganization,
  startTestModule,
  type TestModule,
  type TestProject,
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
  let northwind: TestProject;
  let atlas: TestProject;

  beforeAll(async () => {
    app = await startTestModule([VersionsModule, IdentityModule]);
    versions = app.get(VersionService);
    ({ owner, viewer, stranger, northwind, atlas } = await newCafeOrganization(app));
  });
  afterAll(() => app?.close());

  it('snapshots the project as the next version, and lists versions newest first with their author', async () => {
    const before = await versions.list(owner.actor, atlas.projectKey);
    const original = await editFirstText(app.prisma, atlas.projectId, 'Changed before saving');
    const saved = await versions.save(owner.actor, atlas.projectKey);
    expect(saved.number).toBe((before[0]?.number ?? 0) + 1);

    const row = await app.prisma.projectVersion.findUniqueOrThrow({
      where: { projectId_number: { projectId: atlas.projectId, number: saved.number } },
    });
    const snapshot = row.snapshot as unknown as { project: { key: string }; pages: SnapshotPage[] };
    expect(snapshot.project.key).toBe(atlas.projectKey);
    const pageKeys = (
      await app.prisma.page.findMany({ where: { projectId: atlas.projectId }, orderBy: { order: 'asc' } })
    ).map((p) => p.key);
    expect(snapshot.pages.map((p) => p.key)).toEqual(pageKeys);

    await editFirstText(app.prisma, atlas.projectId, original);
    const second = await versions.save(owner.actor, atlas.projectKey, 'publish');
    expect(second.number).toBe(saved.number + 1);
    const list = await versions.list(viewer.actor, atlas.projectKey);
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
    const saved = await versions.save(owner.actor, atlas.projectKey);
    const original = await editFirstText(app.prisma, atlas.projectId, 'Changed after saving');
    const row = await app.prisma.projectVersion.findUniqueOrThrow({
      where: { projectId_number: { projectId: atlas.projectId, number: saved.number } },
    });
    const pages = (row.snapshot as unknown as { pages: SnapshotPage[] }).pages;
    expect(firstText(homeOf(pages).sections[0].tree).text).toBe(original);
    await editFirstText(app.prisma, atlas.projectId, original);
  });

  it('answers the newest version, saving nothing, when the draft is unchanged since', async () => {
    const saved = await versions.save(owner.actor, atlas.projectKey);
    const count = (await versions.list(owner.actor, atlas.projectKey)).length;
    await expect(versions.save(owner.actor, atlas.projectKey)).resolves.toEqual(saved);
    expect(await versions.list(owner.actor, atlas.projectKey)).toHaveLength(count);
  });

  it('gives numbers without gaps or duplicates to concurrent saves', async () => {
    const original = await editFirstText(app.prisma, atlas.projectId, 'Changed before saving at once');
    const newest = await app.prisma.projectVersion.aggregate({
      where: { projectId: atlas.projectId },
      _max: { number: true },
    });
    const saved = await Promise.all([1, 2, 3].map(() => versions.save(owner.actor, atlas.projectKey)));
    await editFirstText(app.prisma, atlas.projectId, original);
    // A save that starts after another has stored the same draft answers that version (nothing changed
    // since), so one to three versions are made, depending on timing: numbered on from the newest.
    const numbers = [...new Set(saved.map((s) => s.number))].sort((a, b) => a - b);
    const made = await app.prisma.projectVersion.findMany({
      where: { projectId: atlas.projectId, number: { gt: newest._max.number ?? 0 } },
      orderBy: { number: 'asc' },
      select: { number: true },
    });
    const first = (newest._max.number ?? 0) + 1;
    expect(made.map((version) => version.number)).toEqual(numbers);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => first + i));
  });

  it('needs edit access to save; a viewer may list', async () => {
    await expect(versions.save(viewer.actor, northwind.projectKey)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(versions.list(viewer.actor, northwind.projectKey)).resolves.toEqual(expect.any(Array));
  });

  it('answers NotFoundError to a user of another account', async () => {
    await expect(versions.save(stranger.actor, northwind.projectKey)).rejects.toBeInstanceOf(NotFoundError);
    await expect(versions.list(stranger.actor, northwind.projectKey)).rejects.toBeInstanceOf(NotFoundError);
  });
});
