import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProjectEditor } from '#folio/editing';
import { ApiKeyService, type Principal } from '#folio/identity';
import { ProjectCreator } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import {
  actorNow,
  newApiKey,
  newOrganization,
  newProject,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
  type TestProject,
  type TestUser,
} from '#folio/testing';

// Restoring a saved version from the editor, over real HTTP as a signed-in person: the draft becomes the
// version (a new revision, recorded as the person's change), the draft as it was is saved first so the
// restore can be undone, live sites keep what they serve, and only someone who may edit can restore.

let app: TestApp;
let origin: string;
let owner: TestUser;
let viewer: TestUser;
let agent: Principal;
let accountKey: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api' });
  origin = new URL(app.database.config.publicBaseUrl).origin;
  owner = await newUser(app, { name: 'Rita Restorer' });
  viewer = await newUser(app, { name: 'Vic Viewer' });
  ({ key: accountKey } = await newOrganization(app, {
    members: [
      { user: owner, role: 'owner' },
      { user: viewer, role: 'viewer' },
    ],
  }));
  owner = { ...owner, ...(await actorNow(app, owner)) };
  const key = await newApiKey(app, owner, { name: 'Copy agent', scopes: ['list:project', 'edit:project'] });
  agent = (await app.get(ApiKeyService).authenticate(key.text))!;
});
afterAll(() => app?.close());

function post(path: string, who: TestUser, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: who.cookie, origin },
    redirect: 'manual',
  });
}

/** The editor page a post's 303 leads to, as the person's browser follows it. */
async function outcomeOf(response: Response, who: TestUser): Promise<{ text: string; html: string }> {
  expect(response.status).toBe(303);
  const page = await fetch(new URL(response.headers.get('location')!, app.baseUrl), {
    headers: { cookie: who.cookie },
  });
  const html = await page.text();
  return { text: pageText(html), html };
}

/** The agent rewrites the project's first heading through edit_project's service. */
async function agentEdit(project: TestProject, text: string): Promise<void> {
  await app.get(ProjectEditor).edit(agent, {
    projectKey: project.projectKey,
    changes: [{ op: 'setText', elementKey: project.pages[0].headingKeys[0], text }],
  });
}

async function draftHeading(project: TestProject): Promise<string> {
  const section = await app.prisma.section.findUniqueOrThrow({
    where: { key: project.pages[0].sectionKeys[0] },
  });
  return JSON.stringify(section.tree).match(/"text":"([^"]*)"/)![1];
}

async function revisionOf(project: TestProject): Promise<number> {
  return (await app.prisma.project.findUniqueOrThrow({ where: { id: project.projectId } })).revision;
}

async function liveSite(slug: string): Promise<string> {
  return pageText(await (await fetch(`${app.baseUrl}/sites/${slug}/`)).text());
}

async function cafe(slug: string): Promise<TestProject> {
  const project = await newProject(app, owner, {
    accountKey,
    title: `Cafe ${slug}`,
    pages: [{ sections: [{ title: 'Hero' }, { title: 'Menu' }] }],
  });
  const original = await draftHeading(project);
  expect(original).not.toContain('Agent');
  return project;
}

