/**
 * check_implementation (issue 33), through the MCP SDK client in process on the demo's Northwind home page:
 * - p50 of a one-section check at the project's three breakpoints (budget 3 s) over BENCH_RUNS runs
 *   (default 7) after one warm-up (Chromium's launch);
 * - p50 of a whole-page check (budget 8 s), the page's sections rebuilt from their export;
 * - the planted-defect corpus (bench/check/corpus.ts): per defect kind, detected / located / score drop.
 * Run: npm run bench:check   (embedded database; nothing else needed)
 */
import { startMcpTools } from '#folio/testing';
import { checkHtml, corpusTable, exportedPage, runCorpus } from './check/corpus-run.js';
import { exportDocument } from './check/export-document.js';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const sectionBudgetMs = 3_000;
const pageBudgetMs = 8_000;

const tools = await startMcpTools({ demo: true, env: { RATE_LIMIT_IMPLEMENTATION_CHECKS_PER_MINUTE: '0' } });
try {
  const client = await tools.connectMcp(tools.demo!.apiKey);
  const projectKey = tools.demo!.projects.find((p) => p.title.startsWith('Northwind'))!.key;
  const outline = await client.callTool({
    name: 'get_project_sections',
    arguments: { projectKey, detail: 'outline' },
  });
  const pageKey = (outline.structuredContent as { pages: { pageKey: string }[] }).pages[0].pageKey;
  const { themeCss, sections } = await exportedPage(client, projectKey, pageKey);

  const p50 = async (check: () => Promise<unknown>) => {
    await check();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await check();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  };
  const section = sections[1] ?? sections[0];
  const sectionMs = await p50(() =>
    checkHtml(client, projectKey, pageKey, section.sectionKey, exportDocument(themeCss, [section])),
  );
  const pageHtml = exportDocument(themeCss, sections);
  const pageMs = await p50(async () => {
    const result = await client.callTool({
      name: 'check_implementation',
      arguments: { projectKey, pageKey, html: pageHtml },
    });
    if (result.isError) throw new Error(JSON.stringify(result.content));
  });

  const { outcomes } = await runCorpus(client, projectKey, pageKey, themeCss, sections.slice(0, 6));
  console.log(corpusTable(outcomes));
  console.log('');
  console.log(
    `one section, 3 breakpoints: p50 ${(sectionMs / 1000).toFixed(2)} s (budget ${sectionBudgetMs / 1000} s)`,
  );
  console.log(
    `page of ${sections.length} sections, 3 breakpoints: p50 ${(pageMs / 1000).toFixed(2)} s (budget ${pageBudgetMs / 1000} s)`,
  );
  if (sectionMs > sectionBudgetMs || pageMs > pageBudgetMs) process.exitCode = 1;
} finally {
  await tools.close();
}
