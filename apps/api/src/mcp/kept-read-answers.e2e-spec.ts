import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { refreshProjectSearch } from '#folio/db';
import { scopes } from '#folio/identity';
import {
  type CafeOrganization,
  changePrincipal,
  newApiKey,
  newCafeOrganization,
  postMcp,
  startTestApp,
  type TestApp,
  waitUntil,
} from '#folio/testing';
import { McpServerFactory } from './mcp-server.factory.js';

// find_projects and get_project_sections answers are made of stored data: the SDK's answer to one is sent
// again, with the new request's id, until anything it is made of changes (a write by this process at once,
// one by another when the database announces it) or the key's access does.

interface ToolAnswer {
  id: unknown;
  result: { isError?: boolean; structuredContent?: Record<string, unknown> };
}

describe('Read answers kept until the data changes', () => {
  let app: TestApp;
  let cafe: CafeOrganization;
  let ownerKey: string;
  let viewerKey: string;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api' });
    cafe = await newCafeOrganization(app);
    ownerKey = (await newApiKey(app, cafe.owner, { scopes: [...scopes] })).text;
    viewerKey = (await newApiKey(app, cafe.viewer, { scopes: ['list:project'] })).text;
    // A key's first use writes down when it was used, a write like any other: done before the specs count.
    for (const key of [ownerKey, viewerKey]) await answer(key, 'find_projects', {});
    await waitUntil(
      'both keys to be written down as used',
      async () => (await app.prisma.apiKey.count({ where: { lastUsedAt: { not: null } } })) >= 2,
    );
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(() => app?.close());

  /** As the SDK client sends it (its fetch asks for gzip, and decodes it). */
  function call(key: string, id: unknown, name: string, args: object, encoding = 'gzip, deflate') {
    return postMcp(
      app.baseUrl,
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
      {
        'x-service-key': key,
        accept: 'application/json, text/event-stream',
        'accept-encoding': encoding,
        'mcp-protocol-version': '2025-11-25',
      },
    );
  }

  async function answer(key: string, name: string, args: object, id: unknown = 1): Promise<ToolAnswer> {
    const response = await call(key, id, name, args);
    expect(response.status).toBe(200);
    return (await response.json()) as ToolAnswer;
  }

  const search = async (words: string) =>
    (await answer(ownerKey, 'find_projects', { search: words })).result.structuredContent!.projects as {
      projectKey: string;
      revision: number;
      title: string;
      match?: { snippet?: string };
    }[];

  const outline = (key = ownerKey) =>
    answer(key, 'get_project_sections', { projectKey: cafe.northwind.projectKey, detail: 'outline' });

  it.each([
    ['find_projects', { search: 'northwind' }],
    ['get_project_sections', { detail: 'outline' }],
  ])('answers %s again with the SDK’s bytes and the new id, building no server', async (name, args) => {
    const request = name === 'find_projects' ? args : { projectKey: cafe.northwind.projectKey, ...args };
    const builds = jest.spyOn(app.get(McpServerFactory), 'create');
    // On PostgreSQL the set-up's writes are heard a moment after they commit, each ending what was kept
    // before: asked until an answer comes from memory.
    let first: ToolAnswer | undefined;
    await waitUntil('an answer sent from memory', async () => {
      const built = builds.mock.calls.length;
      first = await answer(ownerKey, name, request);
      return builds.mock.calls.length === built;
    });
    expect(first!.result.isError).toBeFalsy();

    builds.mockClear();
    for (const id of ['second', 7]) {
      const again = await call(ownerKey, id, name, request);
      expect(again.headers.get('cache-control')).toBe('no-store');
      const text = await again.text();
      expect(text).toBe(JSON.stringify({ ...first, id }));
      // Compressed once when kept, as the compression middleware would each time: from 1 KB up.
      expect(again.headers.get('content-encoding')).toBe(text.length >= 1024 ? 'gzip' : null);
    }
    const plain = await call(ownerKey, 'plain', name, request, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text).toBe(JSON.stringify({ ...first, id: 'plain' }));
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(builds).not.toHaveBeenCalled();
  });

  it('finds what an agent wrote on the very next search, and exports the new revision', async () => {
    const before = (await outline()).result.structuredContent!.revision as number;
    expect(await search('zanzibar')).toEqual([]);
    expect((await search('northwind'))[0].revision).toBe(before);

    const edit = await answer(ownerKey, 'edit_project', {
      projectKey: cafe.northwind.projectKey,
      baseRevision: before,
      changes: [
        { op: 'setText', elementKey: cafe.northwind.pages[0].headingKeys[0], text: 'Zanzibar nights' },
      ],
    });
    expect(edit.result.isError).toBeFalsy();

    const [hit] = await search('zanzibar');
    expect(hit).toMatchObject({ projectKey: cafe.northwind.projectKey, revision: before + 1 });
    expect(hit.match?.snippet).toMatch(/Zanzibar nights/);
    expect((await search('northwind'))[0].revision).toBe(before + 1);
    expect((await outline()).result.structuredContent!.revision).toBe(before + 1);
  });

  it('finds what was written straight to the database on the very next search', async () => {
    expect(await search('quokka')).toEqual([]);
    await app.prisma.project.update({
      where: { id: cafe.atlas.projectId },
      data: { title: 'Atlas Quokka Analytics' },
    });
    await refreshProjectSearch(app.prisma, cafe.atlas.projectId);
    expect(await search('quokka')).toEqual([
      expect.objectContaining({ projectKey: cafe.atlas.projectKey, title: 'Atlas Quokka Analytics' }),
    ]);
  });

  it('refuses a key whose access was taken away on the very next request', async () => {
    expect((await outline(viewerKey)).result.isError).toBeFalsy();
    expect((await outline(viewerKey)).result.isError).toBeFalsy();
    const membership = {
      userId_accountId: { userId: cafe.viewer.actor.userId, accountId: cafe.organization.id },
    };
    const { role } = await changePrincipal(() => app.prisma.membership.delete({ where: membership }));
    try {
      expect((await outline(viewerKey)).result.isError).toBe(true);
    } finally {
      await changePrincipal(() =>
        app.prisma.membership.create({
          data: { userId: cafe.viewer.actor.userId, accountId: cafe.organization.id, role },
        }),
      );
    }
    expect((await outline(viewerKey)).result.isError).toBeFalsy();
  });

  it('keeps no failure: a project that is not there is looked for again each time', async () => {
    const builds = jest.spyOn(app.get(McpServerFactory), 'create');
    for (const id of [1, 2]) {
      const missing = await answer(ownerKey, 'get_project_sections', { projectKey: 'NOSUCHPROJ12' }, id);
      expect(missing.result.isError).toBe(true);
    }
    expect(builds).toHaveBeenCalledTimes(2);
  });
});
