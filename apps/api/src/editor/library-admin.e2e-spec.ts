import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { parse } from 'node-html-parser';
import { newPublicKey } from '#folio/content';
import {
  actorNow,
  connectMcpClient,
  newAiLibrary,
  newApiKey,
  newLibrary,
  newOperator,
  newOrganization,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
  type TestOrganization,
  type TestUser,
  waitUntil,
} from '#folio/testing';

// The section libraries page and its AI switch over real HTTP, with the analysis on the in-process queue
// and list_libraries through the MCP SDK client: who sees which library, what switching does, and when.

const operatorEmail = 'operator@example.test';

let app: TestApp;
let database: TestApp['database'];
let base: string;
let mcp: Client;
const cookies: Record<'owner' | 'viewer' | 'operator', string> = { owner: '', viewer: '', operator: '' };
/** The organization's owner and a viewer of it, signed up. */
let owner: TestUser;
let viewer: TestUser;
let organization: TestOrganization;
/** An account-wide library of the organization, made with AI off. */
const studio = { id: '', key: '', title: 'Studio Blocks' };
const teamLibraryTitle = 'Atlas Team Blocks';
let starterKey: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api', ownAddress: true, env: { ADMIN_EMAILS: operatorEmail } });
  ({ database, baseUrl: base } = app);
  [owner, viewer] = [await newUser(app), await newUser(app)];
  organization = await newOrganization(app, {
    name: 'Acme Studio',
    members: [
      { user: owner, role: 'owner' },
      { user: viewer, role: 'viewer' },
    ],
    teams: [{ name: 'Atlas team' }],
  });
  Object.assign(cookies, {
    owner: owner.cookie,
    viewer: viewer.cookie,
    operator: (await newOperator(app)).cookie,
  });

  starterKey = (await newAiLibrary(app, { title: 'Folio Starter' })).key;
  const created = await newLibrary(app, {
    title: studio.title,
    description: 'Blocks for every Acme Studio project.',
    ownerAccountId: organization.id,
  });
  Object.assign(studio, { id: created.id, key: created.key });
  await newAiLibrary(app, {
    title: teamLibraryTitle,
    ownerAccountId: organization.id,
    teamId: organization.teams[0].id,
  });

  const ownerKey = (await newApiKey(app, await actorNow(app, owner), { scopes: ['list:project'] })).text;
  mcp = await connectMcpClient(base, { key: ownerKey });
});
afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

function get(path: string, who?: keyof typeof cookies): Promise<Response> {
  return fetch(`${base}${path}`, { headers: who ? { cookie: cookies[who] } : {}, redirect: 'manual' });
}

function switchAi(
  libraryKey: string,
  enabled: string,
  who: keyof typeof cookies | undefined,
  headers: Record<string, string> = { origin: base },
): Promise<Response> {
  return fetch(`${base}/editor/libraries/${libraryKey}/ai`, {
    method: 'POST',
    body: new URLSearchParams({ enabled }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(who ? { cookie: cookies[who] } : {}),
      ...headers,
    },
    redirect: 'manual',
  });
}

/** Follows a switch's redirect as the browser would, and returns the page's text. */
async function followed(response: Response, who: keyof typeof cookies): Promise<string> {
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  expect(location).toBe('/editor/libraries');
  return pageText(await (await get(location, who)).text());
}

/** Titles list_libraries gives the owner for a new page in the team workspace (where all three are usable). */
async function listedTitles(): Promise<string[]> {
  const result = await mcp.callTool({
    name: 'list_libraries',
    arguments: { workspace: organization.teams[0].workspace.key },
  });
  expect(result.isError ?? false).toBe(false);
  return (result.structuredContent as { libraries: { title: string }[] }).libraries.map(
    (library) => library.title,
  );
}

async function analyzedAt(libraryId: string): Promise<Date | null> {
  return (await database.prisma.library.findUniqueOrThrow({ where: { id: libraryId } })).analyzedAt;
}

const analysed = (libraryId: string) => async () => (await analyzedAt(libraryId)) !== null;

const textOf = (node: { textContent: string }) => node.textContent.replace(/\s+/g, ' ').trim();

/** The text of the library's entry on the page. */
function entryOf(html: string, title: string): string {
  const entry = parse(html)
    .querySelectorAll('li.library')
    .map(textOf)
    .find((text) => text.startsWith(`${title} `));
  expect(entry).toBeDefined();
  return entry!;
}

