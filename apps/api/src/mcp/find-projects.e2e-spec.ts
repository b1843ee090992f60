import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { scopes } from '#folio/identity';
import { type McpTools, newApiKey, newProject, newUser, startMcpTools } from '#folio/testing';

// find_projects tells an agent what it did not find (notFound), whether there is more (hasMore) and
// where a search matched (match), through the official SDK client in process (both eras over HTTP:
// mcp.e2e-spec.ts).

interface Found {
  projects: {
    projectKey: string;
    title: string;
    match?: { field: string; pageKey?: string; pageTitle?: string; snippet?: string };
  }[];
  notFound?: string[];
  hasMore: boolean;
}

describe('find_projects: notFound, hasMore and match', () => {
  let app: McpTools;
  let apiKey: string;
  /** The owner's café, whose "Visit us" page alone mentions the restroom. */
  let cafe: { key: string; visitPageKey: string };
  /** Projects the owner made over MCP, titled with a word the café does not have. */
  let quokkas: string[];
  /** A project in another account, which the owner cannot see. */
  let theirKey: string;

  beforeAll(async () => {
    app = await startMcpTools();
    const me = await newUser(app);
    apiKey = (await newApiKey(app, me, { scopes: [...scopes] })).text;
    const project = await newProject(app, me, {
      title: 'Harbour Coffee Roasters',
      pages: [
        { sections: [{ title: 'Welcome', text: 'Small-batch coffee, roasted by the harbour.' }] },
        {
          title: 'Visit us',
          sections: [
            {
              title: 'Getting here',
              text: 'Open daily from seven. A step-free entrance, and an accessible restroom by the counter.',
            },
          ],
        },
      ],
    });
    cafe = { key: project.projectKey, visitPageKey: project.pages[1].pageKey };

    const owner = await app.connectMcp(apiKey);
    quokkas = [];
    for (const title of ['Quokka launch', 'Quokka island guide', 'Quokka café']) {
      quokkas.push((await call(owner, { title }, 'create_project')).projectKey as string);
    }

    // Another tenant: an owner of their own account, with a key to create projects there.
    const other = await newUser(app, { email: 'rival@other.example', name: 'Rival Other' });
    const fresh = await newApiKey(app, other, { name: 'rival', scopes: ['list:project', 'create:project'] });
    const rival = await app.connectMcp(fresh.text);
    theirKey = (await call(rival, { title: 'Quokka rival' }, 'create_project')).projectKey as string;
  });

  afterAll(() => app?.close());

  /** A successful call's structured answer, checked against its JSON text. */
  async function call(client: Client, args: Record<string, unknown>, name = 'find_projects') {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { type: string; text: string }[])[0].text;
    expect({ isError: result.isError ?? false, text: result.isError ? text : '' }).toEqual({
      isError: false,
      text: '',
    });
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    return result.structuredContent as Record<string, unknown>;
  }

  const find = async (client: Client, args: Record<string, unknown>) =>
    (await call(client, args)) as unknown as Found;
  const keysOf = (found: Found) => found.projects.map((project) => project.projectKey);

  describe('answers', () => {
    let client: Client;
    beforeAll(async () => {
      client = await app.connectMcp(apiKey);
    });

    it('puts an unknown id and another account’s id in notFound alike, and returns the visible one', async () => {
      const found = await find(client, {
        ids: ['prNoSuchProj1', cafe.key, theirKey, 'prNoSuchProj1'],
      });
      expect(keysOf(found)).toEqual([cafe.key]);
      expect(found.notFound).toEqual(['prNoSuchProj1', theirKey]);
      expect(found.hasMore).toBe(false);

      // Nothing tells the two apart: the answers differ only in the key that was asked for.
      const theirs = await find(client, { ids: [theirKey] });
      const unknown = await find(client, { ids: ['prNoSuchProj2'] });
      expect(theirs).toEqual({ projects: [], notFound: [theirKey], hasMore: false });
      expect(JSON.stringify(theirs).replace(theirKey, '?')).toBe(
        JSON.stringify(unknown).replace('prNoSuchProj2', '?'),
      );
    });

    it('leaves notFound out when every id was found', async () => {
      const found = await find(client, { ids: [cafe.key, quokkas[0]] });
      expect(keysOf(found)).toEqual([cafe.key, quokkas[0]]);
      expect(found).not.toHaveProperty('notFound');
    });

    it('says hasMore when more projects match than the limit lets through, and not when all fit', async () => {
      const two = await find(client, { search: 'quokka', limit: 2 });
      expect(two.projects).toHaveLength(2);
      expect(two.hasMore).toBe(true);
      const three = await find(client, { search: 'quokka', limit: 3 });
      expect(keysOf(three).sort()).toEqual([...quokkas].sort());
      expect(three.hasMore).toBe(false);
      expect((await find(client, { limit: 1 })).hasMore).toBe(true);
      expect((await find(client, { limit: 50 })).hasMore).toBe(false);
    });

    it('reports a search that hit the title as a title match', async () => {
      const found = await find(client, { search: 'quokka island' });
      expect(found.projects).toEqual([expect.objectContaining({ projectKey: quokkas[1] })]);
      expect(found.projects[0].match).toEqual({ field: 'title' });
    });

    it('reports a word only a page’s text holds with that page and a snippet around the word', async () => {
      const found = await find(client, { search: 'restroom' });
      expect(keysOf(found)).toEqual([cafe.key]);
      const { match } = found.projects[0];
      expect(match).toEqual({
        field: 'page',
        pageKey: cafe.visitPageKey,
        pageTitle: 'Visit us',
        snippet: expect.stringMatching(/\brestroom\b/),
      });
      expect(match!.snippet!.length).toBeLessThanOrEqual(120);
    });

    it('finds text written since the last search, on the page that holds it', async () => {
      expect(keysOf(await find(client, { search: 'affogato' }))).toEqual([]);
      const page = await call(client, { projectKey: cafe.key, title: 'Affogato bar' }, 'create_page');
      const found = await find(client, { search: 'affogato' });
      expect(keysOf(found)).toEqual([cafe.key]);
      expect(found.projects[0].match).toEqual({
        field: 'page',
        pageKey: page.pageKey,
        pageTitle: 'Affogato bar',
        snippet: expect.stringContaining('Affogato'),
      });
    });

    it('answers within its output schema, and says so in its description', async () => {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === 'find_projects')!;
      for (const word of ['notFound', 'hasMore', 'match', 'ids', 'search', 'limit']) {
        expect(tool.description).toContain(word);
      }
      const validate = new AjvJsonSchemaValidator().getValidator(tool.outputSchema!);
      for (const args of [
        { ids: [theirKey, cafe.key] },
        { search: 'restroom' },
        { search: 'quokka', limit: 1 },
      ]) {
        expect(validate(await find(client, args)).errorMessage).toBeUndefined();
      }
    });
  });
});
