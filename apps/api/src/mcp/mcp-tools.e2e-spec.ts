import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import {
  type CafeOrganization,
  type McpTools,
  newAiLibrary,
  newApiKey,
  newCafeOrganization,
  startMcpTools,
} from '#folio/testing';

// What the tools answer an agent's mistakes, where creating puts projects and pages, and what a key's role
// and scopes let it do: the official SDK client in process, on an organization of the spec's own. (HTTP's
// part, the 403 and its insufficient_scope challenge: mcp.e2e-spec.ts.)

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (result: ToolResult) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

describe('MCP tools in process', () => {
  let app: McpTools;
  let cafe: CafeOrganization;
  /** The organization's owner, with every scope. */
  let owner: Client;

  beforeAll(async () => {
    app = await startMcpTools();
    cafe = await newCafeOrganization(app);
    await newAiLibrary(app, { title: 'Starter' });
    // Enough for a page: the image checks below come after the credit check.
    await app.prisma.account.update({ where: { key: cafe.owner.account.key }, data: { credits: 100 } });
    owner = await app.connectMcp(
      (await newApiKey(app, cafe.owner, { scopes: ['list:project', 'create:project'] })).text,
    );
  });

  afterAll(() => app?.close());

  const call = (client: Client, name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args });

  describe('errors an agent can act on', () => {
    it.each([
      ['find_projects', { ids: Array.from({ length: 21 }, (_, i) => `prMissing${i}x`) }, /at most 20 ids/],
      ['find_projects', { limit: 51 }, /limit is at most 50/],
      [
        'get_project_sections',
        { projectKey: 'prDoesNotExist1' },
        /No project prDoesNotExist1 is visible to you/,
      ],
      ['get_embed_code', { projectKey: 'prDoesNotExist1' }, /No project prDoesNotExist1/],
      ['create_page', { projectKey: 'prDoesNotExist1' }, /No project prDoesNotExist1/],
      ['create_project', { title: '   ' }, /title/],
      ['find_projects', { url: 'https://elsewhere.example/editor/prSomething1' }, /expected a Folio URL/],
      ['find_projects', { search: '!!!' }, /at least one word/],
      ['fetch', { id: 'prDoesNotExist1' }, /Unknown id "prDoesNotExist1".*Use an id from search/],
      ['search', {}, /query/],
      ['get_embed_code', { projectKey: 'prDoesNotExist1', target: '<script>' }, /target/],
      // The advertised schemas leave `additionalProperties: false` out; a misspelt argument is still named.
      ['get_project_sections', { projectKey: 'prDoesNotExist1', detial: 'outline' }, /detial/],
    ])('%s %j → isError', async (name, args, message) => {
      const result = await call(owner, name, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    });

    it('refuses an ai object with an unknown library or a non-public image before creating anything', async () => {
      const before = await app.prisma.project.count();
      const library = (
        (await call(owner, 'list_libraries', {})).structuredContent as {
          libraries: { libraryKey: string }[];
        }
      ).libraries[0].libraryKey;
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ libraries: ['lbNotALibrary1'], prompt: 'A bakery' }, /ai\.libraries\[0\].*list_libraries/],
        [{ libraries: [], prompt: 'A bakery' }, /1 to 5 libraries/],
        [{ libraries: [library], prompt: '' }, /describe the page/],
        [
          { libraries: [library], prompt: 'A bakery', images: [{ url: 'http://example.com/a.png' }] },
          /https/,
        ],
        [
          { libraries: [library], prompt: 'A bakery', images: [{ url: 'https://127.0.0.1/a.png' }] },
          /public/,
        ],
      ];
      for (const [ai, message] of cases) {
        const result = await call(owner, 'create_project', { title: 'Bakery', ai });
        expect({ ai, error: textOf(result) }).toEqual({ ai, error: expect.stringMatching(message) });
        expect(result.isError).toBe(true);
      }
      expect(await app.prisma.project.count()).toBe(before);
    });
  });

  describe('creating', () => {
    it('creates projects in the personal account by default or in a given workspace, and pages with numbered default titles', async () => {
      const project = (await call(owner, 'create_project', { title: 'Numbered pages' }))
        .structuredContent as {
        projectKey: string;
        homePageKey: string;
      };
      const stored = await app.prisma.project.findUniqueOrThrow({
        where: { key: project.projectKey },
        include: { account: true, pages: true },
      });
      expect(stored.account.key).toBe(cafe.owner.account.key);
      expect(stored.pages.map((page) => [page.key, page.title, page.isHome])).toEqual([
        [project.homePageKey, 'Home', true],
      ]);

      const titles: string[] = [];
      for (const args of [{}, { title: '  ' }, { title: 'Home' }, { title: 'Pricing' }]) {
        const page = await call(owner, 'create_page', { projectKey: project.projectKey, ...args });
        titles.push((page.structuredContent as { title: string }).title);
      }
      expect(titles).toEqual(['Untitled', 'Untitled 2', 'Home 2', 'Pricing']);

      const teamWorkspace = cafe.organization.teams[0].workspace.key;
      const inWorkspace = (
        await call(owner, 'create_project', {
          title: 'Team thing',
          accountKey: cafe.organization.key,
          workspace: teamWorkspace,
        })
      ).structuredContent as { projectKey: string };
      const placed = await app.prisma.project.findUniqueOrThrow({
        where: { key: inWorkspace.projectKey },
        include: { workspace: true },
      });
      expect(placed.workspace?.key).toBe(teamWorkspace);
    });

    it('lets a viewer read but not add pages', async () => {
      const key = await newApiKey(app, cafe.viewer, { scopes: ['list:project', 'create:project'] });
      const viewer = await app.connectMcp(key.text);
      const found = (await call(viewer, 'find_projects', { ids: [cafe.atlas.projectKey] }))
        .structuredContent as { projects: unknown[] };
      expect(found.projects).toHaveLength(1);
      const refused = await call(viewer, 'create_page', { projectKey: cafe.atlas.projectKey });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/view/i);
    });

    it('refuses a create tool to a list-only key, naming the scope, and creates nothing', async () => {
      const key = await newApiKey(app, cafe.owner, { scopes: ['list:project'] });
      const listOnly = await app.connectMcp(key.text);
      const before = await app.prisma.project.count();
      const refused = await call(listOnly, 'create_project', { title: 'Not mine to make' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('create:project');
      expect(await app.prisma.project.count()).toBe(before);
      expect((await call(listOnly, 'find_projects', {})).isError ?? false).toBe(false);
    });
  });
});
