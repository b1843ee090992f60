import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ForbiddenError } from '#folio/errors';
import { ActorService, ApiKeyService } from '#folio/identity';
import { ProjectAccess } from '#folio/projects';
import { TemplateCatalog } from '#folio/templates';
import {
  newAccount,
  newAiLibrary,
  newApiKey,
  newLibrary,
  newProject,
  newTemplate,
  newUser,
} from './factories.js';
import { newOrganization } from './organizations.js';
import { startTestApp, type TestApp } from './test-app.js';

// The factories make data the product accepts: a signed-up person can log in, their key authenticates,
// their project is theirs, their library is usable.

describe('test data factories', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api' });
  });
  afterAll(() => app?.close());

  it('newUser signs a person up with a personal account and a live session; newProject is theirs', async () => {
    const user = await newUser(app, { name: 'Ada Lovelace' });
    expect(user.account.name).toBe("Ada Lovelace's account");
    expect(user.actor.accountRoles.get(user.account.id)).toBe('owner');
    const project = await newProject(app, user);
    expect(project.accountId).toBe(user.account.id);
    const editor = await fetch(`${app.baseUrl}/editor/${project.projectKey}`, {
      headers: { cookie: user.cookie },
      redirect: 'manual',
    });
    expect(editor.status).toBe(200);
  });

  it('newAccount gives an account and its owner', async () => {
    const account = await newAccount(app);
    expect(account.owner.account).toEqual({ id: account.id, key: account.key, name: account.name });
  });

  it('newApiKey and newProject: the key authenticates as its owner, who finds the project', async () => {
    const owner = await newUser(app);
    const project = await newProject(app, owner, { title: 'Quokka launch' });
    const key = await newApiKey(app, owner, { scopes: ['list:project'] });
    const principal = await app.get(ApiKeyService).authenticate(key.text);
    expect(principal?.actor.userId).toBe(owner.id);
    const found = await app.connectMcp({ key: key.text });
    const result = await found.callTool({ name: 'find_projects', arguments: { search: 'Quokka' } });
    expect(result.structuredContent).toMatchObject({ projects: [{ projectKey: project.projectKey }] });
  });

  it('newLibrary makes a public library of three sections', async () => {
    const library = await newLibrary(app, { title: 'Test blocks' });
    expect(await app.prisma.librarySection.count({ where: { libraryId: library.id } })).toBe(3);
    expect(library.ownerAccountId).toBeNull();
  });

  it('newProject writes the pages and sections given, in order', async () => {
    const owner = await newUser(app);
    const project = await newProject(app, owner, {
      pages: [
        { sections: [{ title: 'Welcome' }, { title: 'Menu', text: 'Espresso and more' }] },
        { title: 'Visit us', sections: [{ title: 'Hours' }] },
      ],
    });
    const pages = await app.prisma.page.findMany({
      where: { projectId: project.projectId },
      orderBy: { order: 'asc' },
      select: {
        key: true,
        title: true,
        isHome: true,
        sections: { orderBy: { order: 'asc' }, select: { key: true, title: true } },
      },
    });
    expect(pages).toEqual([
      {
        key: project.homePageKey,
        title: 'Home',
        isHome: true,
        sections: [
          { key: project.pages[0].sectionKeys[0], title: 'Welcome' },
          { key: project.pages[0].sectionKeys[1], title: 'Menu' },
        ],
      },
      {
        key: project.pages[1].pageKey,
        title: 'Visit us',
        isHome: false,
        sections: [{ key: project.pages[1].sectionKeys[0], title: 'Hours' }],
      },
    ]);
  });

  it('newTemplate makes a published template its owner can use', async () => {
    const owner = await newUser(app);
    const template = await newTemplate(app, owner, { title: 'Launch' });
    const usable = await app.get(TemplateCatalog).usable(owner.actor, template.templateKey);
    expect(usable).toMatchObject({ title: 'Launch', accountId: owner.account.id });
    expect(usable.schema.sectionTypes.map((type) => type.type)).toEqual(['hero']);
  });

  it('newAiLibrary makes an analysed library that AI generation offers', async () => {
    const library = await newAiLibrary(app);
    const stored = await app.prisma.library.findUniqueOrThrow({
      where: { id: library.id },
      select: { aiEnabled: true, analyzedAt: true, sections: { select: { analysis: true } } },
    });
    expect(stored.aiEnabled).toBe(true);
    expect(stored.analyzedAt).not.toBeNull();
    expect(stored.sections.every((section) => section.analysis !== null)).toBe(true);
  });

  it("newOrganization: its members see its projects as their roles allow, a team member only the team's", async () => {
    const [owner, viewer, teamEditor] = [await newUser(app), await newUser(app), await newUser(app)];
    const organization = await newOrganization(app, {
      credits: 40,
      members: [
        { user: owner, role: 'owner' },
        { user: viewer, role: 'viewer' },
        { user: teamEditor, role: 'viewer' },
      ],
      teams: [{ name: 'Web', members: [{ user: teamEditor, role: 'editor' }] }],
    });
    const ownerActor = await app.get(ActorService).load(owner.id);
    const shared = await newProject(app, { actor: ownerActor }, { accountKey: organization.key });
    const ofTeam = await newProject(
      app,
      { actor: ownerActor },
      { accountKey: organization.key, workspace: organization.teams[0].workspace.key },
    );
    expect(ofTeam.teamId).toBe(organization.teams[0].id);
    const access = app.get(ProjectAccess);
    const actorOf = (user: { id: string }) => app.get(ActorService).load(user.id);
    const open = async (user: { id: string }, projectKey: string, level: 'view' | 'edit') =>
      access.findAccessible(await actorOf(user), projectKey, level).then(
        () => 'opened',
        (error: unknown) => (error instanceof ForbiddenError ? 'forbidden' : 'not found'),
      );
    expect(await open(teamEditor, ofTeam.projectKey, 'edit')).toBe('opened');
    expect(await open(viewer, shared.projectKey, 'view')).toBe('opened');
    expect(await open(viewer, shared.projectKey, 'edit')).toBe('forbidden');
    const balance = await app.prisma.account.findUniqueOrThrow({ where: { id: organization.id } });
    expect(balance).toMatchObject({ kind: 'organization', credits: 40 });
  });
});
