import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { ProjectCreator } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import {
  type McpTools,
  newApiKey,
  newProject,
  newUser,
  startMcpTools,
  type TestProject,
} from '#folio/testing';

// search and fetch as ChatGPT's deep research calls them: each answer is exactly one text item whose
// text is the JSON of the contract (parsed here against it), through the official SDK client in process.

const searchContract = z.strictObject({
  results: z.array(z.strictObject({ id: z.string().min(1), title: z.string().min(1), url: z.url() })).max(20),
});

const fetchContract = z.strictObject({
  id: z.string().min(1),
  title: z.string().min(1),
  text: z.string(),
  url: z.url(),
  metadata: z.strictObject({
    projectKey: z.string(),
    pageKey: z.string().nullable(),
    publishState: z.object({ published: z.boolean(), destinations: z.array(z.unknown()), slug: z.string() }),
    updatedAt: z.iso.datetime(),
    truncated: z.boolean(),
  }),
});

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

/** The one text item of an answer. */
function onlyText(result: ToolResult): string {
  const content = result.content as { type: string; text?: string }[];
  expect(content.map((item) => item.type)).toEqual(['text']);
  return content[0].text!;
}

/** A successful answer's single text item, parsed against the contract. */
function answerOf<S extends z.ZodType>(result: ToolResult, contract: S): z.output<S> {
  const text = onlyText(result);
  expect({ isError: result.isError ?? false, text: result.isError ? text : '' }).toEqual({
    isError: false,
    text: '',
  });
  return contract.parse(JSON.parse(text));
}

/** About `words` words of copy, each sentence numbered so that every part reads differently. */
const copy = (words: number, label: string) =>
  Array.from(
    { length: words / 10 },
    (_, i) => `${label} sentence ${i} about roasting beans slowly today.`,
  ).join(' ');

