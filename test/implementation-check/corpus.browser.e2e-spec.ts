// check_implementation through the MCP SDK client on the demo: the export's own HTML scores ≥ 0.97 at every
// breakpoint, the same input gives the same answer, and the planted defects are detected and located.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { startMcpTools, type McpTools } from '#folio/testing';
import { exportDocument, type ExportedSectionForCheck } from '../../bench/check/export-document.js';
import { checkHtml, corpusTable, exportedPage, runCorpus } from '../../bench/check/corpus-run.js';

describe('check_implementation on the demo', () => {
  let tools: McpTools;
  let client: Client;
  let projectKey: string;
  let pageKey: string;
  let themeCss: string;
  let sections: ExportedSectionForCheck[];

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
    const { outcomes } = await runCorpus(client, projectKey, pageKey, themeCss, sections.slice(0, 6));
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
});
