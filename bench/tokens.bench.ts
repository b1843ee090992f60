/**
 * What MCP answers cost an agent: for each tool and argument set, the bytes of the answer's text content,
 * its estimated tokens (bytes / 4), and the images it carries, on the demo data and on a generated
 * 10-page × 20-section project. A call whose answer names a continuation is followed to the end: the row
 * then reports the parts, the largest part and the whole walk. `tools/list` is measured in both protocol eras.
 * A call that fails prints its error and no figure.
 * Run: npm run bench:tokens   (embedded database unless DATABASE_URL is set; waits up to 3 minutes for the
 * demo's section screenshots so that screenshot URLs and images are part of the figures.)
 */
import { type Client } from '@modelcontextprotocol/client';
import { connectMcpClient, createTestDatabase, ownAddress, waitUntil } from '#folio/testing';
import { startStandalone } from '../apps/standalone/src/standalone.js';
import { launchKitProject } from './lib/launch-kit-project.js';

const generatedShape = { pages: 10, sectionsPerPage: 20 };
/** Claude Code refuses a tool result over 25,000 tokens. */
const agentLimitTokens = 25_000;

type Args = Record<string, unknown>;

interface Part {
  textBytes: number;
  imageTokens: number;
  images: number;
  imageBytes: number;
  sections: number;
  next?: Args;
}

interface ContentBlock {
  type: string;
  text?: string;
  data?: string;
}

const tokensOfText = (bytes: number) => Math.ceil(bytes / 4);

/** Width × height / 750, as Anthropic documents image tokens; dimensions read from the PNG or JPEG header. */
function imageTokens(base64: string): number {
  const bytes = Buffer.from(base64, 'base64');
  let width = 0;
  let height = 0;
  if (bytes.readUInt32BE(0) === 0x89504e47) {
    width = bytes.readUInt32BE(16);
    height = bytes.readUInt32BE(20);
  } else {
    for (let i = 2; i < bytes.length - 9;) {
      const marker = bytes[i + 1];
      if (marker >= 0xc0 && marker <= 0xc2) {
        height = bytes.readUInt16BE(i + 5);
        width = bytes.readUInt16BE(i + 7);
        break;
      }
      i += 2 + bytes.readUInt16BE(i + 2);
    }
  }
  return Math.ceil((width * height) / 750);
}

function countSections(structured: unknown): number {
  const pages = (structured as { pages?: { sections?: unknown[] }[] } | undefined)?.pages;
  return pages?.reduce((sum, page) => sum + (page.sections?.length ?? 0), 0) ?? 0;
}

