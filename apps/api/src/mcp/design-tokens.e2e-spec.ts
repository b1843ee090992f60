import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { type Theme } from '#folio/content';
import { type McpTools, startMcpTools } from '#folio/testing';

// get_project_sections with includeTokens, through the MCP SDK client on the demo data: the theme as W3C
// Design Tokens an agent can map, each naming the CSS the export writes for it.

type Token = { $type: string; $value: unknown; $extensions: Record<string, string> };
type Tokens = Record<'colors' | 'typography' | 'spacing' | 'radii', Record<string, Token>>;
type Answer = {
  tokens?: Tokens;
  themeCss: string;
  pages: { sections: { css: unknown; html: string }[] }[];
};

describe('get_project_sections includeTokens (MCP SDK client)', () => {
  let app: McpTools;
  let client: Client;
  let northwind: string;
  let theme: Theme;

  const exported = async (args: Record<string, unknown>) =>
    (
      await client.callTool({
        name: 'get_project_sections',
        arguments: { projectKey: northwind, ...args },
      })
    ).structuredContent as unknown as Answer;

  beforeAll(async () => {
    app = await startMcpTools({ demo: true });
    client = await app.connectMcp(app.demo!.apiKey);
    northwind = app.demo!.projects.find((p) => p.title.startsWith('Northwind'))!.key;
    theme = (await app.prisma.project.findUniqueOrThrow({ where: { key: northwind } }))
      .theme as unknown as Theme;
  });

  afterAll(() => app?.close());

  it('returns every colour, text style, spacing and radius of the theme as a typed DTCG token', async () => {
    const { tokens } = await exported({ detail: 'outline', includeTokens: true });
    expect(Object.keys(tokens!.colors).sort()).toEqual(Object.keys(theme.colors).sort());
    expect(Object.keys(tokens!.typography).sort()).toEqual(Object.keys(theme.textStyles).sort());
    expect(Object.keys(tokens!.spacing).sort()).toEqual(Object.keys(theme.spacing).sort());
    expect(Object.keys(tokens!.radii).sort()).toEqual(Object.keys(theme.radii).sort());
    expect(tokens!.colors.primary).toEqual({
      $type: 'color',
      $value: theme.colors.primary,
      $extensions: { 'folio.css': '--color-primary' },
    });
    const h1 = theme.textStyles.h1;
    expect(tokens!.typography.h1).toMatchObject({
      $type: 'typography',
      $value: {
        fontFamily: h1.fontFamily,
        fontSize: h1.fontSize,
        fontWeight: h1.fontWeight,
        lineHeight: Number(h1.lineHeight),
      },
      $extensions: { 'folio.css': '.ts-h1' },
    });
    const [space] = Object.keys(theme.spacing);
    expect(tokens!.spacing[space]).toMatchObject({ $type: 'dimension', $value: theme.spacing[space] });
    const [radius] = Object.keys(theme.radii);
    expect(tokens!.radii[radius]).toMatchObject({ $type: 'dimension', $value: theme.radii[radius] });
  });

  it('names, for each token, a custom property or class the theme CSS defines with its value', async () => {
    const { tokens, themeCss } = await exported({ includeTokens: true, sectionKeys: undefined });
    for (const group of ['colors', 'spacing', 'radii'] as const) {
      for (const token of Object.values(tokens![group])) {
        expect(themeCss).toContain(`${token.$extensions['folio.css']}:${token.$value as string}`);
      }
    }
    for (const token of Object.values(tokens!.typography)) {
      expect(themeCss).toContain(`.folio-page ${token.$extensions['folio.css']}{`);
    }
  });

  it('writes the sections’ CSS through those properties and classes, not copies of their values', async () => {
    const { tokens, pages } = await exported({ includeTokens: true, includeHtml: true });
    const properties = new Set(
      (['colors', 'spacing', 'radii'] as const).flatMap((group) =>
        Object.values(tokens![group]).map((token) => token.$extensions['folio.css']),
      ),
    );
    const classes = new Set(
      Object.values(tokens!.typography).map((token) => token.$extensions['folio.css'].slice(1)),
    );
    const sections = pages.flatMap((page) => page.sections).filter((section) => section.css);
    const referenced = sections.flatMap((section) =>
      [...JSON.stringify(section.css).matchAll(/var\((--(?:color|space|radius)-[a-z0-9-]+)/g)].map(
        (match) => match[1],
      ),
    );
    const classesUsed = sections.flatMap((section) =>
      [...section.html.matchAll(/class="[^"]*\b(ts-[a-z0-9-]+)/g)].map((match) => match[1]),
    );
    expect(referenced.length).toBeGreaterThan(0);
    expect(referenced.filter((property) => !properties.has(property))).toEqual([]);
    expect(classesUsed.length).toBeGreaterThan(0);
    expect(classesUsed.filter((name) => !classes.has(name))).toEqual([]);
  });

  it('leaves the tokens out unless asked', async () => {
    expect(await exported({ detail: 'outline' })).not.toHaveProperty('tokens');
  });
});
