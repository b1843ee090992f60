import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { type PrismaClient } from '#folio/db';
import { scopes } from '#folio/identity';
import { demoKeys } from '#folio/seed';
import {
  type FakeAiProvider,
  type McpTools,
  newAiLibrary,
  newApiKey,
  newUser,
  startFakeAiProvider,
  startMcpTools,
  startTestHttpsServer,
  type TestHttpsServer,
  waitUntil,
} from '#folio/testing';

// AI page generation end to end (issue 8): the MCP SDK client in process against the api, with the
// offline composer on the demo data (its starter library, its team pools), and, separately, an LLM
// provider that misbehaves, for a signed-up user and an AI library of the spec's own.

type CallResult = Awaited<ReturnType<Client['callTool']>>;
type AiOutcome = { status: 'generated'; sectionsWritten: number } | { status: 'failed'; message: string };

const textOf = (result: CallResult) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Harness {
  app: McpTools;
  prisma: PrismaClient;
  client: Client;
  /** The caller's personal account: where create_project puts a project without accountKey. */
  account: { key: string };
  /** An AI-enabled library to generate from. */
  library: string;
}

/** The app with the caller on the demo data (the demo owner, the starter library) or on data of its own. */
async function startHarness(env: Record<string, string>, data: 'demo' | 'own'): Promise<Harness> {
  const app = await startMcpTools({ demo: data === 'demo', env });
  if (data === 'demo') {
    const client = await app.connectMcp(app.demo!.apiKey);
    const account = { key: demoKeys.ownerPersonalAccount };
    return { app, prisma: app.prisma, client, account, library: await starterLibrary(client) };
  }
  const owner = await newUser(app);
  const client = await app.connectMcp((await newApiKey(app, owner, { scopes: [...scopes] })).text);
  const { key: library } = await newAiLibrary(app);
  return { app, prisma: app.prisma, client, account: { key: owner.account.key }, library };
}

async function stopHarness(h: Harness | undefined): Promise<void> {
  await h?.app.close();
}

async function setCredits(h: Harness, credits: number): Promise<void> {
  await h.prisma.account.update({ where: h.account, data: { credits } });
}

async function credits(h: Harness): Promise<number> {
  return (await h.prisma.account.findUniqueOrThrow({ where: h.account })).credits;
}

async function starterLibrary(client: Client): Promise<string> {
  const listed = (await client.callTool({ name: 'list_libraries', arguments: {} })).structuredContent as {
    libraries: { libraryKey: string; title: string }[];
  };
  return listed.libraries.find((library) => library.title === 'Folio Starter')!.libraryKey;
}

async function pageHtml(client: Client, projectKey: string, pageKey: string) {
  const result = await client.callTool({
    name: 'get_project_sections',
    arguments: { projectKey, pageKey, includeHtml: true, includeCss: false },
  });
  const { pages } = result.structuredContent as {
    pages: { sections: { html: string; elementTree: unknown }[] }[];
  };
  return pages[0].sections;
}

