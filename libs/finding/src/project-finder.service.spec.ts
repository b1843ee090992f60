import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { type DatabaseHandle, PrismaClient } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { type Actor, IdentityModule } from '#folio/identity';
import { ProjectCreator, ProjectWriter } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import {
  compileWithDatabase,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  newCafeOrganization,
  newProject,
} from '#folio/testing';
import { ProjectFinder } from './project-finder.service.js';
import { FindingModule } from './finding.module.js';

const base = 'http://folio.test';

const journal = [
  '<h2>Spring</h2><p>The first weeks of spring are for pruning, mending fences and counting the bees that',
  'survived the winter. Once the soil is warm enough we sow beans along the south wall, and the',
  'children help with the <strong>zephyrine</strong> roses that climb the old barn, while salt &amp; ash',
  'go on the paths. By the end of April the orchard is loud with blossom and the harvesting of',
  'rhubarb begins, long before the cherries ripen in the heat of early summer.</p>',
].join(' ');
/** The journal's text as a reader sees it. */
const journalText = journal
  .replace(/<[^>]*>/g, ' ')
  .replace('&amp;', '&')
  .replace(/\s+/g, ' ')
  .trim();

describe(ProjectFinder.name, () => {
  let db: MigratedTestDatabase;
  let app: TestingModule;
  let finder: ProjectFinder;
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;
  /** The organization's café, published as a site and as an embed. */
  let northwind: { key: string; homePageKey: string; siteUrl: string; slug: string };
  let atlasKey: string;
  let accountKey: string;
  let ownerPersonalAccount: string;
  /** Owner projects whose titles hold a word no other project has. */
  let lanterns: string[];
  let rivalKey: string;
  /** An owner project with a description, tags and a long page of text, each holding its own rare word. */
  let almanac: { key: string; journalKey: string };
  /** SQL statements the finder's database client has sent so far. */
  let statements = 0;
  let countingClient: PrismaClient;
  let countingHandle: DatabaseHandle;

  beforeAll(async () => {
    db = await createMigratedTestDatabase({ PUBLIC_BASE_URL: base });
    countingHandle = await db.open();
    const client = new PrismaClient({
      adapter: countingHandle.adapter,
      log: [{ emit: 'event', level: 'query' }],
    });
    client.$on('query', () => statements++);
    countingClient = client;
    app = await compileWithDatabase({ ...db, prisma: countingClient }, [FindingModule, IdentityModule]);
    finder = app.get(ProjectFinder);

    const services = { prisma: db.prisma, get: app.get.bind(app) };
    const cafe = await newCafeOrganization(services);
    [owner, viewer, stranger] = [cafe.owner.actor, cafe.viewer.actor, cafe.stranger.actor];
    [atlasKey, accountKey, ownerPersonalAccount] = [
      cafe.atlas.projectKey,
      cafe.organization.key,
      cafe.owner.account.key,
    ];
    const publishing = app.get(PublishService);
    const site = await publishing.publish(owner, cafe.northwind.projectKey, { destination: 'site' });
    await publishing.publish(owner, cafe.northwind.projectKey, { destination: 'embed' });
    northwind = {
      key: cafe.northwind.projectKey,
      homePageKey: cafe.northwind.homePageKey,
      siteUrl: site.url!,
      slug: site.slug!,
    };

    const creator = app.get(ProjectCreator);
    const create = async (actor: Actor, title: string) =>
      (await creator.createProject(actor, { title, accountKey })).projectKey;
    lanterns = [await create(owner, 'Lantern festival'), await create(owner, 'Lantern shop')];
    rivalKey = (await creator.createProject(stranger, { title: 'Northwind Coffee Rival' })).projectKey;

    const made = await newProject(services, cafe.owner, {
      title: 'Farmers almanac',
      accountKey,
      pages: [
        { sections: [{ title: 'Welcome', text: '<p>Welcome to the almanac.</p>' }] },
        { title: 'Journal', sections: [{ title: 'Entries', text: journal }] },
      ],
    });
    await db.prisma.$transaction(async (tx) => {
      const writer = app.get(ProjectWriter);
      await writer.updateProject(tx, made.projectId, {
        description: 'Seasonal notes for orchard keepers who graft quinces.',
        tags: ['horticulture', 'marmalade'],
      });
      await writer.refreshSearch(tx, made.projectId);
    });
    almanac = { key: made.projectKey, journalKey: made.pages[1].pageKey };
  });
  afterAll(async () => {
    await app?.close();
    await countingClient?.$disconnect();
    await countingHandle?.release();
    await db?.dispose();
  });

  const keysOf = (found: { projects: { projectKey: string }[] }) =>
    found.projects.map((project) => project.projectKey);

  it('describes each project with its publish state and editor link', async () => {
    const {
      projects: [found],
    } = await finder.find(owner, { ids: [northwind.key], limit: 10 });
    expect(found).toEqual({
      projectKey: northwind.key,
      title: 'Northwind Coffee Roasters',
      publishState: {
        published: true,
        destinations: [
          { kind: 'site', url: northwind.siteUrl, publishedAt: expect.any(Date) },
          {
            kind: 'embed',
            url: `${base}/embed/${northwind.key}/${northwind.homePageKey}.js`,
            publishedAt: expect.any(Date),
          },
        ],
        slug: northwind.slug,
      },
      thumbnailUrl: null,
      editorUrl: `${base}/editor/${northwind.key}`,
      accountKey,
      updatedAt: expect.any(Date),
      // Its second page, then the sections of each page.
      revision: 3,
    });
    const {
      projects: [atlas],
    } = await finder.find(owner, { ids: [atlasKey], limit: 10 });
    expect(atlas.publishState).toEqual({ published: false, destinations: [], slug: 'atlas-analytics' });
  });

  it('answers a search in one SQL statement: access, ranking, match and publish state together', async () => {
    const before = statements;
    const found = await finder.find(owner, { search: 'northwind', limit: 10 });
    expect(statements - before).toBe(1);
    expect(found.projects[0]).toMatchObject({
      projectKey: northwind.key,
      publishState: { published: true, destinations: [{ kind: 'site' }, { kind: 'embed' }] },
      match: { field: 'title' },
    });
  });

  it('lists the most recently updated projects when given no ids, search or url', async () => {
    await db.prisma.project.update({ where: { key: atlasKey }, data: { updatedAt: new Date() } });
    const { projects: found } = await finder.find(owner, { limit: 3 });
    expect(found).toHaveLength(3);
    expect(found[0].projectKey).toBe(atlasKey);
    const times = found.map((project) => project.updatedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(keysOf(await finder.find(owner, { search: '  ', url: '', ids: [], limit: 3 }))).toEqual(
      keysOf({ projects: found }),
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
    expect(keysOf(await finder.find(owner, { url: `${base}/editor/prNoSuchProj1`, limit: 10 }))).toEqual([]);
    for (const url of [`https://elsewhere.example/editor/${northwind.key}`, 'not a url']) {
      await expect(finder.find(owner, { url, limit: 10 })).rejects.toThrow(/expected a Folio URL/);
    }
    await expect(finder.find(owner, { search: '!!!', limit: 10 })).rejects.toThrow(/at least one word/);
  });

  it('restricts to one account, and refuses accounts the actor is not a member of', async () => {
    expect(keysOf(await finder.find(owner, { search: 'northwind', accountKey, limit: 10 }))).toEqual([
      northwind.key,
    ]);
    expect(
      await finder.find(owner, {
        ids: [northwind.key],
        accountKey: ownerPersonalAccount,
        limit: 10,
      }),
    ).toEqual({ projects: [], notFound: [northwind.key], hasMore: false });
    const { projects: recent } = await finder.find(viewer, { accountKey, limit: 50 });
    expect(new Set(recent.map((project) => project.accountKey))).toEqual(new Set([accountKey]));
    await expect(finder.find(stranger, { accountKey, limit: 10 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(finder.find(owner, { accountKey: 'acNoSuchKey1', limit: 10 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('gives a user of another account nothing of ours by ids, search or url', async () => {
    const ours = [northwind.key, atlasKey, ...lanterns];
    expect(await finder.find(stranger, { ids: ours, limit: 50 })).toEqual({
      projects: [],
      notFound: ours,
      hasMore: false,
    });
    expect(keysOf(await finder.find(stranger, { search: 'northwind', limit: 50 }))).toEqual([rivalKey]);
    expect(keysOf(await finder.find(stranger, { search: 'lantern', limit: 50 }))).toEqual([]);
    for (const url of [
      northwind.siteUrl,
      `${base}/editor/${atlasKey}`,
      `${base}/embed/${northwind.key}/${northwind.homePageKey}.js`,
    ]) {
      expect(keysOf(await finder.find(stranger, { url, limit: 50 }))).toEqual([]);
    }
    expect(keysOf(await finder.find(stranger, { limit: 50 }))).toEqual([rivalKey]);
    expect(keysOf(await finder.find(owner, { ids: [rivalKey], search: 'rival', limit: 50 }))).toEqual([]);
  });

  describe('says which ids it could not find', () => {
    it('lists unknown and invisible ids alike, once each, in the order given', async () => {
      const found = await finder.find(owner, {
        ids: ['prNoSuchProj1', northwind.key, rivalKey, 'prNoSuchProj1', northwind.key],
        limit: 10,
      });
      expect(keysOf(found)).toEqual([northwind.key]);
      expect(found.notFound).toEqual(['prNoSuchProj1', rivalKey]);
      expect(found.hasMore).toBe(false);
    });

    it('lists nothing when every id was found, or none was asked for', async () => {
      expect((await finder.find(owner, { ids: [atlasKey, northwind.key], limit: 1 })).notFound).toEqual([]);
      expect((await finder.find(owner, { search: 'lantern', limit: 10 })).notFound).toEqual([]);
    });
  });

  describe('says whether more projects match than it returned', () => {
    it('for a search, the url and the ids', async () => {
      const one = await finder.find(owner, { search: 'lantern', limit: 1 });
      expect(one.projects).toHaveLength(1);
      expect(one.hasMore).toBe(true);
      const both = await finder.find(owner, { search: 'lantern', limit: 2 });
      expect(keysOf(both).sort()).toEqual([...lanterns].sort());
      expect(both.hasMore).toBe(false);
      // The ids take the one place; the other lantern is left over.
      const named = await finder.find(owner, { ids: [lanterns[0]], search: 'lantern', limit: 1 });
      expect(keysOf(named)).toEqual([lanterns[0]]);
      expect(named.hasMore).toBe(true);
      // Both lanterns named: the search adds nothing new.
      const all = await finder.find(owner, { ids: lanterns, search: 'lantern', limit: 1 });
      expect(keysOf(all)).toEqual(lanterns);
      expect(all.hasMore).toBe(false);
      const withUrl = await finder.find(owner, { url: northwind.siteUrl, search: 'lantern', limit: 2 });
      expect(keysOf(withUrl)).toEqual([northwind.key, expect.any(String)]);
      expect(withUrl.hasMore).toBe(true);
    });

    it('for the most recently updated projects', async () => {
      expect((await finder.find(owner, { limit: 1 })).hasMore).toBe(true);
      expect(await finder.find(stranger, { limit: 1 })).toMatchObject({ hasMore: false });
      expect(keysOf(await finder.find(stranger, { limit: 1 }))).toEqual([rivalKey]);
    });
  });

  describe('says where a search matched', () => {
    const matchOf = async (search: string, key: string) => {
      const found = await finder.find(owner, { search, limit: 10 });
      return found.projects.find((project) => project.projectKey === key)?.match;
    };

    it('in the title, before any other field', async () => {
      expect(await matchOf('almanac', almanac.key)).toEqual({ field: 'title' });
      expect(await matchOf('Lantern fest', lanterns[0])).toEqual({ field: 'title' });
    });

    it('in the description or a tag, with the words around it', async () => {
      expect(await matchOf('quinces', almanac.key)).toEqual({
        field: 'description',
        snippet: 'Seasonal notes for orchard keepers who graft quinces.',
      });
      expect(await matchOf('marmalade', almanac.key)).toEqual({
        field: 'tag',
        snippet: 'horticulture, marmalade',
      });
    });

    it('in a page’s text: the page, and whole words around the term, cut with an ellipsis', async () => {
      const match = await matchOf('zephyrine', almanac.key);
      expect(match).toEqual({
        field: 'page',
        pageKey: almanac.journalKey,
        pageTitle: 'Journal',
        snippet: expect.stringContaining('zephyrine'),
      });
      const snippet = match!.snippet!;
      expect(snippet.length).toBeLessThanOrEqual(120);
      expect(snippet).toMatch(/^….+…$/);
      const inner = snippet.slice(1, -1);
      const at = journalText.indexOf(inner);
      expect(at).toBeGreaterThan(0);
      expect(journalText[at - 1]).toBe(' ');
      expect(journalText[at + inner.length]).toBe(' ');
      expect(snippet).toContain('salt & ash');
    });

    it('the way the search matches: stemmed, the last word as a prefix', async () => {
      expect(await matchOf('harvested', almanac.key)).toMatchObject({
        field: 'page',
        pageKey: almanac.journalKey,
        snippet: expect.stringContaining('harvesting'),
      });
      expect(await matchOf('zephyr', almanac.key)).toMatchObject({
        field: 'page',
        snippet: expect.stringContaining('zephyrine'),
      });
    });

    it('in one field holding every word, else the best field holding one', async () => {
      expect(await matchOf('bees quinces', almanac.key)).toMatchObject({ field: 'description' });
      expect(await matchOf('beans barn', almanac.key)).toMatchObject({ field: 'page' });
      expect(await matchOf('marmalade rhubarb', almanac.key)).toMatchObject({ field: 'tag' });
      expect(await matchOf('almanac rhubarb', almanac.key)).toEqual({ field: 'title' });
    });

    it('in the café: a word only its Visit page holds', async () => {
      const found = await finder.find(owner, { search: 'hours', limit: 10 });
      expect(keysOf(found)).toEqual([northwind.key]);
      expect(found.projects[0].match).toEqual({
        field: 'page',
        pageKey: expect.any(String),
        pageTitle: 'Visit us',
        snippet: expect.stringMatching(/\bHours\b/),
      });
    });

    it('only for search hits', async () => {
      const found = await finder.find(owner, {
        ids: [atlasKey, almanac.key],
        search: 'zephyrine',
        limit: 10,
      });
      expect(found.projects.map((project) => project.match?.field)).toEqual([undefined, 'page']);
      expect((await finder.find(owner, { limit: 5 })).projects.every((project) => !project.match)).toBe(true);
    });
  });
});