/** The text of the page without its top bar (which names the person). */
const mainText = (html: string) => textOf(parse(html).querySelector('main')!);

/** Who switched AI for the library, to what, and in which account's audit log (null: operators only). */
async function switches(libraryKey: string) {
  const events = await database.prisma.auditEvent.findMany({
    where: { action: 'library.ai_switched', targetId: libraryKey },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { actor: { select: { email: true } }, account: { select: { key: true } } },
  });
  return events.map(({ actor, account, data }) => ({
    by: actor?.email,
    account: account?.key ?? null,
    enabled: (data as { enabled: boolean }).enabled,
  }));
}

describe('GET /editor/libraries', () => {
  it('sends anonymous visitors to the login page, and form posts back to the list', async () => {
    const page = await get('/editor/libraries');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/editor/libraries')}`);
    const post = await switchAi(studio.key, 'true', undefined);
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/editor/libraries')}`);
  });

  it("shows an account owner their account's libraries, the team-limited one with its team, and no public one", async () => {
    const response = await get('/editor/libraries', 'owner');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const titles = [...html.matchAll(/<h2 id="library-\w+">([^<]*)<\/h2>/g)].map(([, title]) => title);
    expect(titles).toEqual([studio.title, teamLibraryTitle]);
    expect(entryOf(html, studio.title)).toMatch(
      /Acme Studio · 3 sections AI: Off Switch AI on for Studio Blocks$/,
    );
    expect(entryOf(html, teamLibraryTitle)).toMatch(
      /Acme Studio · Atlas team only · (\d+) sections AI: On — analysed .+ UTC, \1 sections Roles: navbar 2 · hero 1 Switch AI off for Atlas Team Blocks$/,
    );
    expect(html).toContain('<a href="/editor/libraries" aria-current="page">Section libraries</a>');
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('shows a viewer of the account that they administer no library', async () => {
    const text = pageText(await (await get('/editor/libraries', 'viewer')).text());
    expect(text).toContain('No libraries to manage');
    expect(text).toContain('You do not administer any section library.');
    expect(text).not.toContain(studio.title);
    expect(text).not.toContain(teamLibraryTitle);
  });

  it('says nothing of a switch a link makes up (?switched=…): what a switch says comes from the session', async () => {
    const spoofed = await get(`/editor/libraries?switched=on&library=${starterKey}`, 'operator');
    expect(spoofed.status).toBe(200);
    expect(pageText(await spoofed.text())).not.toMatch(/is analysed; list_libraries shows it/);
  });

  it('shows the public starter library to operators only', async () => {
    const text = pageText(await (await get('/editor/libraries', 'operator')).text());
    expect(text).toMatch(/Folio Starter .*Public: usable in every account/);
    expect(text).not.toContain(studio.title);
    expect(pageText(await (await get('/editor/libraries', 'owner')).text())).not.toContain('Folio Starter');
  });

  it('shows a library whose analysis is still owed as analysing, and reloads itself until it is done', async () => {
    const pending = await database.prisma.library.create({
      data: {
        key: newPublicKey(),
        title: 'Pending Blocks',
        ownerAccountId: organization.id,
        aiEnabled: true,
      },
    });
    try {
      const html = await (await get('/editor/libraries', 'owner')).text();
      expect(entryOf(html, 'Pending Blocks')).toMatch(/AI: Analysing… This page reloads by itself/);
      expect(html).toContain('<meta http-equiv="refresh" content="5">');
      expect(html).toContain('Switch AI off<span class="visually-hidden"> for Pending Blocks</span>');
    } finally {
      await database.prisma.library.delete({ where: { id: pending.id } });
    }
  });
});

describe('POST /editor/libraries/:libraryKey/ai', () => {
  it('switches AI on: the analysis runs, then list_libraries shows the library; off hides it at once; on again analyses anew', async () => {
    expect(await listedTitles()).not.toContain(studio.title);

    const on = await switchAi(studio.key, 'true', 'owner');
    await waitUntil('the analysis', analysed(studio.id));
    expect(await followed(on, 'owner')).toContain('Studio Blocks is analysed; list_libraries shows it.');
    const first = (await analyzedAt(studio.id))!;
    expect(await listedTitles()).toEqual(['Folio Starter', teamLibraryTitle, studio.title]);

    const off = await switchAi(studio.key, 'false', 'owner');
    expect(await listedTitles()).toEqual(['Folio Starter', teamLibraryTitle]);
    const page = await followed(off, 'owner');
    expect(page).toContain('AI is off for Studio Blocks; list_libraries no longer shows it.');
    expect(page).toMatch(/Studio Blocks .*AI: Off Switch AI on for Studio Blocks/);

    const again = await switchAi(studio.key, 'true', 'owner');
    expect(again.status).toBe(303);
    await waitUntil(
      'the new analysis',
      async () => ((await analyzedAt(studio.id))?.getTime() ?? 0) > first.getTime(),
    );
    expect(await listedTitles()).toEqual(['Folio Starter', teamLibraryTitle, studio.title]);
    const byOwner = { by: owner.email, account: organization.key };
    expect(await switches(studio.key)).toEqual([
      { ...byOwner, enabled: true },
      { ...byOwner, enabled: false },
      { ...byOwner, enabled: true },
    ]);
  });

  it('switches the team-limited library of the account off and on for its owner', async () => {
    const team = await database.prisma.library.findFirstOrThrow({ where: { title: teamLibraryTitle } });
    expect(await followed(await switchAi(team.key, 'false', 'owner'), 'owner')).toContain(
      `AI is off for ${teamLibraryTitle}`,
    );
    expect(await listedTitles()).not.toContain(teamLibraryTitle);
    await switchAi(team.key, 'true', 'owner');
    await waitUntil('the analysis', analysed(team.id));
    expect(await listedTitles()).toContain(teamLibraryTitle);
  });

  it('lets an operator switch the public library, which nobody else may', async () => {
    expect((await switchAi(starterKey, 'false', 'owner')).status).toBe(404);
    expect(await listedTitles()).toContain('Folio Starter');
    expect(await followed(await switchAi(starterKey, 'false', 'operator'), 'operator')).toContain(
      'AI is off for Folio Starter',
    );
    expect(await listedTitles()).not.toContain('Folio Starter');
    await switchAi(starterKey, 'true', 'operator');
    const starter = await database.prisma.library.findUniqueOrThrow({ where: { key: starterKey } });
    await waitUntil('the analysis', analysed(starter.id));
    expect(await listedTitles()).toContain('Folio Starter');
    // A public library belongs to no account: its switches are in no account's log.
    expect(await switches(starterKey)).toEqual([
      { by: operatorEmail, account: null, enabled: false },
      { by: operatorEmail, account: null, enabled: true },
    ]);
  });

  it('answers a member who is no admin, and a library that does not exist, with the same 404 page', async () => {
    const before = await database.prisma.library.findUniqueOrThrow({ where: { id: studio.id } });
    const pages: string[] = [];
    for (const [libraryKey, who] of [
      [studio.key, 'viewer'],
      ['LbNoSuchLib01', 'owner'],
    ] as const) {
      const response = await switchAi(libraryKey, before.aiEnabled ? 'false' : 'true', who);
      expect(response.status).toBe(404);
      pages.push(mainText(await response.text()));
    }
    expect(pages[0]).toContain('Library not found There is no library here that you administer.');
    expect(pages[0]).not.toContain(studio.title);
    expect(pages[1]).toBe(pages[0]);
    expect(await database.prisma.library.findUniqueOrThrow({ where: { id: studio.id } })).toEqual(before);
    expect((await switches(studio.key)).map((event) => event.by)).not.toContain(viewer.email);
  });

  it('refuses a switch posted from another site, and a value that is not true or false', async () => {
    const before = await database.prisma.library.findUniqueOrThrow({ where: { id: studio.id } });
    for (const headers of [{} as Record<string, string>, { origin: 'https://evil.example' }]) {
      const response = await switchAi(studio.key, before.aiEnabled ? 'false' : 'true', 'owner', headers);
      expect(response.status).toBe(403);
      expect(pageText(await response.text())).toContain('did not come from a Folio page');
    }
    const bad = await switchAi(studio.key, 'yes', 'owner');
    expect(bad.status).toBe(400);
    expect(pageText(await bad.text())).toContain(
      'enabled: Send true to switch AI on, false to switch it off.',
    );
    expect(await database.prisma.library.findUniqueOrThrow({ where: { id: studio.id } })).toEqual(before);
  });
});
