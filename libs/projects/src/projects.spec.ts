// Finding, placing and creating projects on a real database: an organization's café and its team's project,
// seen by its owner, an editor, a viewer and a stranger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, defaultTheme, newPublicKey } from '#folio/content';
import { ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, ActorService, IdentityModule } from '#folio/identity';
import {
  newCafeOrganization,
  newMemberOnly,
  newOrganization,
  startTestModule,
  type TestModule,
  type TestOrganization,
} from '#folio/testing';
import { PlacementResolver } from './placement-resolver.service.js';
import { ProjectCreator } from './project-creator.service.js';
import { ProjectQueryRepository } from './project-query.repository.js';
import { ProjectsModule } from './projects.module.js';

describe('projects', () => {
  let app: TestModule;
  let queries: ProjectQueryRepository;
  let placements: PlacementResolver;
  let creator: ProjectCreator;
  /** Owner of the organization and of a personal account. */
  let owner: Actor;
  /** Viewer of the organization, viewer in its Atlas team, owner of a personal account. */
  let viewer: Actor;
  /** Editor of the organization only, in no team. */
  let editor: Actor;
  /** Owner of an unrelated personal account. */
  let stranger: Actor;
  /** Its shared workspace is named Shared, its team's Atlas (team). */
  let organization: TestOrganization;
  let ownerPersonalAccount: string;
  let viewerPersonalAccount: string;
  let northwindKey: string;
  let atlasKey: string;

  beforeAll(async () => {
    app = await startTestModule([ProjectsModule, IdentityModule]);
    queries = app.get(ProjectQueryRepository);
    placements = app.get(PlacementResolver);
    creator = app.get(ProjectCreator);
    const cafe = await newCafeOrganization(app);
    [owner, viewer, editor, stranger] = [cafe.owner, cafe.viewer, cafe.editor, cafe.stranger].map(
      (person) => person.actor,
    );
    organization = cafe.organization;
    [ownerPersonalAccount, viewerPersonalAccount] = [cafe.owner.account.key, cafe.viewer.account.key];
    [northwindKey, atlasKey] = [cafe.northwind.projectKey, cafe.atlas.projectKey];
  });
  afterAll(() => app?.close());

  const keysOf = (projects: { key: string }[]) => projects.map((project) => project.key);
  async function accountId(key: string): Promise<string> {
    return (await app.prisma.account.findUniqueOrThrow({ where: { key } })).id;
  }

  /** The actor as an API key restricted to one account sees them. */
  async function restricted(actor: Actor, accountKey: string): Promise<Actor> {
    return { ...actor, restrictedToAccountId: await accountId(accountKey) };
  }

  async function touch(projectKey: string) {
    await app.prisma.project.update({ where: { key: projectKey }, data: { updatedAt: new Date() } });
  }

  describe(ProjectQueryRepository.name, () => {
    it('lists the visible projects, most recently updated first', async () => {
      await touch(atlasKey);
      await touch(northwindKey);
      const mine = await queries.recent(owner, { accountId: organization.id, limit: 10 });
      expect(keysOf(mine).slice(0, 2)).toEqual([northwindKey, atlasKey]);
      expect(mine[0]).toEqual({
        id: expect.any(String),
        key: northwindKey,
        title: 'Northwind Coffee Roasters',
        accountKey: organization.key,
        accountName: organization.name,
        workspaceName: null,
        updatedAt: expect.any(Date),
        // Its second page, then the sections of each page.
        revision: 3,
        thumbnailUrl: null,
      });
      expect(mine[0].updatedAt.getTime()).toBeGreaterThanOrEqual(mine[1].updatedAt.getTime());

      await touch(atlasKey);
      expect(keysOf(await queries.recent(owner, { accountId: organization.id, limit: 1 }))).toEqual([
        atlasKey,
      ]);
      // A title filter is a plain, case-insensitive substring: LIKE's wildcards match only themselves.
      const titled = (text: string) => queries.recent(owner, { limit: 10, titleContains: text });
      expect(keysOf(await titled('COFFEE'))).toEqual([northwindKey]);
      expect(keysOf(await titled('%'))).toEqual([]);
      expect(keysOf(await titled('_tlas'))).toEqual([]);
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
      expect(await queries.recent(stranger, { accountId: organization.id, limit: 50 })).toEqual([]);
    });

    it('keeps a restricted key to its account', async () => {
      const personalOnly = await restricted(owner, ownerPersonalAccount);
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
      const ownPersonal = await accountId(ownerPersonalAccount);
      expect(await queries.byKeys(owner, [northwindKey], { accountId: ownPersonal })).toEqual([]);
    });

    it('searches titles and page text, the last word as a prefix, and only among visible projects', async () => {
      const rival = await creator.createProject(stranger, { title: 'Northwind Coffee Rival' });
      expect(keysOf(await queries.search(owner, 'northwind', { limit: 10 }))).toEqual([northwindKey]);
      expect(keysOf(await queries.search(owner, 'Northwind cof', { limit: 10 }))).toEqual([northwindKey]);
      expect(keysOf(await queries.search(stranger, 'northwind', { limit: 10 }))).toEqual([rival.projectKey]);
      expect(keysOf(await queries.search(owner, 'hours', { limit: 10 }))).toEqual([northwindKey]);
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
      const project = await app.prisma.project.findUniqueOrThrow({ where: { key: northwindKey } });
      const asset = await app.prisma.asset.create({
        data: {
          key: newPublicKey(),
          projectId: project.id,
          kind: 'image',
          url: 'https://img.example/thumb.png',
          status: 'pending',
        },
      });
      await app.prisma.project.update({ where: { id: project.id }, data: { thumbnailAssetId: asset.id } });
      try {
        expect((await queries.byKeys(owner, [northwindKey], {}))[0].thumbnailUrl).toBeNull();
        await app.prisma.asset.update({ where: { id: asset.id }, data: { status: 'ready' } });
        expect((await queries.byKeys(owner, [northwindKey], {}))[0].thumbnailUrl).toBe(
          'https://img.example/thumb.png',
        );
      } finally {
        await app.prisma.project.update({ where: { id: project.id }, data: { thumbnailAssetId: null } });
        await app.prisma.asset.delete({ where: { id: asset.id } });
      }
    });
  });

  describe(PlacementResolver.name, () => {
    it("defaults to the actor's own personal account, else their only account", async () => {
      await expect(placements.defaultAccount(owner)).resolves.toEqual({
        accountId: await accountId(ownerPersonalAccount),
        accountKey: ownerPersonalAccount,
      });
      await expect(placements.defaultAccount(editor)).resolves.toEqual({
        accountId: organization.id,
        accountKey: organization.key,
      });
    });

    it("defaults to a restricted key's account", async () => {
      await expect(placements.defaultAccount(await restricted(owner, organization.key))).resolves.toEqual({
        accountId: organization.id,
        accountKey: organization.key,
      });
    });

    it('asks which account when there are several and none is personal', async () => {
      const jules = await newMemberOnly(app, { name: 'Jules' });
      const one = await newOrganization(app, { members: [{ user: jules, role: 'editor' }] });
      const two = await newOrganization(app, { members: [{ user: jules, role: 'owner' }] });
      const juggler = await app.get(ActorService).load(jules.id);
      const error = await placements.defaultAccount(juggler).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).problems).toEqual([
        { path: 'accountKey', message: expect.stringMatching(new RegExp(`${one.key}.*${two.key}`)) },
      ]);
    });

    it('finds an account only for its members', async () => {
      await expect(placements.account(viewer, organization.key)).resolves.toEqual({
        accountId: organization.id,
        accountKey: organization.key,
      });
      const notMember = await placements.account(stranger, organization.key).catch((e: unknown) => e);
      const unknown = await placements.account(stranger, 'acNoSuchKey1').catch((e: unknown) => e);
      expect(notMember).toBeInstanceOf(NotFoundError);
      expect(unknown).toBeInstanceOf(NotFoundError);
      await expect(
        placements.account(await restricted(owner, ownerPersonalAccount), organization.key),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('finds a workspace by key or by name in any case, in the given account or in any of the actor’s', async () => {
      const shared = {
        accountId: organization.id,
        accountKey: organization.key,
        teamId: null,
        workspaceId: expect.any(String),
        workspaceKey: organization.workspace.key,
      };
      await expect(placements.forNewProject(owner, { workspace: 'shared' }, 'edit')).resolves.toEqual(shared);
      await expect(
        placements.forNewProject(
          owner,
          { accountKey: organization.key, workspace: organization.workspace.key },
          'edit',
        ),
      ).resolves.toEqual(shared);
      await expect(
        placements.forNewProject(owner, { accountKey: ownerPersonalAccount, workspace: 'Shared' }, 'edit'),
      ).rejects.toThrow(`No workspace "Shared" is visible to you in account ${ownerPersonalAccount}.`);
      await expect(
        placements.forNewProject(owner, { workspace: 'Atlas (team)' }, 'edit'),
      ).resolves.toMatchObject({
        workspaceKey: organization.teams[0].workspace.key,
        teamId: expect.any(String),
      });
    });

    it('matches workspace names literally: wildcards and backslashes are ordinary characters', async () => {
      for (const workspace of ['Sh_red', '%', 'Shared\\', '\\']) {
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
        placements.forNewProject(viewer, { workspace: organization.teams[0].workspace.key }, 'view'),
      ).resolves.toMatchObject({ workspaceKey: organization.teams[0].workspace.key });
      await expect(
        placements.forNewProject(viewer, { workspace: organization.teams[0].workspace.key }, 'edit'),
      ).rejects.toThrow(ForbiddenError);
      await expect(
        placements.forNewProject(viewer, { accountKey: organization.key }, 'edit'),
      ).rejects.toThrow(/view-only/);
    });
  });

  describe(ProjectCreator.name, () => {
    it("creates an empty project with the default design in the actor's default account", async () => {
      const created = await creator.createProject(owner, { title: '  Spring launch  ' });
      const project = await app.prisma.project.findUniqueOrThrow({
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
      expect(project.account.key).toBe(ownerPersonalAccount);
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
        accountKey: viewerPersonalAccount,
        preset: 'mobile',
      });
      expect(created.accountId).toBe(await accountId(viewerPersonalAccount));
      const inTeam = await creator.createProject(owner, { title: 'Atlas blog', workspace: 'atlas (TEAM)' });
      const row = await app.prisma.project.findUniqueOrThrow({
        where: { key: inTeam.projectKey },
        include: { workspace: true },
      });
      expect(inTeam.teamId).toBe(row.workspace!.teamId);
      expect(row.workspace!.key).toBe(organization.teams[0].workspace.key);
      expect(
        (await app.prisma.project.findUniqueOrThrow({ where: { key: created.projectKey } })).preset,
      ).toBe('mobile');
    });

    it('refuses bad titles, view-only roles and accounts the actor is not in', async () => {
      for (const title of ['   ', 'x'.repeat(201)]) {
        const error = await creator.createProject(owner, { title }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).problems[0].path).toBe('title');
      }
      await expect(
        creator.createProject(viewer, { title: 'Nope', accountKey: organization.key }),
      ).rejects.toBeInstanceOf(ForbiddenError);
      await expect(
        creator.createProject(stranger, { title: 'Nope', accountKey: organization.key }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect(await app.prisma.project.count({ where: { title: 'Nope' } })).toBe(0);
    });

    it('adds pages after the last one, numbering titles already used and making unique paths', async () => {
      const { projectKey, projectId } = await creator.createProject(owner, { title: 'Pages test' });
      const before = (await app.prisma.project.findUniqueOrThrow({ where: { id: projectId } })).updatedAt;
      const first = await creator.createPage(owner, projectKey, {});
      const second = await creator.createPage(owner, projectKey, { title: ' untitled ' });
      const about = await creator.createPage(owner, projectKey, { title: 'About us' });
      expect([first, second, about].map(({ title, path }) => ({ title, path }))).toEqual([
        { title: 'Untitled', path: 'untitled' },
        { title: 'untitled 2', path: 'untitled-2' },
        { title: 'About us', path: 'about-us' },
      ]);
      const pages = await app.prisma.page.findMany({ where: { projectId }, orderBy: { order: 'asc' } });
      expect(pages.map((p) => [p.key, p.order, p.isHome])).toEqual([
        [expect.any(String), 0, true],
        [first.pageKey, 1, false],
        [second.pageKey, 2, false],
        [about.pageKey, 3, false],
      ]);
      const after = (await app.prisma.project.findUniqueOrThrow({ where: { id: projectId } })).updatedAt;
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