describe('restoring a version in the editor', () => {
  it('replaces the draft as a new revision, leaves the live site alone, and is undone by restoring the saved draft', async () => {
    const project = await cafe('undo');
    const original = await draftHeading(project);
    expect(await outcomeOf(await post(`/editor/${project.projectKey}/versions`, owner), owner)).toBeTruthy();
    await agentEdit(project, 'Agent headline');
    await app.get(PublishService).publish(owner.actor, project.projectKey, {
      destination: 'site',
      slug: 'restore-undo',
    });
    await agentEdit(project, 'Agent headline, take two');
    expect(await liveSite('restore-undo')).toContain('Agent headline');
    const before = await revisionOf(project);

    const restored = await post(`/editor/${project.projectKey}/versions/1/restore`, owner, {
      pageKey: project.homePageKey,
    });
    const { text, html } = await outcomeOf(restored, owner);
    expect(text).toContain(
      'Restored version 1 as the draft; nothing was published. The draft as it was is saved as version 3',
    );
    expect(html).toContain(`action="/editor/${project.projectKey}/versions/3/restore"`);
    expect(text).toContain('Undo: restore version 3');
    expect(await draftHeading(project)).toBe(original);
    expect(await revisionOf(project)).toBe(before + 1);
    // The history names who did what: the person's restore, after the agent's edits.
    expect(text).toMatch(/Draft changes\s*Rita Restorer restored version 1/);
    expect(text).toContain('the API key "Copy agent" changed 1 section');
    expect(text).toMatch(/Version 3\s*Before a restore/);
    // Nothing was published: the site still serves version 2.
    expect(await liveSite('restore-undo')).toContain('Agent headline');
    expect(await liveSite('restore-undo')).not.toContain(original);
    expect(
      await app.prisma.publication.count({
        where: { projectId: project.projectId, version: { number: { not: 2 } } },
      }),
    ).toBe(0);

    const undone = await post(`/editor/${project.projectKey}/versions/3/restore`, owner, {
      pageKey: project.homePageKey,
    });
    expect((await outcomeOf(undone, owner)).text).toContain('Restored version 3');
    expect(await draftHeading(project)).toBe('Agent headline, take two');
    expect(await revisionOf(project)).toBe(before + 2);
  });

  it('brings back pages and sections the draft lost, and drops those added since', async () => {
    const project = await cafe('pages');
    await post(`/editor/${project.projectKey}/versions`, owner);
    await app.get(ProjectEditor).edit(agent, {
      projectKey: project.projectKey,
      changes: [{ op: 'removeSection', sectionKey: project.pages[0].sectionKeys[1] }],
    });
    await app.get(ProjectCreator).createPage(owner.actor, project.projectKey, { title: 'Added since' });
    const page = await fetch(`${app.baseUrl}/editor/${project.projectKey}`, {
      headers: { cookie: owner.cookie },
    });
    expect(pageText(await page.text())).toContain('the API key "Copy agent" changed 1 section');

    await outcomeOf(await post(`/editor/${project.projectKey}/versions/1/restore`, owner), owner);
    const sections = await app.prisma.section.findMany({
      where: { page: { projectId: project.projectId } },
      orderBy: { order: 'asc' },
    });
    expect(sections.map((section) => section.key)).toEqual(project.pages[0].sectionKeys);
    const pages = await app.prisma.page.findMany({ where: { projectId: project.projectId } });
    expect(pages.map((page) => page.key)).toEqual([project.homePageKey]);
  });

  it("refuses a viewer with a 403 page, an unknown version with a 404, and another site's post", async () => {
    const project = await cafe('refusals');
    await post(`/editor/${project.projectKey}/versions`, owner);
    await agentEdit(project, 'Agent headline');
    const before = await revisionOf(project);

    const refused = await post(`/editor/${project.projectKey}/versions/1/restore`, viewer);
    expect(refused.status).toBe(403);
    expect(pageText(await refused.text())).toContain('may view project');
    const shown = await fetch(`${app.baseUrl}/editor/${project.projectKey}`, {
      headers: { cookie: viewer.cookie },
    });
    expect(await shown.text()).not.toContain('/restore"');

    expect((await post(`/editor/${project.projectKey}/versions/9/restore`, owner)).status).toBe(404);
    const crossSite = await fetch(`${app.baseUrl}/editor/${project.projectKey}/versions/1/restore`, {
      method: 'POST',
      body: new URLSearchParams({}),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: owner.cookie,
        origin: 'https://elsewhere.example',
      },
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    expect(await draftHeading(project)).toBe('Agent headline');
    expect(await revisionOf(project)).toBe(before);
  });
});
