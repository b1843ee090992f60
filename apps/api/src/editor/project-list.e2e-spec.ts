import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProjectEditor } from '#folio/editing';
import { ApiKeyService } from '#folio/identity';
import { PublishService } from '#folio/publishing';
import {
  type CafeOrganization,
  newApiKey,
  newCafeOrganization,
  newProject,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// The editor's project list over real HTTP: each signed-in person sees the projects the access policy
// lets them see (never another account's), with where each is, whether it is live and who changed it
// last, newest change first; a search filters by title.

let app: TestApp;
let cafe: CafeOrganization;
let strangerProject: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api' });
  cafe = await newCafeOrganization(app);
  strangerProject = (await newProject(app, cafe.stranger, { title: 'Secret Bakery' })).projectKey;
  await newProject(app, cafe.viewer, { title: "Viewer's notebook" });
  // Northwind changes last: an agent edits it, then it goes live as a site.
  const key = await newApiKey(app, cafe.owner, {
    name: 'Menu agent',
    scopes: ['list:project', 'edit:project'],
  });
  await app.get(ProjectEditor).edit((await app.get(ApiKeyService).authenticate(key.text))!, {
    projectKey: cafe.northwind.projectKey,
    changes: [
      { op: 'setText', elementKey: cafe.northwind.pages[0].headingKeys[0], text: 'Fresh beans daily' },
    ],
  });
  await app.get(PublishService).publish(cafe.owner.actor, cafe.northwind.projectKey, {
    destination: 'site',
    slug: 'northwind-list',
  });
});
afterAll(() => app?.close());

async function listFor(who: TestUser, query = ''): Promise<{ status: number; html: string; text: string }> {
  const response = await fetch(`${app.baseUrl}/editor${query}`, { headers: { cookie: who.cookie } });
  const html = await response.text();
  return { status: response.status, html, text: pageText(html) };
}

/** The projects' titles in the order listed. */
function titles(html: string): string[] {
  return [...html.matchAll(/<h2><a href="\/editor\/[A-Za-z0-9]+">([^<]*)<\/a><\/h2>/g)].map((m) => m[1]);
}

describe('GET /editor', () => {
  it('sends anonymous visitors to the login page, coming back to the list', async () => {
    const response = await fetch(`${app.baseUrl}/editor`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/editor')}`);
  });

  it("lists the organization's projects for its owner, newest change first, with place, state and last change", async () => {
    const { status, html, text } = await listFor(cafe.owner);
    expect(status).toBe(200);
    expect(titles(html).slice(0, 2)).toEqual(['Northwind Coffee Roasters', 'Atlas Analytics']);
    expect(titles(html)).not.toContain('Secret Bakery');
    expect(titles(html)).not.toContain('Viewer&#39;s notebook');
    expect(html).not.toContain(strangerProject);
    expect(html).toContain(`href="/editor/${cafe.northwind.projectKey}"`);
    const [northwind, atlas] = text.split(/Northwind Coffee Roasters|Atlas Analytics/).slice(1);
    expect(northwind).toContain(cafe.organization.name);
    expect(northwind).toContain('Site live');
    expect(northwind).toContain('the API key "Menu agent" changed 1 section');
    const teamSpace = await app.prisma.workspace.findUniqueOrThrow({
      where: { key: cafe.organization.teams[0].workspace.key },
    });
    expect(atlas).toContain(`${cafe.organization.name} · ${teamSpace.name}`);
    expect(atlas).toContain('Draft only');
    expect(atlas).toContain(`${cafe.owner.actor.name} added 1 section`);
  });

  it("shows a team's viewer their own and the team's projects, never another account's", async () => {
    const { html } = await listFor(cafe.viewer);
    expect(titles(html).sort()).toEqual(
      ['Atlas Analytics', 'Northwind Coffee Roasters', 'Viewer&#39;s notebook'].sort(),
    );
    const stranger = await listFor(cafe.stranger);
    expect(titles(stranger.html)).toEqual(['Secret Bakery']);
  });

  it('filters by title, in any case, and says when nothing matches', async () => {
    expect(titles((await listFor(cafe.owner, '?q=NORTH')).html)).toEqual(['Northwind Coffee Roasters']);
    expect(titles((await listFor(cafe.owner, '?q=analytics')).html)).toEqual(['Atlas Analytics']);
    // Another account's project is not found by its title either.
    const bakery = await listFor(cafe.owner, '?q=bakery');
    expect(titles(bakery.html)).toEqual([]);
    expect(bakery.text).toContain('No project titles hold “bakery”');
    // Wildcards are plain characters.
    expect(titles((await listFor(cafe.owner, '?q=%25')).html)).toEqual([]);
    expect((await listFor(cafe.owner, '?q=bakery')).html).toContain('value="bakery"');
  });

  it('has an empty state for someone with no projects', async () => {
    const newcomer = await newUser(app);
    const { status, text } = await listFor(newcomer);
    expect(status).toBe(200);
    expect(text).toContain('No projects yet');
  });
});
