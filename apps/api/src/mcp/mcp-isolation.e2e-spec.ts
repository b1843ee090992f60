import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { type PrismaClient } from '#folio/db';
import { PublishService } from '#folio/publishing';
import {
  actorNow,
  type McpTools,
  newAiLibrary,
  newApiKey,
  newLibrary,
  newOrganization,
  newProject,
  newUser,
  startMcpTools,
  type TestOrganization,
} from '#folio/testing';

// Tenant isolation: a user of another account names an organization's projects in every way a tool
// accepts (ids, search, url, projectKey, pageKey, sectionKeys, accountKey, workspace, a document id) and
// gets nothing: no project, no page, no library, no write, and errors that read exactly like those for
// keys that do not exist. Through the official SDK client in process: the same server and checks as over HTTP.

describe('MCP tenant isolation', () => {
  let app: McpTools;
  let prisma: PrismaClient;
  /** Their organization: a project published as a site and an embed, one in the team's workspace. */
  let organization: TestOrganization;
  let projectKeys: string[];
  /** A key of the organization's owner, holding every scope. */
  let ownerKey: string;
  let outsider: Client;
  let secrets: string[];
  let northwind: { key: string; pageKey: string; sectionKey: string; siteUrl: string; embedUrl: string };

  beforeAll(async () => {
    app = await startMcpTools();
    ({ prisma } = app);

    const person = await newUser(app);
    organization = await newOrganization(app, {
      members: [{ user: person, role: 'owner' }],
      teams: [{ members: [{ user: person, role: 'editor' }] }],
    });
    const owner = await actorNow(app, person);
    ownerKey = (await newApiKey(app, owner, { scopes: ['list:project', 'create:project'] })).text;
    const project = await newProject(app, owner, {
      title: 'Northwind Coffee Roasters',
      accountKey: organization.key,
      pages: [{ sections: [{ title: 'Hero', text: 'Small-batch coffee, fresh from the roaster' }] }],
    });
    const teamProject = await newProject(app, owner, {
      title: 'Atlas Analytics',
      accountKey: organization.key,
      workspace: organization.teams[0].workspace.key,
    });
    projectKeys = [project.projectKey, teamProject.projectKey];
    const publish = app.get(PublishService);
    await publish.publish(owner.actor, project.projectKey, {
      destination: 'site',
      slug: 'northwind-coffee',
    });
    await publish.publish(owner.actor, project.projectKey, { destination: 'embed' });
    const [home] = project.pages;
    const baseUrl = app.config.publicBaseUrl;
    northwind = {
      key: project.projectKey,
      pageKey: home.pageKey,
      sectionKey: home.sectionKeys[0],
      siteUrl: `${baseUrl}/sites/northwind-coffee/`,
      embedUrl: `${baseUrl}/embed/${project.projectKey}/${home.pageKey}.js`,
    };

    await newAiLibrary(app);
    await newLibrary(app, { ownerAccountId: organization.id });
    const teamLibrary = await newLibrary(app, {
      ownerAccountId: organization.id,
      teamId: organization.teams[0].id,
    });
    const titles = (await prisma.project.findMany({ select: { title: true } })).map((p) => p.title);
    secrets = [...projectKeys, ...titles, teamLibrary.key];

    // Another tenant: an owner of their own account, with a key holding every scope.
    const other = await newUser(app, { email: 'mallory@other.example', name: 'Mallory Other' });
    const fresh = await newApiKey(app, other, {
      name: 'other',
      scopes: ['list:project', 'create:project', 'edit:project'],
    });
    outsider = await app.connectMcp(fresh.text);
  });

  afterAll(() => app?.close());

  const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
    (result.content as { text: string }[]).map((block) => block.text).join('\n');

  async function call(name: string, args: Record<string, unknown>) {
    const result = await outsider.callTool({ name, arguments: args });
    // Nothing the caller did not send: an error may repeat the key it was given, nothing else of theirs.
    const sent = JSON.stringify(args);
    const leaked = secrets.filter(
      (secret) => !sent.includes(secret) && JSON.stringify(result).includes(secret),
    );
    expect({ name, args, leaked }).toEqual({ name, args, leaked: [] });
    return result;
  }

  it.each([
    ['ids', () => ({ ids: [northwind.key] })],
    ['search by title', () => ({ search: 'Northwind' })],
    ['search by page text', () => ({ search: 'roast' })],
    ['site url', () => ({ url: northwind.siteUrl })],
    [
      'editor url',
      () => ({ url: `${app.config.publicBaseUrl}/editor/${northwind.key}/${northwind.pageKey}` }),
    ],
    ['embed url', () => ({ url: northwind.embedUrl })],
    ['all three at once', () => ({ ids: [northwind.key], search: 'Northwind', url: northwind.siteUrl })],
    ['no lookup (recent projects)', () => ({})],
  ])('find_projects by %s returns none of their projects', async (_, args) => {
    const asked: Record<string, unknown> = args();
    const result = await call('find_projects', asked);
    expect(result.isError ?? false).toBe(false);
    // Their ids come back as not found, as unknown ids do.
    const notFound = asked.ids ? { notFound: asked.ids } : {};
    expect(result.structuredContent).toEqual({ projects: [], ...notFound, hasMore: false });
  });

  it.each(['Northwind', 'roast', 'atlas', 'northwind-coffee'])(
    'search for %s finds none of their projects or pages',
    async (query) => {
      const result = await call('search', { query });
      expect(result.isError ?? false).toBe(false);
      expect(JSON.parse(textOf(result))).toEqual({ results: [] });
    },
  );

  it('fetch of their project, page or team project answers exactly as an unknown id', async () => {
    const unknown = textOf(await call('fetch', { id: 'prNoSuchProj1' })).replaceAll('prNoSuchProj1', 'ID');
    for (const id of [northwind.key, `${northwind.key}/${northwind.pageKey}`, projectKeys[1]]) {
      const theirs = await call('fetch', { id });
      expect(theirs.isError).toBe(true);
      expect(textOf(theirs).replaceAll(id, 'ID')).toBe(unknown);
    }
    // The same ids read for their owner: the refusals above are about access, not the ids.
    const owner = await app.connectMcp(ownerKey);
    const read = await owner.callTool({
      name: 'fetch',
      arguments: { id: `${northwind.key}/${northwind.pageKey}` },
    });
    expect(read.isError ?? false).toBe(false);
    expect(JSON.parse(textOf(read))).toMatchObject({
      url: northwind.siteUrl,
      text: expect.stringContaining('Small-batch coffee'),
    });
  });

  it('finds their project by the same URLs for its owner (the lookups above are real)', async () => {
    const owner = await app.connectMcp(ownerKey);
    const editorUrl = `${app.config.publicBaseUrl}/editor/${northwind.key}`;
    for (const url of [northwind.siteUrl, editorUrl, northwind.embedUrl]) {
      const result = await owner.callTool({ name: 'find_projects', arguments: { url } });
      expect(result.structuredContent).toMatchObject({ projects: [{ projectKey: northwind.key }] });
    }
  });

  it('find_projects restricted to their account is refused like an unknown account', async () => {
    const theirs = await call('find_projects', { accountKey: organization.key });
    const unknown = await call('find_projects', { accountKey: 'acNoSuchAcct1' });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs).replace(organization.key, 'KEY')).toBe(
      textOf(unknown).replace('acNoSuchAcct1', 'KEY'),
    );
  });

  it.each([
    ['get_embed_code', () => ({ projectKey: northwind.key })],
    ['get_embed_code', () => ({ projectKey: northwind.key, pageKey: northwind.pageKey })],
    ['get_project_sections', () => ({ projectKey: northwind.key })],
    ['get_project_sections', () => ({ projectKey: northwind.key, pageKey: northwind.pageKey })],
    ['get_project_sections', () => ({ projectKey: northwind.key, sectionKeys: [northwind.sectionKey] })],
    ['list_libraries', () => ({ projectKey: northwind.key })],
    ['preview_page', () => ({ projectKey: northwind.key })],
    ['preview_page', () => ({ projectKey: northwind.key, pageKey: northwind.pageKey })],
    ['preview_embed', () => ({ projectKey: northwind.key })],
    [
      'preview_embed',
      () => ({ projectKey: northwind.key, pageKey: northwind.pageKey, options: { shadowdom: true } }),
    ],
    ['create_page', () => ({ projectKey: northwind.key, title: 'Injected' })],
    [
      'edit_project',
      () => ({
        projectKey: northwind.key,
        changes: [{ op: 'removeSection', sectionKey: northwind.sectionKey }],
      }),
    ],
    ['edit_project', () => ({ projectKey: northwind.key, baseRevision: 0, changes: [{ op: 'undo' }] })],
  ])('%s naming their project answers exactly as for a project that does not exist', async (name, args) => {
    const named = args();
    const theirs = await call(name, named);
    const unknown = await call(name, { ...named, projectKey: 'prNoSuchProj1' });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs).replaceAll(northwind.key, 'KEY')).toBe(
      textOf(unknown).replaceAll('prNoSuchProj1', 'KEY'),
    );
  });

  it.each([
    ['list_libraries', 'accountKey', () => ({ accountKey: organization.key })],
    ['list_libraries', 'their team workspace', () => ({ workspace: organization.teams[0].workspace.key })],
    ['create_project', 'accountKey', () => ({ title: 'Injected', accountKey: organization.key })],
    [
      'create_project',
      'their workspace',
      () => ({ title: 'Injected', workspace: organization.workspace.key }),
    ],
  ])('%s placing work in their account (%s) is refused', async (name, _, args) => {
    const result = await call(name, args());
    expect(result.isError).toBe(true);
  });

  it('cannot generate from their own or team libraries by naming them in ai.libraries', async () => {
    const theirs = await prisma.library.findMany({ where: { ownerAccountId: { not: null } } });
    expect(theirs.length).toBeGreaterThan(0);
    const mine = (await call('create_project', { title: 'My own project' })).structuredContent as {
      projectKey: string;
    };
    for (const library of theirs) {
      const ai = { libraries: [library.key], prompt: 'A landing page' };
      for (const [name, args] of [
        ['create_project', { title: 'Injected', ai }],
        ['create_page', { projectKey: mine.projectKey, title: 'Injected', ai }],
      ] as const) {
        const result = await call(name, args);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain('list_libraries');
      }
    }
  });

  it('lists public libraries only, and wrote nothing into their account', async () => {
    const result = await call('list_libraries', {});
    const libraries = (result.structuredContent as { libraries: { ownership: string }[] }).libraries;
    expect(libraries.length).toBeGreaterThan(0);
    expect(libraries.every((library) => library.ownership === 'public')).toBe(true);

    expect(await prisma.project.count({ where: { title: 'Injected' } })).toBe(0);
    expect(await prisma.page.count({ where: { title: 'Injected' } })).toBe(0);
    expect(await prisma.project.count({ where: { accountId: organization.id } })).toBe(projectKeys.length);
  });
});