describe('search and fetch (ChatGPT deep research)', () => {
  let app: McpTools;
  let client: Client;
  /** Published as a site at harbour-coffee, then given a Careers page the site does not have yet. */
  let cafe: TestProject;
  let careersPageKey: string;
  /** Twelve pages of about 1,500 words each: more than one answer holds. */
  let book: TestProject;
  /** Another account's project, with the words the café's pages have. */
  let theirs: TestProject;
  let sites: string;
  let editor: string;

  beforeAll(async () => {
    app = await startMcpTools();
    sites = app.config.sitesBaseUrl;
    editor = `${app.config.publicBaseUrl}/editor`;
    const me = await newUser(app);
    cafe = await newProject(app, me, {
      title: 'Harbour Coffee Roasters',
      pages: [
        {
          sections: [
            {
              title: 'Hero',
              text: 'Coffee by the harbour',
              elements: [
                { type: 'text', tag: 'p', text: 'Small-batch beans, <b>roasted</b> every morning.' },
                { type: 'button', text: 'Order online' },
                { type: 'text', href: '/visit-us', text: 'Find us' },
                {
                  type: 'image',
                  src: 'https://images.example/flat-white.jpg',
                  alt: 'A flat white on the bar',
                },
              ],
            },
            { title: 'Footer', text: '© Harbour Coffee' },
          ],
        },
        {
          title: 'Visit us',
          sections: [
            { title: 'Getting here', text: 'A step-free entrance and an accessible restroom.' },
            { title: 'Footer', text: '© Harbour Coffee' },
          ],
        },
      ],
    });
    await app.get(PublishService).publish(me.actor, cafe.projectKey, {
      destination: 'site',
      slug: 'harbour-coffee',
    });
    careersPageKey = (
      await app.get(ProjectCreator).createPage(me.actor, cafe.projectKey, { title: 'Careers' })
    ).pageKey;
    book = await newProject(app, me, {
      title: 'Roasting handbook',
      pages: Array.from({ length: 12 }, (_, i) => ({
        title: `Chapter ${i + 1}`,
        sections: [{ title: `Chapter ${i + 1} body`, text: copy(1_500, `Chapter ${i + 1}`) }],
      })),
    });
    client = await app.connectMcp((await newApiKey(app, me, { scopes: ['list:project'] })).text);

    const rival = await newUser(app, { email: 'rival@other.example', name: 'Rival Other' });
    theirs = await newProject(app, rival, {
      title: 'Rival Roasters',
      pages: [
        { sections: [{ title: 'Hero', text: 'An accessible restroom too' }] },
        { title: 'Secret plans', sections: [{ title: 'Plan', text: 'Undercut Harbour Coffee' }] },
      ],
    });
  });

  afterAll(() => app?.close());

  const search = async (query: string) =>
    answerOf(await client.callTool({ name: 'search', arguments: { query } }), searchContract).results;
  const fetchDocument = async (id: string) =>
    answerOf(await client.callTool({ name: 'fetch', arguments: { id } }), fetchContract);

  it('lists both as read-only tools with one required string each, after the six and before the app-only ones', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names.slice(6, 8)).toEqual(['search', 'fetch']);
    expect(names.slice(8)).toEqual(['preview_page', 'preview_embed']);
    for (const [name, field] of [
      ['search', 'query'],
      ['fetch', 'id'],
    ]) {
      const tool = tools.find((t) => t.name === name)!;
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.description).not.toContain('\n');
      expect(tool.inputSchema).toMatchObject({ type: 'object', required: [field] });
      expect(Object.keys(tool.inputSchema.properties!)).toEqual([field]);
      expect(tool.inputSchema.properties![field]).toMatchObject({ type: 'string' });
      expect(tool._meta?.ui).toBeUndefined();
    }
  });

  it('finds a page by the words only its text holds, citing it on the live site, and a project by its title', async () => {
    expect(await search('restroom')).toEqual([
      {
        id: `${cafe.projectKey}/${cafe.pages[1].pageKey}`,
        title: 'Harbour Coffee Roasters — Visit us',
        url: `${sites}/sites/harbour-coffee/visit-us`,
      },
    ]);
    expect(await search('handbook')).toEqual([
      { id: book.projectKey, title: 'Roasting handbook', url: `${editor}/${book.projectKey}` },
    ]);
    expect(await search('harbour coffee roasters')).toEqual([
      { id: cafe.projectKey, title: 'Harbour Coffee Roasters', url: `${sites}/sites/harbour-coffee/` },
    ]);
  });

  it('answers at most 20 results, and none for a query without words', async () => {
    const me = await newUser(app, { email: 'many@quokka.example', name: 'Many Quokkas' });
    const many = await app.connectMcp((await newApiKey(app, me, { scopes: ['list:project'] })).text);
    for (let i = 1; i <= 21; i++) await newProject(app, me, { title: `Quokka guide ${i}` });
    const call = (query: string) => many.callTool({ name: 'search', arguments: { query } });
    expect(answerOf(await call('quokka'), searchContract).results).toHaveLength(20);
    expect(answerOf(await call(' !!! '), searchContract).results).toEqual([]);
  });

  it('reads a page in reading order: headings, copy, button and link labels, alt texts, sections marked, the design last', async () => {
    const document = await fetchDocument(`${cafe.projectKey}/${cafe.pages[0].pageKey}`);
    expect(document).toMatchObject({
      id: `${cafe.projectKey}/${cafe.pages[0].pageKey}`,
      title: 'Harbour Coffee Roasters — Home',
      url: `${sites}/sites/harbour-coffee/`,
      metadata: {
        projectKey: cafe.projectKey,
        pageKey: cafe.pages[0].pageKey,
        publishState: { published: true, slug: 'harbour-coffee' },
        truncated: false,
      },
    });
    const lines = document.text.split('\n').filter(Boolean);
    expect(lines.slice(0, -1)).toEqual([
      '=== Page: Home (/) ===',
      '--- Section: Hero ---',
      '## Coffee by the harbour',
      'Small-batch beans, roasted every morning.',
      '[Button: Order online]',
      '[Link: Find us → /visit-us]',
      '[Image: A flat white on the bar]',
      '--- Section: Footer ---',
      '## © Harbour Coffee',
    ]);
    expect(lines.at(-1)).toMatch(
      /^Design: colours primary #\w{6}, secondary #\w{6}, accent #\w{6}, background #\w{6}, text #\w{6}, .*; fonts Inter\.$/,
    );
  });

  it('reads a whole project page by page, a section repeated from an earlier page named, not repeated', async () => {
    const document = await fetchDocument(cafe.projectKey);
    expect(document).toMatchObject({
      id: cafe.projectKey,
      title: 'Harbour Coffee Roasters',
      url: `${sites}/sites/harbour-coffee/`,
      metadata: { projectKey: cafe.projectKey, pageKey: null, truncated: false },
    });
    const text = document.text;
    expect(text.indexOf('=== Page: Home (/) ===')).toBe(0);
    expect(text.indexOf('=== Page: Visit us (/visit-us) ===')).toBeGreaterThan(text.indexOf('[Image:'));
    expect(text).toContain('--- Section: Footer (as on page "Home") ---');
    expect(text.match(/© Harbour Coffee/g)).toHaveLength(1);
    expect(text).toContain('=== Page: Careers');
  });

  it('cites a page the published site does not have yet in the editor', async () => {
    const document = await fetchDocument(`${cafe.projectKey}/${careersPageKey}`);
    expect(document.url).toBe(`${editor}/${cafe.projectKey}/${careersPageKey}`);
  });

  it('cuts a long project at a page boundary within one answer, saying so and naming the pages left out', async () => {
    const result = await client.callTool({ name: 'fetch', arguments: { id: book.projectKey } });
    expect(Buffer.byteLength(onlyText(result))).toBeLessThanOrEqual(80_000);
    const document = answerOf(result, fetchContract);
    expect(document.metadata.truncated).toBe(true);
    const headers = [...document.text.matchAll(/^=== Page: (.+) \(/gm)].map((m) => m[1]);
    const kept = headers.length;
    expect(kept).toBeGreaterThan(1);
    expect(kept).toBeLessThan(12);
    // The home page keeps its title; the pages come in order, each whole: its last sentence is there.
    expect(headers).toEqual(['Home', ...Array.from({ length: kept - 1 }, (_, i) => `Chapter ${i + 2}`)]);
    for (let chapter = 1; chapter <= kept; chapter++) {
      expect(document.text).toContain(`Chapter ${chapter} sentence 149 about`);
    }
    expect(document.text).not.toContain(`Chapter ${kept + 1} sentence 0 about`);
    const left = book.pages.slice(kept).map((page) => `${book.projectKey}/${page.pageKey}`);
    expect(document.text).toContain(
      `[Cut here: ${left.length} more pages. Fetch each on its own: ${left.join(', ')}.]`,
    );
    expect(document.text.split('\n').at(-1)).toMatch(/^Design: /);

    // The pages left out read on their own.
    const next = await fetchDocument(left[0]);
    expect(next.metadata.truncated).toBe(false);
    expect(next.text).toContain(`Chapter ${kept + 1} sentence 149 about`);
  });

  it('answers another account’s project and page ids exactly as unknown ones, and finds nothing of theirs', async () => {
    const errorText = async (id: string) => {
      const result = await client.callTool({ name: 'fetch', arguments: { id } });
      expect(result.isError).toBe(true);
      return onlyText(result).replaceAll(id, '<id>');
    };
    const unknown = await errorText('prNoSuchProj1');
    expect(unknown).toMatch(/Unknown id "<id>"/);
    for (const id of [
      theirs.projectKey,
      `${theirs.projectKey}/${theirs.pages[1].pageKey}`,
      `${cafe.projectKey}/${theirs.pages[1].pageKey}`,
      `${cafe.projectKey}/pgNoSuchPage1`,
      'not an id',
      `${cafe.projectKey}/${cafe.pages[0].pageKey}/more`,
    ]) {
      expect(await errorText(id)).toBe(unknown);
    }
    expect((await search('restroom')).map((result) => result.id)).toEqual([
      `${cafe.projectKey}/${cafe.pages[1].pageKey}`,
    ]);
    expect(await search('undercut')).toEqual([]);
    expect(await search('rival')).toEqual([]);
  });
});
