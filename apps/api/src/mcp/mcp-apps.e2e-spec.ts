import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { createHash } from 'node:crypto';
import { type PagePreview } from '#folio/mcp-views';
import { PublishService } from '#folio/publishing';
import { type McpTools, mcpToolNames, newApiKey, newProject, newUser, startMcpTools } from '#folio/testing';

// MCP Apps (io.modelcontextprotocol/ui): the views as ui:// resources, the tools that name them, and the
// app-only tools the views call, through the official SDK client in process, on a project of two pages.

const gallery = 'ui://folio/gallery';
const preview = 'ui://folio/preview';
const embedPreview = 'ui://folio/embed-preview';
const check = 'ui://folio/check';

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (result: ToolResult) => (result.content as { text: string }[]).map((b) => b.text).join('\n');

describe('MCP Apps views', () => {
  let app: McpTools;
  let key: string;
  /**
   * The owner's project, published as an embed: a home page of four sections (the first with a width rule)
   * and an About page.
   */
  let northwind: string;

  beforeAll(async () => {
    app = await startMcpTools();
    const owner = await newUser(app);
    key = (await newApiKey(app, owner, { scopes: ['list:project', 'create:project'] })).text;
    // The hero's heading has a tablet rule: the container queries checked below are made of width rules.
    const sections = [
      { title: 'Hero', headingStyles: { tablet: { 'font-size': '2rem' } } },
      ...['Features', 'Quotes', 'Contact'].map((title) => ({ title })),
    ];
    const project = await newProject(app, owner, {
      title: 'Northwind Coffee Roasters',
      pages: [{ sections }, { title: 'About', sections: [{ title: 'Our story' }] }],
    });
    northwind = project.projectKey;
    // preview_embed shows the embed script of the published version.
    await app.get(PublishService).publish(owner.actor, northwind, { destination: 'embed' });
  });
  afterAll(() => app?.close());

  const connect = () => app.connectMcp(key);
  const baseUrl = () => app.config.publicBaseUrl;

  it('lists the four views as self-contained mcp-app HTML resources declaring Folio’s origin only', async () => {
    const client = await connect();
    expect(client.getServerCapabilities()?.resources).toBeDefined();
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([
      [gallery, 'text/html;profile=mcp-app'],
      [preview, 'text/html;profile=mcp-app'],
      [embedPreview, 'text/html;profile=mcp-app'],
      [check, 'text/html;profile=mcp-app'],
    ]);
    const origin = new URL(baseUrl()).origin;
    for (const { uri } of resources) {
      const { contents } = await client.readResource({ uri });
      expect(contents).toHaveLength(1);
      const [content] = contents as { uri: string; mimeType: string; text: string; _meta?: unknown }[];
      expect(content.mimeType).toBe('text/html;profile=mcp-app');
      // Copying the script tag is the one browser permission a view asks for.
      const permissions = uri === embedPreview ? { permissions: { clipboardWrite: {} } } : {};
      expect(content._meta).toEqual({ ui: { csp: { resourceDomains: [origin] }, ...permissions } });
      expect(content.text).toMatch(/^<!doctype html>/i);
      expect(content.text).toContain('<script type="module"');
      // Bundled: no script, stylesheet or module fetched from anywhere.
      expect(content.text).not.toMatch(
        /<script[^>]+src=|<link[^>]+stylesheet|\bimport\s*\(|from\s*["']https?:/,
      );
      expect(content.text.length).toBeGreaterThan(10_000);
    }
  });

  it('gives each view a policy of its own: its script by hash, tool scripts by a nonce made per read, Folio’s images and fonts', async () => {
    const client = await connect();
    const origin = new URL(baseUrl()).origin;
    const read = async (uri: string) =>
      ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    for (const uri of [gallery, preview, embedPreview, check]) {
      const html = await read(uri);
      const [, nonce, script] = /<script type="module"(?: nonce="([^"]+)")?>(.*?)<\/script>/s.exec(html)!;
      const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1];
      expect(
        Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)])),
      ).toEqual({
        'default-src': ["'none'"],
        // Its own script and, in the two views that run the scripts their tools answer with, those.
        'script-src': uri === gallery || uri === check ? [hash] : [hash, `'nonce-${nonce}'`],
        'style-src': ["'unsafe-inline'"],
        'img-src': [origin, 'data:'],
        'font-src': [origin, 'data:'],
        'media-src': [origin],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
      });
      // Before any style or script it could govern.
      expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
      if (uri === gallery || uri === check) expect(nonce).toBeUndefined();
      else {
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
        expect(await read(uri)).not.toContain(nonce);
      }
    }
  });

  it('names a view on the tools that show one, and lists the app-only tools after the agents’ tools', async () => {
    const { tools } = await (await connect()).listTools();
    // The agents' tools first, none of them app-only.
    expect(tools.map((tool) => tool.name)).toEqual(mcpToolNames);
    const viewOf = Object.fromEntries(
      tools.map((t) => [t.name, (t._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri]),
    );
    expect(viewOf).toMatchObject({
      find_projects: gallery,
      get_project_sections: preview,
      create_project: preview,
      create_page: preview,
      edit_project: preview,
      publish_project: preview,
      get_embed_code: embedPreview,
      check_implementation: check,
      list_libraries: undefined,
      search: undefined,
      fetch: undefined,
    });
    const appOnly = tools.slice(11);
    expect(appOnly.map((t) => t.name)).toEqual(['preview_page', 'preview_embed']);
    for (const tool of appOnly) {
      expect(tool._meta).toEqual({ ui: { visibility: ['app'] } });
      expect(tool.outputSchema).toBeUndefined();
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    for (const tool of tools.slice(0, 11)) {
      expect((tool._meta as { ui?: { visibility?: string[] } } | undefined)?.ui?.visibility).toBeUndefined();
    }
  });

  it('keeps the text and structuredContent of the agent tools as they were: the same JSON, no view data', async () => {
    const client = await connect();
    const found = await client.callTool({ name: 'find_projects', arguments: { ids: [northwind] } });
    expect(JSON.parse(textOf(found))).toEqual(found.structuredContent);
    expect(Object.keys(found.structuredContent!)).toEqual(['projects', 'hasMore']);
    const embed = await client.callTool({ name: 'get_embed_code', arguments: { projectKey: northwind } });
    expect(JSON.parse(textOf(embed))).toEqual(embed.structuredContent);
    expect(embed.structuredContent).not.toHaveProperty('html');
  });

  it('preview_page renders the page as sites do, in container mode, with its pages, breakpoints and sections', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'preview_page', arguments: { projectKey: northwind } });
    expect(result.isError ?? false).toBe(false);
    const page = result.structuredContent as unknown as PagePreview;
    expect(page.projectKey).toBe(northwind);
    expect(page.pages.length).toBeGreaterThan(1);
    expect(page.pageKey).toBe(page.pages[0].pageKey);
    expect(page.breakpoints.map((b) => b.name)).toEqual(['desktop', 'tablet', 'mobile']);
    expect(page.breakpoints.map((b) => b.width)).toEqual([1280, 820, 390]);
    expect(page.sections.length).toBeGreaterThan(3);
    for (const { sectionKey } of page.sections)
      expect(page.html).toContain(`data-section-key="${sectionKey}"`);
    // Width rules answer the preview frame's width, not the host window's.
    expect(page.css).toContain('@container');
    expect(page.css).not.toMatch(/@media[^{]*width/);
    // Assets and fonts are absolute under Folio's origin: the view lives on another one.
    expect(page.html).not.toMatch(/src="\/(?!\/)/);
    expect(page.css).toContain(`${baseUrl()}/fonts/`);
    expect(page.pendingImages).toBe(0);
    expect(page.editorUrl).toBe(`${baseUrl()}/editor/${northwind}/${page.pageKey}`);
    // The model is told what the view shows, in a line; the page itself is for the view.
    expect(textOf(result).length).toBeLessThan(300);

    const second = page.pages[1];
    const other = await client.callTool({
      name: 'preview_page',
      arguments: { projectKey: northwind, pageKey: second.pageKey },
    });
    expect((other.structuredContent as unknown as PagePreview).pageKey).toBe(second.pageKey);
  });

  it('preview_embed answers the embed script with the chosen options applied', async () => {
    const client = await connect();
    const plain = await client.callTool({ name: 'preview_embed', arguments: { projectKey: northwind } });
    const shadow = await client.callTool({
      name: 'preview_embed',
      arguments: { projectKey: northwind, options: { shadowdom: true, containerMode: true, fill: true } },
    });
    expect(plain.isError ?? false).toBe(false);
    const [a, b] = [plain, shadow].map((r) => r.structuredContent as { script: string; scriptTag: string });
    expect(a.scriptTag).toContain(`/embed/${northwind}/`);
    expect(b.scriptTag).toContain('shadowdom=1');
    expect(b.script).toContain('attachShadow');
    expect(b.script).toContain('@container');
    expect(a.script).not.toContain('@container');
  });

  it('refuses an unknown page as not found', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'preview_page',
      arguments: { projectKey: northwind, pageKey: 'pgNoSuchPage1' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not found|no page/i);
  });
});
