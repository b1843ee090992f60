// Finding, placing and creating projects on a real database with the demo data.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { defaultBreakpoints, defaultTheme, newPublicKey } from '#folio/content';
import { PrismaService } from '#folio/db';
import { ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type AccountRole, type Actor, ActorRepository } from '#folio/identity';
import { demoKeys, demoUsers, seedDemo } from '#folio/seed';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { PlacementResolver } from './placement-resolver.service.js';
import { ProjectCreator } from './project-creator.service.js';
import { ProjectQueryRepository } from './project-query.repository.js';
import { ProjectsModule } from './projects.module.js';

describe('projects', () => {
  let db: MigratedTestDatabase;
  let app: TestingModule;
  let queries: ProjectQueryRepository;
  let placements: PlacementResolver;
  let creator: ProjectCreator;
  let actors: ActorRepository;
  /** Owner of the demo organization and of a personal account. */
  let owner: Actor;
  /** Viewer of the demo organization, viewer in its Atlas team, owner of a personal account. */
  let viewer: Actor;
  /** Editor of the demo organization only, in no team. */
  let editor: Actor;
  /** Owner of an unrelated personal account. */
  let stranger: Actor;
  let demoAccountId: string;
  let northwindKey: string;
  let atlasKey: string;

  /** A user with these memberships (accounts created as needed), loaded as an actor. */
  async function userIn(name: string, memberships: { key: string; kind?: 'personal'; role: AccountRole }[]) {
    const user = await db.prisma.user.create({
      data: { email: `${name.toLowerCase()}@example.com`, name, passwordHash: 'x' },
    });
    for (const { key, kind, role } of memberships) {
      const account = await db.prisma.account.upsert({
        where: { key },
        create: { key, name: `${name}'s ${kind ?? 'organization'}`, kind: kind ?? 'organization' },
        update: {},
      });
      await db.prisma.membership.create({ data: { userId: user.id, accountId: account.id, role } });
    }
    return actors.load(user.id);
  }

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    const credentials = await seedDemo(db.prisma, {
      dataDir: db.config.dataDir,
      publicBaseUrl: db.config.publicBaseUrl,
      demoPassword: 'projects-test-password',
    });
    northwindKey = credentials.projects.find((p) => p.title.startsWith('Northwind'))!.key;
    atlasKey = credentials.projects.find((p) => p.title.startsWith('Atlas'))!.key;

    @Global()
    @Module({ providers: [{ provide: PrismaService, useValue: db.prisma }], exports: [PrismaService] })
    class TestDbModule {}
    app = await Test.createTestingModule({ imports: [TestDbModule, ProjectsModule] }).compile();
    queries = app.get(ProjectQueryRepository);
    placements = app.get(PlacementResolver);
    creator = app.get(ProjectCreator);

    actors = new ActorRepository(db.prisma as unknown as PrismaService);
    const userId = async (email: string) => (await db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
    owner = await actors.load(await userId(demoUsers.owner.email));
    viewer = await actors.load(await userId(demoUsers.viewer.email));
    editor = await userIn('Erin', [{ key: demoKeys.account, role: 'editor' }]);
    stranger = await userIn('Oscar', [{ key: 'acOutsider01', kind: 'personal', role: 'owner' }]);
    demoAccountId = (await db.prisma.account.findUniqueOrThrow({ where: { key: demoKeys.account } })).id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const keysOf = (projects: { key: string }[]) => projects.map((project) => project.key);
  async function accountId(key: string): Promise<string> {
    return (await db.prisma.account.findUniqueOrThrow({ where: { key } })).id;
  }

  /** The actor as an API key restricted to one account sees them. */
  async function restricted(actor: Actor, accountKey: string): Promise<Actor> {
    return { ...actor, restrictedToAccountId: await accountId(accountKey) };
  }

  async function touch(projectKey: string) {
    await db.prisma.project.update({ where: { key: projectKey }, data: { updatedAt: new Date() } });
  }

  describe(ProjectQueryRepository.name, () => {
    it('lists the visible projects, most recently updated first', async () => {
      await touch(atlasKey);
      await touch(northwindKey);
      const mine = await queries.recent(owner, { accountId: demoAccountId, limit: 10 });
      expect(keysOf(mine).slice(0, 2)).toEqual([northwindKey, atlasKey]);
      expect(mine[0]).toEqual({
        id: expect.any(String),
        key: northwindKey,
        title: 'Northwind Coffee Roasters',
        accountKey: demoKeys.account,
        updatedAt: expect.any(Date),
        thumbnailUrl: null,
      });
      expect(mine[0].updatedAt.getTime()).toBeGreaterThanOrEqual(mine[1].updatedAt.getTime());

      await touch(atlasKey);
      expect(keysOf(await queries.recent(owner, { accountId: demoAccountId, limit: 1 }))).toEqual([atlasKey]);
    });

    it('hides team workspaces from account members outside the team, and other accounts from everyone', async () => {
      expect(keysOf(await queries.recent(viewer, { limit: 50 }))).toEqual(
        expect.arrayContaining([northwindKey, atlasKey]),
      );
      const editorSees = keysOf(await queries.recent(editor, { limit: 50 }));
      expect(editorSees).toContain(northwindKey);
      expect(editorSees).not.toContain(atlasKey);
      const strangerSees = keysOf(await queries.recent(stranger, { limit: 50 }));
      expect(strangerSees).not.toContain(northwindKey);
      expect(strangerSees).not.toContain(atlasKey);
      expect(await queries.recent(stranger, { accountId: demoAccountId, limit: 50 })).toEqual([]);
    });

    it('keeps a restricted key to its account', async () => {
      const personalOnly = await restricted(owner, demoKeys.ownerPersonalAccount);
      expect(keysOf(await queries.recent(personalOnly, { limit: 50 }))).not.toContain(northwindKey);
      expect(await queries.byKeys(personalOnly, [northwindKey], {})).toEqual([]);
      expect(await queries.search(personalOnly, 'northwind', { limit: 10 })).toEqual([]);
    });

    it('fetches by key in the order given, leaving out unknown and invisible keys', async () => {
      const found = await queries.byKeys(owner, [atlasKey, 'prNoSuchKey1', northwindKey, atlasKey], {});
      expect(keysOf(found)).toEqual([atlasKey, northwindKey]);
      expect(keysOf(await queries.byKeys(editor, [atlasKey, northwindKey], {}))).toEqual([northwindKey]);
      expect(await queries.byKeys(stranger, [northwindKey, atlasKey], {})).toEqual([]);
      expect(await queries.byKeys(owner, [], {})).toEqual([]);
      const ownPersonal = await accountId(demoKeys.ownerPersonalAccount);
      expect(await queries.byKeys(owner, [northwindKey], { accountId: ownPersonal })).toEqual([]);
    });

    it('searches titles and page text, the last word as a prefix, and only among visible projects', async () => {
      const rival = await creator.createProject(stranger, { title: 'Northwind Coffee Rival' });
      expect(keysOf(await queries.search(owner, 'northwind', { limit: 10 }))).toEqual([northwindKey]);
      expect(keysOf(await queries.search(owner, 'Northwind cof', { limit: 10 }))).toEqual([northwindKey]);
      expect(keysOf(await queries.search(stranger, 'northwind', { limit: 10 }))).toEqual([rival.projectKey]);
      expect(keysOf(await queries.search(owner, 'compostable', { limit: 10 }))).toEqual([northwindKey]);
      expect(keysOf(await queries.search(editor, 'atlas', { limit: 10 }))).toEqual([]);
      expect(keysOf(await queries.search(viewer, 'atlas', { limit: 10 }))).toEqual([atlasKey]);
      expect(await queries.search(owner, ' !!! ', { limit: 10 })).toEqual([]);
      expect(await queries.search(owner, 'northwind', { limit: 0 })).toEqual([]);
    });

    it('ranks title matches above page-text matches, then the most recently updated', async () => {
      const word = `zq${newPublicKey(6).toLowerCase()}`;
      const inPage = await creator.createProject(owner, { title: 'Plain project' });
      await creator.createPage(owner, inPage.projectKey, { title: `About ${word}` });
      const olderInTitle = await creator.createProject(owner, { title: `${word} studio` });
      const newerInTitle = await creator.createProject(owner, { title: `${word} works` });
      await touch(newerInTitle.projectKey);
      expect(keysOf(await queries.search(owner, word, { limit: 10 }))).toEqual([
        newerInTitle.projectKey,
        olderInTitle.projectKey,
        inPage.projectKey,
      ]);
      expect(keysOf(await queries.search(owner, word, { limit: 2 }))).toHaveLength(2);
    });

    it('shows the thumbnail once its image is ready', async () => {
      const project = await db.prisma.project.findUniqueOrThrow({ where: { key: northwindKey } });
      const asset = await db.prisma.asset.create({
        data: {
          key: newPublicKey(),
          projectId: project.id,
          kind: 'image',
          url: 'https://img.example/thumb.png',
          status: 'pending',
        },
      });
      await db.prisma.project.update({ where: { id: project.id }, data: { thumbnailAssetId: asset.id } });
      try {
        expect((await queries.byKeys(owner, [northwindKey], {}))[0].thumbnailUrl).toBeNull();
        await db.prisma.asset.update({ where: { id: asset.id }, data: { status: 'ready' } });
        expect((await queries.byKeys(owner, [northwindKey], {}))[0].thumbnailUrl).toBe(
          'https://img.example/thumb.png',
        );
      } finally {
        await db.prisma.project.update({ where: { id: project.id }, data: { thumbnailAssetId: null } });
        await db.prisma.asset.delete({ where: { id: asset.id } });
      }
    });
  });

  describe(PlacementResolver.name, () => {
    it("defaults to the actor's own personal account, else their only account", async () => {
      await expect(placements.defaultAccount(owner)).resolves.toEqual({
        accountId: await accountId(demoKeys.ownerPersonalAccount),
        accountKey: demoKeys.ownerPersonalAccount,
      });
      await expect(placements.defaultAccount(editor)).resolves.toEqual({
        accountId: demoAccountId,
        accountKey: demoKeys.account,
      });
    });

    it("defaults to a restricted key's account", async () => {
      await expect(placements.defaultAccount(await restricted(owner, demoKeys.account))).resolves.toEqual({
        accountId: demoAccountId,
        accountKey: demoKeys.account,
      });
    });

    it('asks which account when there are several and none is personal', async () => {
      const juggler = await userIn('Jules', [
        { key: 'acJugglerOne1', role: 'editor' },
        { key: 'acJugglerTwo1', role: 'owner' },
      ]);
      const error = await placements.defaultAccount(juggler).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).problems).toEqual([
        { path: 'accountKey', message: expect.stringMatching(/acJugglerOne1.*acJugglerTwo1/) },
      ]);
    });

    it('finds an account only for its members', async () => {
      await expect(placements.account(viewer, demoKeys.account)).resolves.toEqual({
        accountId: demoAccountId,
        accountKey: demoKeys.account,
      });
      const notMember = await placements.account(stranger, demoKeys.account).catch((e: unknown) => e);
      const unknown = await placements.account(stranger, 'acNoSuchKey1').catch((e: unknown) => e);
      expect(notMember).toBeInstanceOf(NotFoundError);
      expect(unknown).toBeInstanceOf(NotFoundError);
      await expect(
        placements.account(await restricted(owner, demoKeys.ownerPersonalAccount), demoKeys.account),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('finds a workspace by key or by name in any case, in the given account or in any of the actor’s', async () => {
      const studio = {
        accountId: demoAccountId,
        accountKey: demoKeys.account,
        teamId: null,
        workspaceId: expect.any(String),
        workspaceKey: demoKeys.studioWorkspace,
      };
      await expect(placements.forNewProject(owner, { workspace: 'studio' }, 'edit')).resolves.toEqual(studio);
      await expect(
        placements.forNewProject(
          owner,
          { accountKey: demoKeys.account, workspace: demoKeys.studioWorkspace },
          'edit',
        ),
      ).resolves.toEqual(studio);
      await expect(
        placements.forNewProject(
          owner,
          { accountKey: demoKeys.ownerPersonalAccount, workspace: 'Studio' },
          'edit',
        ),
      ).rejects.toThrow(
        `No workspace "Studio" is visible to you in account ${demoKeys.ownerPersonalAccount}.`,
      );
      await expect(
        placements.forNewProject(owner, { workspace: 'Atlas (team)' }, 'edit'),
      ).resolves.toMatchObject({
        workspaceKey: demoKeys.teamWorkspace,
        teamId: expect.any(String),
      });
    });

    it('matches workspace names literally: wildcards and backslashes are ordinary characters', async () => {
      for (const workspace of ['St_dio', '%', 'Studio\\', '\\']) {
        await expect(placements.forNewProject(owner, { workspace }, 'edit')).rejects.toThrow(
          `No workspace "${workspace}" is visible to you.`,
        );
      }
    });

    it('answers a team workspace outside the actor’s teams exactly like an unknown one', async () => {
      const hidden = await placements
        .forNewProject(editor, { workspace: 'Atlas (team)' }, 'view')
        .catch((e) => e);
      const unknown = await placements
        .forNewProject(editor, { workspace: 'Nowhere' }, 'view')
        .catch((e) => e);
      expect(hidden).toBeInstanceOf(NotFoundError);
      expect(unknown).toBeInstanceOf(NotFoundError);
      expect((hidden as Error).message.replace('Atlas (team)', 'Nowhere')).toBe((unknown as Error).message);
    });

    it('lets a view-only role look but not create, saying the role is view-only', async () => {
      await expect(
        placements.forNewProject(viewer, { workspace: demoKeys.teamWorkspace }, 'view'),
      ).resolves.toMatchObject({ workspaceKey: demoKeys.teamWorkspace });
      await expect(
        placements.forNewProject(viewer, { workspace: demoKeys.teamWorkspace }, 'edit'),
      ).rejects.toThrow(ForbiddenError);
      await expect(
        placements.forNewProject(viewer, { accountKey: demoKeys.account }, 'edit'),
      ).rejects.toThrow(/view-only/);
    });
  });

  describe(ProjectCreator.name, () => {
    it("creates an empty project with the default design in the actor's default account", async () => {
      const created = await creator.createProject(owner, { title: '  Spring launch  ' });
      const project = await db.prisma.project.findUniqueOrThrow({
        where: { key: created.projectKey },
        include: { pages: true, account: true },
      });
      expect(created).toEqual({
        projectId: project.id,
        projectKey: project.key,
        homePageId: project.pages[0].id,
        homePageKey: project.pages[0].key,
        accountId: project.accountId,
        teamId: null,
      });
      expect(project).toMatchObject({
        title: 'Spring launch',
        preset: 'desktop',
        workspaceId: null,
        createdById: owner.userId,
        theme: defaultTheme,
        breakpoints: defaultBreakpoints,
      });
      expect(project.account.key).toBe(demoKeys.ownerPersonalAccount);
      const swatches = project.swatches as { name: string; value: string }[];
      expect(swatches.map((s) => s.value)).toEqual([...new Set(Object.values(defaultTheme.colors))]);
      expect(swatches.map((s) => s.name)).toContain('Surface alt');
      expect(project.pages).toEqual([
        expect.objectContaining({ title: 'Home', path: '', order: 0, isHome: true }),
      ]);
      expect(keysOf(await queries.search(owner, 'spring laun', { limit: 5 }))).toEqual([created.projectKey]);
    });

    it('creates in a named account and workspace, with the preset asked for', async () => {
      const created = await creator.createProject(viewer, {
        title: 'Atlas docs',
        accountKey: demoKeys.viewerPersonalAccount,
        preset: 'mobile',
      });
      expect(created.accountId).toBe(await accountId(demoKeys.viewerPersonalAccount));
      const inTeam = await creator.createProject(owner, { title: 'Atlas blog', workspace: 'atlas (TEAM)' });
      const row = await db.prisma.project.findUniqueOrThrow({
        where: { key: inTeam.projectKey },
        include: { workspace: true },
      });
      expect(inTeam.teamId).toBe(row.workspace!.teamId);
      expect(row.workspace!.key).toBe(demoKeys.teamWorkspace);
      expect((await db.prisma.project.findUniqueOrThrow({ where: { key: created.projectKey } })).preset).toBe(
        'mobile',
      );
    });

    it('refuses bad titles, view-only roles and accounts the actor is not in', async () => {
      for (const title of ['   ', 'x'.repeat(201)]) {
        const error = await creator.createProject(owner, { title }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).problems[0].path).toBe('title');
      }
      await expect(
        creator.createProject(viewer, { title: 'Nope', accountKey: demoKeys.account }),
      ).rejects.toBeInstanceOf(ForbiddenError);
      await expect(
        creator.createProject(stranger, { title: 'Nope', accountKey: demoKeys.account }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect(await db.prisma.project.count({ where: { title: 'Nope' } })).toBe(0);
    });

    it('adds pages after the last one, numbering titles already used and making unique paths', async () => {
      const { projectKey, projectId } = await creator.createProject(owner, { title: 'Pages test' });
      const before = (await db.prisma.project.findUniqueOrThrow({ where: { id: projectId } })).updatedAt;
      const first = await creator.createPage(owner, projectKey, {});
      const second = await creator.createPage(owner, projectKey, { title: ' untitled ' });
      const about = await creator.createPage(owner, projectKey, { title: 'About us' });
      expect([first, second, about].map(({ title, path }) => ({ title, path }))).toEqual([
        { title: 'Untitled', path: 'untitled' },
        { title: 'untitled 2', path: 'untitled-2' },
        { title: 'About us', path: 'about-us' },
      ]);
      const pages = await db.prisma.page.findMany({ where: { projectId }, orderBy: { order: 'asc' } });
      expect(pages.map((p) => [p.key, p.order, p.isHome])).toEqual([
        [expect.any(String), 0, true],
        [first.pageKey, 1, false],
        [second.pageKey, 2, false],
        [about.pageKey, 3, false],
      ]);
      const after = (await db.prisma.project.findUniqueOrThrow({ where: { id: projectId } })).updatedAt;
      expect(after.getTime()).toBeGreaterThan(before.getTime());
      expect(keysOf(await queries.search(owner, 'pages test about', { limit: 5 }))).toEqual([projectKey]);
    });

    it('gives concurrent untitled pages distinct titles and paths', async () => {
      const { projectKey } = await creator.createProject(owner, { title: 'Concurrent pages' });
      const pages = await Promise.all(
        Array.from({ length: 4 }, () => creator.createPage(owner, projectKey, {})),
      );
      expect(pages.map((p) => p.title).sort()).toEqual([
        'Untitled',
        'Untitled 2',
        'Untitled 3',
        'Untitled 4',
      ]);
      expect(new Set(pages.map((p) => p.path)).size).toBe(4);
    });

    it('adds pages only where the actor may edit', async () => {
      await expect(creator.createPage(viewer, northwindKey, {})).rejects.toBeInstanceOf(ForbiddenError);
      await expect(creator.createPage(stranger, northwindKey, {})).rejects.toBeInstanceOf(NotFoundError);
      await expect(creator.createPage(editor, atlasKey, {})).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        creator.createPage(owner, northwindKey, { title: 'y'.repeat(201) }),
      ).rejects.toBeInstanceOf(InvalidInputError);
    });
  });
});
