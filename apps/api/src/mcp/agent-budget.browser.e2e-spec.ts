import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import sharp from 'sharp';
import { type DemoCredentials, oweMissingScreenshots } from '#folio/seed';
import { type McpTools, startMcpTools, waitUntil } from '#folio/testing';

// What an agent pays for Folio's answers, seen through the official SDK client in process on the demo
// data: every export answer within its budget, outlines, screenshots as images. (The tool list's size, in
// both eras: mcp.e2e-spec.ts.)

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
type Block = { type: string; text?: string; data?: string; mimeType?: string };

const textBytes = (result: ToolResult) =>
  (result.content as Block[])
    .filter((block) => block.type === 'text')
    .reduce((sum, block) => sum + Buffer.byteLength(block.text!), 0);

interface Answer {
  pages: { pageKey: string; sections: { sectionKey: string; screenshotUrl?: string | null }[] }[];
  truncated?: { next: Record<string, unknown> };
}

describe('MCP answers within an agent’s budget', () => {
  let app: McpTools;
  let demo: DemoCredentials;
  let northwind: string;

  beforeAll(async () => {
    // The demo's versions owe their section screenshots, as after `npm start`.
    app = await startMcpTools({ demo: true, prepare: (database) => oweMissingScreenshots(database.prisma) });
    demo = app.demo!;
    northwind = demo.projects.find((p) => p.title.startsWith('Northwind'))!.key;
  });

  afterAll(() => app?.close());

  const connect = () => app.connectMcp(demo.apiKey);

  const sections = (client: Client, args: Record<string, unknown>) =>
    client.callTool({ name: 'get_project_sections', arguments: { projectKey: northwind, ...args } });

  it('advertises tools and the views’ resources only: no empty prompts list', async () => {
    const capabilities = (await connect()).getServerCapabilities()!;
    expect(capabilities.tools).toBeDefined();
    expect(capabilities.resources).toBeDefined();
    expect(capabilities).not.toHaveProperty('prompts');
  });

  it('returns every Northwind section exactly once over the continuations, each answer within 80,000 bytes', async () => {
    const client = await connect();
    for (const args of [{}, { includeHtml: true, includeModels: true }]) {
      const seen: string[] = [];
      let next: Record<string, unknown> | undefined = args;
      let parts = 0;
      while (next && parts < 30) {
        const result = await sections(client, next);
        expect(result.isError ?? false).toBe(false);
        expect(textBytes(result)).toBeLessThanOrEqual(80_000);
        const answer = result.structuredContent as unknown as Answer;
        seen.push(...answer.pages.flatMap((page) => page.sections.map((s) => s.sectionKey)));
        next = answer.truncated?.next;
        parts++;
      }
      expect(parts).toBeGreaterThan(1);
      expect(seen).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
    }
  });

  it('writes every URL of an export absolute', async () => {
    const client = await connect();
    const result = await sections(client, { includeHtml: true, pageKey: undefined });
    const text = (result.content as Block[])[0].text!;
    expect(text).not.toMatch(/"(url|src|screenshotUrl)":"\//);
    expect(text).not.toMatch(/ (src|href)=\\"\/assets\//);
  });

  it('outlines Northwind in under 8 KB with screenshots, and shows them as images on request', async () => {
    const client = await connect();
    // Screenshots are taken in the background after the demo is seeded.
    let outline: ToolResult | undefined;
    await waitUntil(
      'Northwind section screenshots',
      async () => {
        outline = await sections(client, { detail: 'outline' });
        const answer = outline.structuredContent as unknown as Answer;
        return answer.pages.every((page) => page.sections.every((s) => s.screenshotUrl !== null));
      },
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
    expect(textBytes(outline!)).toBeLessThan(8_000);

    let next: Record<string, unknown> | undefined = { detail: 'outline', includeScreenshots: true };
    const pictured: string[] = [];
    while (next) {
      const result = await sections(client, next);
      const blocks = result.content as Block[];
      const images = blocks.filter((block) => block.type === 'image');
      let tokens = Math.ceil(textBytes(result) / 4);
      for (const [index, block] of blocks.entries()) {
        if (block.type !== 'image') continue;
        // Each image follows a line saying which section it shows.
        const label = blocks[index - 1].text!;
        pictured.push(/section (\w+)/.exec(label)![1]);
        expect(block.mimeType).toBe('image/jpeg');
        const { width, height } = await sharp(Buffer.from(block.data!, 'base64')).metadata();
        expect(width).toBeLessThanOrEqual(480);
        tokens += Math.ceil((width! * height!) / 750);
      }
      expect(images.length).toBeGreaterThan(0);
      expect(tokens).toBeLessThanOrEqual(20_000);
      next = (result.structuredContent as unknown as Answer).truncated?.next;
    }
    const withScreenshots = (outline!.structuredContent as unknown as Answer).pages.flatMap((page) =>
      page.sections.filter((s) => s.screenshotUrl).map((s) => s.sectionKey),
    );
    expect(pictured).toEqual(withScreenshots);
  });
});