describe('AI page generation through MCP (offline composer)', () => {
  let h: Harness;
  let images: TestHttpsServer;
  let library: string;

  beforeAll(async () => {
    images = await startTestHttpsServer((request, response) => {
      if (request.url?.startsWith('/photos/')) {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': pngBytes.length });
        return response.end(request.method === 'HEAD' ? undefined : pngBytes);
      }
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
    });
    // The caller images live on this machine's test server; production refuses private addresses. A
    // pool for 50 calls at once: the race below is about credits, not about waiting for a connection
    // (past 1.5 s a busy pool answers 503, the bound set for database outages).
    h = await startHarness({ OUTBOUND_ALLOW_PRIVATE: 'true', DATABASE_POOL_SIZE: '50' }, 'demo');
    ({ library } = h);
  });

  afterAll(async () => {
    await stopHarness(h);
    await images?.close();
  });

  const createProject = (args: Record<string, unknown>) =>
    h.client.callTool({ name: 'create_project', arguments: args });

  it("on a fresh demo, the owner's first AI page (no accountKey: their personal account) is paid from its own credits", async () => {
    const before = await credits(h);
    const result = await createProject({
      title: 'First try',
      ai: { libraries: [library], prompt: 'A landing page for a small pottery studio' },
    });
    expect(result.isError ?? false).toBe(false);
    expect((result.structuredContent as { ai: AiOutcome }).ai).toMatchObject({ status: 'generated' });
    expect(await credits(h)).toBeLessThan(before);
  });

  it('generates the home page from the seed library with the facts given in text, and charges the account', async () => {
    await setCredits(h, 100);
    const result = await createProject({
      title: 'Millstone Bakery',
      ai: {
        libraries: [library],
        prompt:
          'A warm landing page for Millstone, a neighbourhood sourdough bakery in Leeds, for local families',
        text: [
          'Address: 12 Mill Lane, Leeds',
          'Opening hours: Tuesday to Sunday, 7am to 3pm',
          '- Sourdough baked every morning',
          '- Oat milk flat whites',
          '- Birthday cakes to order',
        ].join('\n'),
      },
    });
    expect(result.isError ?? false).toBe(false);
    const created = result.structuredContent as { projectKey: string; homePageKey: string; ai: AiOutcome };
    expect(created.ai).toEqual({ status: 'generated', sectionsWritten: expect.any(Number) });
    const written = (created.ai as { sectionsWritten: number }).sectionsWritten;
    expect(written).toBeGreaterThanOrEqual(4);

    const sections = await pageHtml(h.client, created.projectKey, created.homePageKey);
    expect(sections).toHaveLength(written);
    const html = sections.map((section) => section.html).join('\n');
    for (const fact of ['12 Mill Lane, Leeds', 'Tuesday to Sunday, 7am to 3pm', 'Oat milk flat whites']) {
      expect(html).toContain(fact);
    }
    expect(html).not.toMatch(/lorem ipsum/i);

    // 10 for the page and 1 per generated image, written to the ledger against the project.
    const project = await h.prisma.project.findUniqueOrThrow({ where: { key: created.projectKey } });
    const generated = await h.prisma.asset.count({ where: { projectId: project.id, prompt: { not: null } } });
    expect(await credits(h)).toBe(100 - 10 - generated);
    const ledger = await h.prisma.creditEntry.findMany({ where: { projectId: project.id } });
    expect(ledger.reduce((sum, entry) => sum + entry.delta, 0)).toBe(-10 - generated);

    // Generated pictures start pending (the page renders at once) and are filled in by the image job. The
    // draft's screenshots are captured at the same time (each write queues them), so on a busy CI machine the
    // images can take minutes.
    expect(generated).toBeGreaterThan(0);
    await waitUntil(
      'the generated images',
      async () =>
        (await h.prisma.asset.count({ where: { projectId: project.id, status: 'ready' } })) === generated,
      { timeoutMs: 240_000, intervalMs: 250 },
    );
    const after = (await pageHtml(h.client, created.projectKey, created.homePageKey))
      .map((s) => s.html)
      .join('');
    expect(after).toMatch(/\/assets\/[0-9a-f]{64}\.\w+/);
  }, 300_000);

  it("draws a team workspace's page from the team pool, not the account", async () => {
    const team = { key: demoKeys.team };
    const organization = { key: demoKeys.account };
    const before = {
      team: (await h.prisma.team.findUniqueOrThrow({ where: team })).credits,
      account: (await h.prisma.account.findUniqueOrThrow({ where: organization })).credits,
    };
    const result = await createProject({
      title: 'Atlas launch',
      accountKey: demoKeys.account,
      workspace: demoKeys.teamWorkspace,
      ai: {
        libraries: [library],
        prompt: 'A launch page for an analytics dashboard',
        useOnlyProvidedAssets: true,
      },
    });
    expect((result.structuredContent as { ai: AiOutcome }).ai.status).toBe('generated');
    expect((await h.prisma.team.findUniqueOrThrow({ where: team })).credits).toBe(before.team - 10);
    expect((await h.prisma.account.findUniqueOrThrow({ where: organization })).credits).toBe(before.account);
  });

  it('builds a page with pricing and FAQ sections when the prompt asks for them', async () => {
    await setCredits(h, 100);
    const result = await createProject({
      title: 'Ledger app',
      ai: {
        libraries: [library],
        prompt: 'A page for our bookkeeping app for freelancers, with pricing and an FAQ',
        useOnlyProvidedAssets: true,
      },
    });
    const created = result.structuredContent as { projectKey: string; ai: AiOutcome };
    expect(created.ai.status).toBe('generated');
    const stored = await h.prisma.section.findMany({
      where: { page: { project: { key: created.projectKey }, isHome: true } },
      orderBy: { order: 'asc' },
    });
    const types = stored.map((section) => section.type);
    expect(types).toEqual(expect.arrayContaining(['pricing', 'faq']));
    expect(types.slice(0, 2)).toEqual(['navbar', 'hero']);
    expect(types.at(-1)).toBe('footer');
  });

  it('create_page with useOnlyProvidedAssets uses only the given image URLs', async () => {
    await setCredits(h, 100);
    const project = (await createProject({ title: 'Gallery studio' })).structuredContent as {
      projectKey: string;
    };
    const given = [`${images.base}/photos/studio.png`, `${images.base}/photos/portrait.png`];
    const result = await h.client.callTool({
      name: 'create_page',
      arguments: {
        projectKey: project.projectKey,
        title: 'Portfolio',
        ai: {
          libraries: [library],
          prompt: 'A portfolio page for a portrait photographer with a gallery of recent work',
          images: given.map((url, i) => ({ url, description: i ? 'portrait of a woman' : 'the studio' })),
          useOnlyProvidedAssets: true,
        },
      },
    });
    const created = result.structuredContent as { pageKey: string; ai: AiOutcome };
    expect(created.ai.status).toBe('generated');

    const sections = await pageHtml(h.client, project.projectKey, created.pageKey);
    const html = sections.map((section) => section.html).join('\n');
    const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set(sources.filter((src) => given.includes(src))));
    expect(sources).toEqual(expect.arrayContaining(given));
    const page = await h.prisma.page.findUniqueOrThrow({ where: { key: created.pageKey } });
    expect(await h.prisma.asset.count({ where: { projectId: page.projectId, prompt: { not: null } } })).toBe(
      0,
    );
    expect(await credits(h)).toBe(90);
  });

  it('with useOnlyProvidedAssets and no image, leaves out the gallery asked for rather than show it empty', async () => {
    await setCredits(h, 100);
    const result = await createProject({
      title: 'Clara Hoffmann Photography',
      ai: {
        libraries: [library],
        prompt: 'A page for a wedding photographer in Munich, with a gallery of recent weddings and an FAQ',
        useOnlyProvidedAssets: true,
      },
    });
    const created = result.structuredContent as { projectKey: string; homePageKey: string; ai: AiOutcome };
    expect(created.ai.status).toBe('generated');

    const stored = await h.prisma.section.findMany({
      where: { page: { project: { key: created.projectKey }, isHome: true } },
    });
    expect(stored.map((section) => section.type)).toEqual(expect.arrayContaining(['hero', 'faq']));
    expect(stored.map((section) => section.type)).not.toContain('gallery');
    const html = (await pageHtml(h.client, created.projectKey, created.homePageKey))
      .map((section) => section.html)
      .join('\n');
    expect(html).not.toMatch(/<img\b/);
  });

  it('refuses http:// and non-image URLs in images before any credit is spent or anything is created', async () => {
    await setCredits(h, 100);
    const projects = await h.prisma.project.count();
    const cases: [string, RegExp][] = [
      ['http://example.com/photo.png', /ai\.images\.0\.url.*https/],
      [`${images.base}/about.html`, /ai\.images\[0\]\.url.*not an image/],
    ];
    for (const [url, message] of cases) {
      const result = await createProject({
        title: 'Refused',
        ai: { libraries: [library], prompt: 'A bakery', images: [{ url }] },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    }
    expect(await credits(h)).toBe(100);
    expect(await h.prisma.project.count()).toBe(projects);
  });

  it('lets exactly as many of 50 concurrent AI calls generate as the balance pays for, and refuses the rest up front', async () => {
    await setCredits(h, 100);
    const projectsBefore = await h.prisma.project.count();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createProject({
          title: `Rush ${i}`,
          ai: {
            libraries: [library],
            prompt: 'A landing page for a bike repair shop',
            useOnlyProvidedAssets: true,
          },
        }),
      ),
    );
    const generated = results.filter(
      (result) => (result.structuredContent as { ai?: AiOutcome } | undefined)?.ai?.status === 'generated',
    );
    const refused = results.filter((result) => result.isError);
    expect(generated).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const result of refused)
      expect(textOf(result)).toMatch(/Not enough AI credits: this needs 10, .* has 0/);
    expect(await credits(h)).toBe(0);
    expect(await h.prisma.project.count()).toBe(projectsBefore + 10);
  }, 120_000);
});

