// check_implementation through the MCP SDK client on the demo: the export's own HTML scores ≥ 0.97 at every
// breakpoint, the same input gives the same answer, the planted defects are detected and located, and a
// design is rendered once for its checks and anew when the draft changes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import sharp from 'sharp';
import { metricsRegistry } from '#folio/metrics';
import { newApiKey, newUser, startMcpTools, type McpTools } from '#folio/testing';
import { exportDocument, type ExportedSectionForCheck, walk } from '../../bench/check/export-document.js';
import {
  checkHtml,
  type CheckOutcome,
  corpusTable,
  exportedPage,
  runCorpus,
} from '../../bench/check/corpus-run.js';

describe('check_implementation on the demo', () => {
  let tools: McpTools;
  let client: Client;
  let projectKey: string;
  let pageKey: string;
  let themeCss: string;
  let sections: ExportedSectionForCheck[];
  /** Each section's own export checked, by section key: what the corpus's defects drop from. */
  const clean = new Map<string, CheckOutcome>();

  beforeAll(async () => {
    tools = await startMcpTools({ demo: true, env: { RATE_LIMIT_IMPLEMENTATION_CHECKS_PER_MINUTE: '0' } });
    client = await tools.connectMcp(tools.demo!.apiKey);
    const northwind = tools.demo!.projects.find((p) => p.title.startsWith('Northwind'))!;
    projectKey = northwind.key;
    const outline = await client.callTool({
      name: 'get_project_sections',
      arguments: { projectKey, detail: 'outline' },
    });
    pageKey = (outline.structuredContent as { pages: { pageKey: string }[] }).pages[0].pageKey;
    ({ themeCss, sections } = await exportedPage(client, projectKey, pageKey));
  }, 120_000);

  afterAll(() => tools?.close());

  it('scores the export’s own HTML of each section ≥ 0.97 at every breakpoint, the same twice', async () => {
    for (const section of sections) {
      const html = exportDocument(themeCss, [section]);
      const first = await checkHtml(client, projectKey, pageKey, section.sectionKey, html);
      clean.set(section.sectionKey, first);
      expect({
        section: section.sectionKey,
        low: first.breakpoints.filter((b) => b.score < 0.97),
        mismatches: first.mismatches.slice(0, 3),
      }).toEqual({
        section: section.sectionKey,
        low: [],
        mismatches: expect.any(Array),
      });
      expect(first.breakpoints.map((b) => b.name)).toEqual(['desktop', 'tablet', 'mobile']);
      if (section === sections[0]) {
        const again = await checkHtml(client, projectKey, pageKey, section.sectionKey, html);
        expect(again).toEqual(first);
      }
    }
  }, 300_000);

  it('detects and locates ≥ 90 % of at least 20 planted defects', async () => {
    const corpusSections = sections.slice(0, 6);
    const checked = corpusSections.every((section) => clean.has(section.sectionKey));
    const { outcomes } = await runCorpus(
      client,
      projectKey,
      pageKey,
      themeCss,
      corpusSections,
      checked ? clean : undefined,
    );
    const misses = outcomes
      .filter((o) => !o.detected || !o.located)
      .map(
        (o) =>
          `${o.defect.kind} on ${o.defect.elementKey}: ${o.clean} → ${o.overall}, ${o.detected ? 'not located' : 'not detected'}`,
      );
    console.log(`${corpusTable(outcomes)}\n\nMissed:\n${misses.join('\n')}`);
    expect(outcomes.length).toBeGreaterThanOrEqual(20);
    expect(outcomes.filter((o) => o.detected && o.located).length / outcomes.length).toBeGreaterThanOrEqual(
      0.9,
    );
    expect(misses.length).toBeLessThanOrEqual(Math.floor(outcomes.length * 0.1));
  }, 600_000);

  const errorText = (result: Awaited<ReturnType<Client['callTool']>>) => ({
    isError: result.isError ?? false,
    text: (result.content as { text?: string }[]).map((block) => block.text ?? '').join(' '),
  });

  it('refuses another account’s project, a private URL, oversize and ambiguous input as tool errors', async () => {
    const stranger = await newUser(tools);
    const strangerClient = await tools.connectMcp(
      (await newApiKey(tools, stranger, { scopes: ['list:project'] })).text,
    );
    const call = (c: Client, args: Record<string, unknown>) =>
      c.callTool({ name: 'check_implementation', arguments: { projectKey, pageKey, ...args } });

    expect(errorText(await call(strangerClient, { html: '<p>mine</p>' }))).toEqual({
      isError: true,
      text: expect.stringContaining(projectKey),
    });
    expect(errorText(await call(client, { url: 'https://127.0.0.1/' }))).toEqual({
      isError: true,
      text: expect.stringContaining('private or local network address'),
    });
    expect(errorText(await call(client, { url: 'http://example.com/' })).isError).toBe(true);
    expect(errorText(await call(client, { html: 'x'.repeat(7 * 1024 * 1024 + 1) })).isError).toBe(true);
    expect(errorText(await call(client, { html: '<p>a</p>', url: 'https://example.com/' }))).toEqual({
      isError: true,
      text: expect.stringContaining('exactly one of html, url or screenshots'),
    });
  });

  it('judges screenshots by their pixels: a blank one scores low and names the design elements it lacks', async () => {
    const blank = await sharp({ create: { width: 1280, height: 900, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const section = sections[1] ?? sections[0];
    const result = await client.callTool({
      name: 'check_implementation',
      arguments: {
        projectKey,
        pageKey,
        sectionKey: section.sectionKey,
        screenshots: [{ breakpoint: 'desktop', image: blank.toString('base64') }],
      },
    });
    const answer = result.structuredContent as {
      breakpoints: { name: string; visual: number; text: number | null }[];
      mismatches: { elementKey: string | null }[];
    };
    expect(answer.breakpoints).toEqual([expect.objectContaining({ name: 'desktop', text: null })]);
    expect(answer.breakpoints[0].visual).toBeLessThan(0.9);
    expect(answer.mismatches.length).toBeGreaterThan(0);
    expect(answer.mismatches.every((m) => typeof m.elementKey === 'string')).toBe(true);
    // One diff overlay, after its label.
    expect((result.content as { type: string }[]).filter((block) => block.type === 'image')).toHaveLength(1);
    const wrong = await client.callTool({
      name: 'check_implementation',
      arguments: {
        projectKey,
        pageKey,
        screenshots: [{ breakpoint: 'watch', image: blank.toString('base64') }],
      },
    });
    expect(errorText(wrong)).toEqual({
      isError: true,
      text: expect.stringContaining('one screenshot per breakpoint'),
    });
  });

  /** Designs checks have compared with: rendered (miss) or kept (hit). */
  async function designLookups() {
    const { values } = await metricsRegistry.getSingleMetric('folio_check_design_lookups_total')!.get();
    const count = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
    return { hit: count('hit'), miss: count('miss') };
  }

  it('renders a design once for the checks of it, and anew once the draft changes', async () => {
    const section = sections[1] ?? sections[0];
    const html = exportDocument(themeCss, [section]);
    const check = async () =>
      (await checkHtml(client, projectKey, pageKey, section.sectionKey, html)) as CheckOutcome & {
        revision: number;
      };
    const setText = async (elementKey: string, text: string) => {
      const result = await client.callTool({
        name: 'edit_project',
        arguments: { projectKey, changes: [{ op: 'setText', elementKey, text }] },
      });
      expect(result.isError).toBeFalsy();
      return (result.structuredContent as { revision: number }).revision;
    };

    const before = await check();
    let lookups = await designLookups();
    expect(await check()).toEqual(before);
    expect(await designLookups()).toEqual({ hit: lookups.hit + 1, miss: lookups.miss });

    const heading = [...walk(section.elementTree)].find((node) => (node.text?.trim().length ?? 0) > 3)!;
    const revision = await setText(heading.key, heading.text!.replace(/^\S+/, 'Different'));
    lookups = await designLookups();
    const changed = await check();
    expect(changed.revision).toBe(revision);
    expect(changed.overall).toBeLessThan(before.overall);
    expect(changed.mismatches.map((m) => m.elementKey)).toContain(heading.key);
    expect(await designLookups()).toEqual({ hit: lookups.hit, miss: lookups.miss + 1 });

    // Back as it was: the design it was, still kept.
    const restored = await setText(heading.key, heading.text!);
    lookups = await designLookups();
    expect(await check()).toEqual({ ...before, revision: restored });
    expect(await designLookups()).toEqual({ hit: lookups.hit + 1, miss: lookups.miss });
  }, 120_000);
});
