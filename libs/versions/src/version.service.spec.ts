// Saved versions on a real database with the demo data.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { type Element, type SnapshotPage, walkElements } from '#folio/content';
import { asJson } from '#folio/db';
import { ForbiddenError, NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { demoUsers, seedDemo } from '#folio/seed';
import {
  compileWithDatabase,
  createMigratedTestDatabase,
  demoActors,
  type MigratedTestDatabase,
} from '#folio/testing';
import { VersionService } from './version.service.js';
import { VersionsModule } from './versions.module.js';

/** The first text element of a section tree. */
function firstText(tree: Element): Element {
  return [...walkElements(tree)].find((element) => element.type === 'text' && element.text)!;
}

function homeOf(pages: SnapshotPage[]): SnapshotPage {
  return pages.find((page) => page.isHome)!;
}

describe(VersionService.name, () => {
  let db: MigratedTestDatabase;
  let app: TestingModule;
  let versions: VersionService;
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let northwind: { key: string; id: string };
  let atlas: { key: string; id: string };

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    const credentials = await seedDemo(db.prisma, {
      dataDir: db.config.dataDir,
      publicBaseUrl: db.config.publicBaseUrl,
      demoPassword: 'versions-test-password',
    });
    const project = async (prefix: string) => {
      const key = credentials.projects.find((p) => p.title.startsWith(prefix))!.key;
      return { key, id: (await db.prisma.project.findUniqueOrThrow({ where: { key } })).id };
    };
    northwind = await project('Northwind');
    atlas = await project('Atlas');
    app = await compileWithDatabase(db, [VersionsModule]);
    versions = app.get(VersionService);
    ({ owner, viewer, stranger } = await demoActors(db.prisma));
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  /** Rewrites the first text of the project's first section (a draft edit). */
  async function editFirstText(projectId: string, text: string): Promise<string> {
    const section = await db.prisma.section.findFirstOrThrow({
      where: { page: { projectId, isHome: true } },
      orderBy: { order: 'asc' },
    });
    const tree = section.tree as unknown as Element;
    const element = firstText(tree);
    const before = element.text!;
    element.text = text;
    await db.prisma.section.update({ where: { id: section.id }, data: { tree: asJson(tree) } });
    return before;
  }

  it('snapshots the project as the next version, and lists versions newest first with their author', async () => {
    const before = await versions.list(owner, atlas.key);
    const original = await editFirstText(atlas.id, 'Changed before saving');
    const saved = await versions.save(owner, atlas.key);
    expect(saved.number).toBe((before[0]?.number ?? 0) + 1);

    const row = await db.prisma.projectVersion.findUniqueOrThrow({
      where: { projectId_number: { projectId: atlas.id, number: saved.number } },
    });
    const snapshot = row.snapshot as unknown as { project: { key: string }; pages: SnapshotPage[] };
    expect(snapshot.project.key).toBe(atlas.key);
    const pageKeys = (
      await db.prisma.page.findMany({ where: { projectId: atlas.id }, orderBy: { order: 'asc' } })
    ).map((p) => p.key);
    expect(snapshot.pages.map((p) => p.key)).toEqual(pageKeys);

    await editFirstText(atlas.id, original);
    const second = await versions.save(owner, atlas.key, 'publish');
    expect(second.number).toBe(saved.number + 1);
    const list = await versions.list(viewer, atlas.key);
    expect(list.slice(0, 2)).toEqual([
      {
        number: second.number,
        reason: 'publish',
        createdAt: second.createdAt,
        author: demoUsers.owner.name,
      },
      { number: saved.number, reason: 'save', createdAt: saved.createdAt, author: demoUsers.owner.name },
    ]);
  });

  it('keeps the snapshot when the draft changes afterwards', async () => {
    const saved = await versions.save(owner, atlas.key);
    const original = await editFirstText(atlas.id, 'Changed after saving');
    const row = await db.prisma.projectVersion.findUniqueOrThrow({
      where: { projectId_number: { projectId: atlas.id, number: saved.number } },
    });
    const pages = (row.snapshot as unknown as { pages: SnapshotPage[] }).pages;
    expect(firstText(homeOf(pages).sections[0].tree).text).toBe(original);
    await editFirstText(atlas.id, original);
  });

  it('answers the newest version, saving nothing, when the draft is unchanged since', async () => {
    const saved = await versions.save(owner, atlas.key);
    const count = (await versions.list(owner, atlas.key)).length;
    await expect(versions.save(owner, atlas.key)).resolves.toEqual(saved);
    expect(await versions.list(owner, atlas.key)).toHaveLength(count);
  });

  it('gives numbers without gaps or duplicates to concurrent saves', async () => {
    const original = await editFirstText(atlas.id, 'Changed before saving at once');
    const saved = await Promise.all([1, 2, 3].map(() => versions.save(owner, atlas.key)));
    await editFirstText(atlas.id, original);
    const numbers = saved.map((s) => s.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[2] - numbers[0]).toBe(2);
  });

  it('needs edit access to save; a viewer may list', async () => {
    await expect(versions.save(viewer, northwind.key)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(versions.list(viewer, northwind.key)).resolves.toEqual(expect.any(Array));
  });

  it('answers NotFoundError to a user of another account', async () => {
    await expect(versions.save(stranger, northwind.key)).rejects.toBeInstanceOf(NotFoundError);
    await expect(versions.list(stranger, northwind.key)).rejects.toBeInstanceOf(NotFoundError);
  });
});