describe('AI page generation through MCP (LLM provider failures)', () => {
  let h: Harness;
  let provider: FakeAiProvider;
  let library: string;

  beforeAll(async () => {
    provider = await startFakeAiProvider();
    h = await startHarness(
      {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: provider.baseUrl,
        AI_MODEL: 'folio-test-model',
        AI_API_KEY: 'sk-test-secret-123',
        AI_TIMEOUT_SECONDS: '5',
      },
      'own',
    );
    ({ library } = h);
  });

  afterAll(async () => {
    await stopHarness(h);
    await provider?.close();
  });

  it.each([
    [
      'garbage',
      { kind: 'garbage', text: 'Sure! Here is your page: <html>…' } as const,
      /not a valid page plan/,
    ],
    ['a timeout', { kind: 'hang' } as const, /longer than 5 seconds/],
  ])(
    'a provider answering %s → ai.status failed, the project exists, the credits are refunded',
    async (_, behaviour, message) => {
      await setCredits(h, 50);
      provider.respondWith(behaviour);
      const started = Date.now();
      const result = await h.client.callTool({
        name: 'create_project',
        arguments: { title: 'Flaky provider', ai: { libraries: [library], prompt: 'A page for a florist' } },
      });
      expect(Date.now() - started).toBeLessThan(15_000);
      const created = result.structuredContent as { projectKey: string; ai: AiOutcome };
      expect(created.ai).toEqual({ status: 'failed', message: expect.stringMatching(message) });
      expect((created.ai as { message: string }).message).toMatch(/10 AI credits were refunded/);
      expect((created.ai as { message: string }).message).not.toContain('sk-test-secret-123');

      const project = await h.prisma.project.findUniqueOrThrow({
        where: { key: created.projectKey },
        include: { pages: { include: { sections: true } } },
      });
      expect(project.pages[0].sections).toHaveLength(0);
      expect(await credits(h)).toBe(50);
      const ledger = await h.prisma.creditEntry.findMany({
        where: { projectId: project.id },
        orderBy: { createdAt: 'asc' },
      });
      expect(ledger.map((entry) => entry.delta).sort((a, b) => a - b)).toEqual([-10, 10]);
      expect(provider.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test-secret-123');
    },
  );

  it('refuses a private-address image before any credit is spent', async () => {
    await setCredits(h, 50);
    const projects = await h.prisma.project.count();
    const result = await h.client.callTool({
      name: 'create_project',
      arguments: {
        title: 'Private',
        ai: { libraries: [library], prompt: 'A florist', images: [{ url: 'https://127.0.0.1/flowers.png' }] },
      },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/ai\.images\[0\]\.url.*public/);
    expect(await credits(h)).toBe(50);
    expect(await h.prisma.project.count()).toBe(projects);
  });
});

describe('AI page generation through MCP (caller image probes)', () => {
  const probesPerMinute = 4;
  let h: Harness;
  let images: TestHttpsServer;
  let probes = 0;

  beforeAll(async () => {
    images = await startTestHttpsServer((request, response) => {
      probes++;
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': pngBytes.length });
      response.end(request.method === 'HEAD' ? undefined : pngBytes);
    });
    h = await startHarness(
      { OUTBOUND_ALLOW_PRIVATE: 'true', RATE_LIMIT_AI_IMAGE_PROBES_PER_MINUTE: String(probesPerMinute) },
      'own',
    );
  });

  afterAll(async () => {
    await stopHarness(h);
    await images?.close();
  });

  const withImages = (count: number, from: number) => ({
    title: 'Gallery',
    ai: {
      libraries: [h.library],
      prompt: 'A gallery page for a potter',
      useOnlyProvidedAssets: true,
      images: Array.from({ length: count }, (_, i) => ({ url: `${images.base}/photos/${from + i}.png` })),
    },
  });

  it('refuses a caller without the credits for the page before probing a single image', async () => {
    await setCredits(h, 0);
    const projects = await h.prisma.project.count();
    const result = await h.client.callTool({ name: 'create_project', arguments: withImages(20, 0) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Not enough AI credits: this needs 10, .* has 0/);
    expect(probes).toBe(0);
    expect(await h.prisma.project.count()).toBe(projects);
  });

  it('probes at most RATE_LIMIT_AI_IMAGE_PROBES_PER_MINUTE images per key a minute, then says when to retry', async () => {
    await setCredits(h, 100);
    const first = await h.client.callTool({ name: 'create_project', arguments: withImages(3, 100) });
    expect(first.isError ?? false).toBe(false);
    const probed = probes;
    expect(probed).toBeGreaterThanOrEqual(3);

    const projects = await h.prisma.project.count();
    const second = await h.client.callTool({ name: 'create_project', arguments: withImages(2, 200) });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toMatch(/image URLs.*try again in \d+ s/i);
    expect(probes).toBe(probed);
    expect(await h.prisma.project.count()).toBe(projects);
    expect(await credits(h)).toBe(90);
  });
});