async function callOnce(client: Client, tool: string, args: Args): Promise<Part> {
  const result = await client.callTool({ name: tool, arguments: args });
  const blocks = result.content as ContentBlock[];
  const text = blocks.filter((block) => block.type === 'text').map((block) => block.text ?? '');
  if (result.isError) throw new Error(text.join(' ').slice(0, 300));
  const images = blocks.filter((block) => block.type === 'image');
  const structured = result.structuredContent as { truncated?: { next?: Args } } | undefined;
  return {
    textBytes: text.reduce((sum, value) => sum + Buffer.byteLength(value), 0),
    imageTokens: images.reduce((sum, image) => sum + imageTokens(image.data!), 0),
    images: images.length,
    imageBytes: images.reduce((sum, image) => sum + image.data!.length, 0),
    sections: countSections(structured),
    next: structured?.truncated?.next,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function describeParts(parts: Part[]): string {
  const sum = (pick: (part: Part) => number) => parts.reduce((total, part) => total + pick(part), 0);
  const largest = Math.max(...parts.map((part) => part.textBytes + part.imageBytes));
  const largestTokens = Math.max(...parts.map((part) => tokensOfText(part.textBytes) + part.imageTokens));
  const text = sum((part) => part.textBytes);
  const figures = [
    `text ${kb(text).padStart(9)} ≈ ${String(tokensOfText(text)).padStart(6)} tokens`,
    sum((part) => part.images)
      ? `images ${sum((part) => part.images)} ≈ ${sum((p) => p.imageTokens)} tokens`
      : '',
    sum((part) => part.sections) ? `sections ${sum((part) => part.sections)}` : '',
    parts.length > 1 ? `in ${parts.length} parts, largest ${kb(largest)} ≈ ${largestTokens} tokens` : '',
    largestTokens > agentLimitTokens ? `OVER the ${agentLimitTokens}-token tool result limit` : '',
  ];
  return figures.filter(Boolean).join(', ');
}

/** The call and, when `walk` is set, every continuation it names. */
async function measure(client: Client, tool: string, args: Args, walk: boolean): Promise<string> {
  const parts: Part[] = [];
  let next: Args | undefined = args;
  while (next && parts.length < 100) {
    const part = await callOnce(client, tool, next);
    parts.push(part);
    next = walk ? part.next : undefined;
  }
  return describeParts(parts);
}

async function row(label: string, run: () => Promise<string>): Promise<void> {
  try {
    console.log(`  ${label.padEnd(58)} ${await run()}`);
  } catch (error) {
    console.log(`  ${label.padEnd(58)} failed: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const db = await createTestDatabase({ ...(await ownAddress()), SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  const app = await startStandalone(db.config);
  const clients: Client[] = [];
  try {
    const demo = app.demo!;
    const legacy = await connectMcpClient(app.url, { key: demo.apiKey, era: 'legacy' });
    const modern = await connectMcpClient(app.url, { key: demo.apiKey, era: 'modern' });
    clients.push(legacy, modern);
    const northwind = demo.projects.find((project) => project.title.startsWith('Northwind'))!.key;

    const created = await fetch(`${app.url}/project/create-from-template/${demo.templateKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': demo.apiKey },
      body: JSON.stringify(launchKitProject('tokens-bench', 0, generatedShape)),
    });
    if (created.status !== 201)
      throw new Error(`generated project: ${created.status} ${await created.text()}`);
    const generated = ((await created.json()) as { projectKey: string }).projectKey;

    const screenshots = await waitForScreenshots(legacy, northwind);
    console.log(`MCP answer sizes (text bytes, ≈ tokens at 4 bytes each; images at w×h/750)`);
    console.log(`demo data (Northwind: ${screenshots})`);
    for (const [era, client] of [
      ['2025 era', legacy],
      ['2026-07-28', modern],
    ] as const) {
      await row(`tools/list (${era})`, async () => {
        const bytes = Buffer.byteLength(JSON.stringify(await client.listTools()));
        return `text ${kb(bytes).padStart(9)} ≈ ${String(tokensOfText(bytes)).padStart(6)} tokens (${bytes} bytes)`;
      });
    }
    const rows: [string, string, Args, boolean][] = [
      ['find_projects {}', 'find_projects', {}, false],
      ['find_projects {search: "coffee"}', 'find_projects', { search: 'coffee' }, false],
      ['get_embed_code {projectKey}', 'get_embed_code', { projectKey: northwind }, false],
      ['list_libraries {}', 'list_libraries', {}, false],
      ['search {query: "coffee"}', 'search', { query: 'coffee' }, false],
      ['fetch {id: projectKey}', 'fetch', { id: northwind }, false],
      [
        'get_project_sections {projectKey} (first answer)',
        'get_project_sections',
        { projectKey: northwind },
        false,
      ],
      [
        'get_project_sections {projectKey} (every part)',
        'get_project_sections',
        { projectKey: northwind },
        true,
      ],
      [
        'get_project_sections +includeHtml +includeModels (every part)',
        'get_project_sections',
        { projectKey: northwind, includeHtml: true, includeModels: true },
        true,
      ],
      [
        'get_project_sections detail: "outline"',
        'get_project_sections',
        { projectKey: northwind, detail: 'outline' },
        false,
      ],
      [
        'get_project_sections outline + screenshots (every part)',
        'get_project_sections',
        { projectKey: northwind, detail: 'outline', includeScreenshots: true },
        true,
      ],
    ];
    for (const [label, tool, args, walk] of rows) await row(label, () => measure(legacy, tool, args, walk));

    console.log(
      `generated project (${generatedShape.pages} pages × ${generatedShape.sectionsPerPage} sections)`,
    );
    const generatedRows: [string, Args, boolean][] = [
      ['get_project_sections {projectKey} (first answer)', { projectKey: generated }, false],
      ['get_project_sections {projectKey} (every part)', { projectKey: generated }, true],
      [
        'get_project_sections +includeHtml +includeModels (every part)',
        { projectKey: generated, includeHtml: true, includeModels: true },
        true,
      ],
      ['get_project_sections detail: "outline"', { projectKey: generated, detail: 'outline' }, false],
    ];
    for (const [label, args, walk] of generatedRows) {
      await row(label, () => measure(legacy, 'get_project_sections', args, walk));
    }
    await row('fetch {id: projectKey}', () => measure(legacy, 'fetch', { id: generated }, false));
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await app.close();
    await db.drop();
  }
}

/** Waits (3 minutes at most) until every Northwind section has a screenshot; says how many have one. */
async function waitForScreenshots(client: Client, projectKey: string): Promise<string> {
  // Repeats (sameAs) show their original's screenshot: the outline counts the sections that have their own.
  const count = async () => {
    const result = await client.callTool({
      name: 'get_project_sections',
      arguments: { projectKey, detail: 'outline' },
    });
    type Outlined = { screenshotUrl?: string | null; sameAs?: string };
    const pages = (result.structuredContent as { pages: { sections: Outlined[] }[] }).pages;
    const sections = pages.flatMap((page) => page.sections).filter((section) => !section.sameAs);
    return { ready: sections.filter((section) => section.screenshotUrl).length, total: sections.length };
  };
  let last = await count();
  try {
    await waitUntil(
      'section screenshots',
      async () => {
        last = await count();
        return last.ready === last.total;
      },
      { timeoutMs: 180_000, intervalMs: 2_000 },
    );
  } catch {
    // Measured as they are: the figures say how many screenshots were there.
  }
  return `${last.ready} of ${last.total} section screenshots ready`;
}

await main();
