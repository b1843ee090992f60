import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { ProjectCreator } from '#folio/projects';
import { demoKeys, seedDemo } from '#folio/seed';
import {
  compileWithDatabase,
  createMigratedTestDatabase,
  demoActors,
  type MigratedTestDatabase,
} from '#folio/testing';
import { ProjectFinder } from './project-finder.service.js';
import { PublishingModule } from './publishing.module.js';

const base = 'http://folio.test';

describe(ProjectFinder.name, () => {
  let db: MigratedTestDatabase;
  let app: TestingModule;
  let finder: ProjectFinder;
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let northwind: { key: string; homePageKey: string; siteUrl: string };
  let atlasKey: string;
  /** Owner projects whose titles hold a word no demo project has. */
  let lanterns: string[];
  let rivalKey: string;

  beforeAll(async () => {
    db = await createMigratedTestDatabase({ PUBLIC_BASE_URL: base });
    const credentials = await seedDemo(db.prisma, {
      dataDir: db.config.dataDir,
      publicBaseUrl: base,
      demoPassword: 'finder-test-password',
    });
    const northwindKey = credentials.projects.find((p) => p.title.startsWith('Northwind'))!.key;
    atlasKey = credentials.projects.find((p) => p.title.startsWith('Atlas'))!.key;
    const site = await db.prisma.publication.findFirstOrThrow({
      where: { project: { key: northwindKey }, kind: 'hosting' },
    });
    const home = await db.prisma.page.findFirstOrThrow({
      where: { project: { key: northwindKey }, isHome: true },
    });
    northwind = { key: northwindKey, homePageKey: home.key, siteUrl: `${base}/sites/${site.slug}/` };

    app = await compileWithDatabase(db, [PublishingModule]);
    finder = app.get(ProjectFinder);

    ({ owner, viewer, stranger } = await demoActors(db.prisma));

    const creator = app.get(ProjectCreator);
    const create = async (actor: Actor, title: string) =>
      (await creator.createProject(actor, { title, accountKey: demoKeys.account })).projectKey;
    lanterns = [await create(owner, 'Lantern festival'), await create(owner, 'Lantern shop')];
    rivalKey = (await creator.createProject(stranger, { title: 'Northwind Coffee Rival' })).projectKey;
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const keysOf = (found: { projectKey: string }[]) => found.map((project) => project.projectKey);

  it('describes each project with its publish state and editor link', async () => {
    const [found] = await finder.find(owner, { ids: [northwind.key], limit: 10 });
    expect(found).toEqual({
      projectKey: northwind.key,
      title: 'Northwind Coffee Roasters',
      publishState: {
        published: true,
        destinations: [
          { kind: 'hosting', url: northwind.siteUrl, publishedAt: expect.any(Date) },
          {
            kind: 'embed',
            url: `${base}/embed/${northwind.key}/${northwind.homePageKey}.js`,
            publishedAt: expect.any(Date),
          },
        ],
      },
      thumbnailUrl: null,
      editorUrl: `${base}/editor/${northwind.key}`,
      accountKey: demoKeys.account,
      updatedAt: expect.any(Date),
    });
    const [atlas] = await finder.find(owner, { ids: [atlasKey], limit: 10 });
    expect(atlas.publishState).toEqual({ published: false, destinations: [] });
  });

  it('lists the most recently updated projects when given no ids, search or url', async () => {
    await db.prisma.project.update({ where: { key: atlasKey }, data: { updatedAt: new Date() } });
    const found = await finder.find(owner, { limit: 3 });
    expect(found).toHaveLength(3);
    expect(found[0].projectKey).toBe(atlasKey);
    const times = found.map((project) => project.updatedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(keysOf(await finder.find(owner, { search: '  ', url: '', ids: [], limit: 3 }))).toEqual(
      keysOf(found),
    );
  });

  it('unites ids, then the url’s project, then search matches, without repeats, up to the limit', async () => {
    const found = await finder.find(owner, {
      ids: [atlasKey, lanterns[1]],
      url: northwind.siteUrl,
      search: 'lantern',
      limit: 10,
    });
    expect(keysOf(found).slice(0, 3)).toEqual([atlasKey, lanterns[1], northwind.key]);
    expect(keysOf(found).slice(3)).toEqual([lanterns[0]]);
    expect(
      keysOf(
        await finder.find(owner, {
          ids: [northwind.key],
          url: `${base}/editor/${northwind.key}`,
          search: 'northwind',
          limit: 10,
        }),
      ),
    ).toEqual([northwind.key]);
    expect(
      keysOf(
        await finder.find(owner, { ids: [atlasKey], url: northwind.siteUrl, search: 'lantern', limit: 2 }),
      ),
    ).toEqual([atlasKey, northwind.key]);
  });

  it('returns every id found even past the limit, which caps what url and search add', async () => {
    const found = await finder.find(owner, { ids: [atlasKey, northwind.key], search: 'lantern', limit: 1 });
    expect(keysOf(found)).toEqual([atlasKey, northwind.key]);
  });

  it('resolves site, editor and embed URLs, and refuses URLs that are not Folio’s', async () => {
    for (const url of [
      `${northwind.siteUrl}`,
      `${base}/editor/${northwind.key}/${northwind.homePageKey}`,
      `${base}/embed/${northwind.key}/${northwind.homePageKey}.js`,
    ]) {
      expect(keysOf(await finder.find(owner, { url, limit: 10 }))).toEqual([northwind.key]);
    }
    expect(await finder.find(owner, { url: `${base}/editor/prNoSuchProj1`, limit: 10 })).toEqual([]);
    for (const url of [`https://elsewhere.example/editor/${northwind.key}`, 'not a url']) {
      await expect(finder.find(owner, { url, limit: 10 })).rejects.toThrow(/expected a Folio URL/);
    }
    await expect(finder.find(owner, { search: '!!!', limit: 10 })).rejects.toThrow(/at least one word/);
  });

  it('restricts to one account, and refuses accounts the actor is not a member of', async () => {
    expect(
      keysOf(await finder.find(owner, { search: 'northwind', accountKey: demoKeys.account, limit: 10 })),
    ).toEqual([northwind.key]);
    expect(
      await finder.find(owner, {
        ids: [northwind.key],
        accountKey: demoKeys.ownerPersonalAccount,
        limit: 10,
      }),
    ).toEqual([]);
    const recent = await finder.find(viewer, { accountKey: demoKeys.account, limit: 50 });
    expect(new Set(recent.map((project) => project.accountKey))).toEqual(new Set([demoKeys.account]));
    await expect(finder.find(stranger, { accountKey: demoKeys.account, limit: 10 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(finder.find(owner, { accountKey: 'acNoSuchKey1', limit: 10 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('gives a user of another account nothing of ours by ids, search or url', async () => {
    const ours = [northwind.key, atlasKey, ...lanterns];
    expect(await finder.find(stranger, { ids: ours, limit: 50 })).toEqual([]);
    expect(keysOf(await finder.find(stranger, { search: 'northwind', limit: 50 }))).toEqual([rivalKey]);
    expect(await finder.find(stranger, { search: 'lantern', limit: 50 })).toEqual([]);
    for (const url of [
      northwind.siteUrl,
      `${base}/editor/${atlasKey}`,
      `${base}/embed/${northwind.key}/${northwind.homePageKey}.js`,
    ]) {
      expect(await finder.find(stranger, { url, limit: 50 })).toEqual([]);
    }
    expect(keysOf(await finder.find(stranger, { limit: 50 }))).toEqual([rivalKey]);
    expect(keysOf(await finder.find(owner, { ids: [rivalKey], search: 'rival', limit: 50 }))).toEqual([]);
  });
});
