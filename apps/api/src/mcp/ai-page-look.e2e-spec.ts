import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { defaultTheme, type Theme } from '#folio/content';
import { type McpTools, startMcpTools } from '#folio/testing';

// Issue 22, points 3 and 4, end to end: the MCP SDK client in process against the api on the demo data
// (its starter library), with the offline composer. A page belongs to its subject (the project theme, a
// navbar naming the project and linking to the page's sections, a footer) and a project's pages agree.

type Section = { sectionKey: string; type: string; html: string };
type Export = { themeCss: string; pages: { sections: Section[] }[] };
type Created = { projectKey: string; homePageKey: string; ai: { status: string } };

interface Harness {
  app: McpTools;
  client: Client;
  library: string;
}

async function setup(): Promise<Harness> {
  const app = await startMcpTools({ demo: true });
  const client = await app.connectMcp(app.demo!.apiKey);
  const listed = (await client.callTool({ name: 'list_libraries', arguments: {} })).structuredContent as {
    libraries: { libraryKey: string; title: string }[];
  };
  const library = listed.libraries.find((candidate) => candidate.title === 'Folio Starter')!.libraryKey;
  await app.prisma.account.updateMany({ data: { credits: 1_000 } });
  return { app, client, library };
}

describe('AI pages that belong to their subject (offline composer, through MCP)', () => {
  let h: Harness;
  let florist: Created;
  let saas: Created;

  const exported = async (projectKey: string, pageKey: string) =>
    (
      await h.client.callTool({
        name: 'get_project_sections',
        arguments: { projectKey, pageKey, includeHtml: true, includeCss: true },
      })
    ).structuredContent as Export;
  const themeOf = async (projectKey: string) =>
    (await h.app.prisma.project.findUniqueOrThrow({ where: { key: projectKey } })).theme as unknown as Theme;
  /** The ids of the elements the HTML gives ids to. */
  const idsIn = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  const navLinks = (html: string) => {
    const nav = /<nav\b[\s\S]*?<\/nav>/.exec(html)![0];
    return [...nav.matchAll(/<a\b[^>]*href="#([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
      target: m[1],
      label: m[2].replace(/<[^>]+>/g, ''),
    }));
  };

  beforeAll(async () => {
    h = await setup();
    const create = async (title: string, prompt: string) =>
      (
        await h.client.callTool({
          name: 'create_project',
          arguments: { title, ai: { libraries: [h.library], prompt } },
        })
      ).structuredContent as Created;
    // A name longer than the library's brand text ("Lumen"): the navbar still carries it whole.
    florist = await create(
      'Petal & Stem Flowers',
      'A landing page for Petal & Stem Flowers, a florist in Bath making wedding bouquets and weekly flower subscriptions',
    );
    saas = await create(
      'Tasklane',
      'A landing page for Tasklane, a project-management SaaS for remote teams, with pricing and an FAQ',
    );
  }, 120_000);

  afterAll(async () => {
    await h?.app.close();
  });

  it('create_project with ai sets the project theme from the brief: a florist and a SaaS look different', async () => {
    expect([florist.ai.status, saas.ai.status]).toEqual(['generated', 'generated']);
    const [flowers, software] = [await themeOf(florist.projectKey), await themeOf(saas.projectKey)];
    expect(flowers).not.toEqual(defaultTheme);
    expect(software).not.toEqual(defaultTheme);
    expect(flowers.colors.primary).not.toBe(software.colors.primary);
    expect(flowers.colors.background).not.toBe(software.colors.background);
    expect(flowers.textStyles.h1.fontFamily).toMatch(/^"Fraunces"/);
    expect(software.textStyles.h1.fontFamily).not.toMatch(/Fraunces/);
    // Exports see it: the theme CSS of the page carries the look's colours.
    const css = (await exported(florist.projectKey, florist.homePageKey)).themeCss;
    expect(css).toContain(flowers.colors.primary);
    // Its pictures are drawn in the page's colours.
    const prompts = await h.app.prisma.asset.findMany({
      where: { project: { key: florist.projectKey }, prompt: { not: null } },
      select: { prompt: true },
    });
    expect(prompts.length).toBeGreaterThan(0);
    for (const { prompt } of prompts) expect(prompt).toContain(flowers.colors.primary);
  });

  it("opens the page with a navbar naming the project whose links reach the page's sections, and ends with a footer", async () => {
    const sections = (await exported(florist.projectKey, florist.homePageKey)).pages[0].sections;
    expect(sections[0].type).toBe('navbar');
    expect(sections[1].type).toBe('hero');
    expect(sections.at(-1)!.type).toBe('footer');
    expect(sections[0].html).toContain('Petal &amp; Stem Flowers');
    expect(sections.at(-1)!.html).toContain('Petal &amp; Stem Flowers');

    const links = navLinks(sections[0].html);
    expect(links.length).toBeGreaterThanOrEqual(2);
    const roots = sections.map((section) => /\sid="([^"]+)"/.exec(section.html)![1]);
    for (const link of links) expect(roots.slice(1)).toContain(link.target);
    const allIds = new Set(sections.flatMap((section) => [...idsIn(section.html)]));
    const anchors = [...sections[0].html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    expect(anchors.filter((id) => !allIds.has(id))).toEqual([]);
  });

  it("create_page with ai keeps the project's theme and wears the same navbar and footer, linked to the new page", async () => {
    const themeBefore = await themeOf(florist.projectKey);
    const result = await h.client.callTool({
      name: 'create_page',
      arguments: {
        projectKey: florist.projectKey,
        title: 'Weddings',
        ai: {
          libraries: [h.library],
          prompt: 'A page about wedding flowers, also for startup offices, with pricing and questions',
          text: 'Bridal bouquet: £180\nTable centrepieces: £45 each\nQ: Do you deliver?\nA: Yes, across Bath.',
        },
      },
    });
    const page = result.structuredContent as { pageKey: string; ai: { status: string } };
    expect(page.ai.status).toBe('generated');
    expect(await themeOf(florist.projectKey)).toEqual(themeBefore);

    const stored = async (pageKey: string) =>
      h.app.prisma.section.findMany({ where: { page: { key: pageKey } }, orderBy: { order: 'asc' } });
    const [home, weddings] = [await stored(florist.homePageKey), await stored(page.pageKey)];
    for (const type of ['navbar', 'footer']) {
      const [before, after] = [home, weddings].map((sections) => sections.find((s) => s.type === type)!);
      expect(after.librarySectionId).toBe(before.librarySectionId);
      expect(Object.keys(after.styles as object)).toEqual(Object.keys(before.styles as object));
    }
    expect(weddings[0].type).toBe('navbar');
    expect(weddings.at(-1)!.type).toBe('footer');

    const sections = (await exported(florist.projectKey, page.pageKey)).pages[0].sections;
    expect(sections[0].html).toContain('Petal &amp; Stem Flowers');
    const roots = sections.map((section) => /\sid="([^"]+)"/.exec(section.html)![1]);
    const links = navLinks(sections[0].html);
    expect(links.map((link) => link.label)).toContain('Pricing');
    for (const link of links) expect(roots.slice(1)).toContain(link.target);
  });
});
