/**
 * check_implementation (issue 33), through the MCP SDK client in process on the demo's Northwind home page:
 * - p50 of a one-section check at the project's three breakpoints (budget 3 s) over BENCH_RUNS runs
 *   (default 7) after one warm-up (Chromium's launch), twice: repeated against the same design (kept
 *   rendered from the first check), and first after a draft change (edit_project changes a text of the
 *   section before each run, so every run renders a design no check has seen; the run is timed once the
 *   draft screenshots the edit set off, which run in this process, are taken);
 * - the same two p50 of a whole-page check (budget 8 s), the page's sections rebuilt from their export;
 * - the planted-defect corpus (bench/check/corpus.ts): per defect kind, detected / located / score drop.
 * Run: npm run bench:check   (embedded database; nothing else needed)
 */
import { type Client } from '@modelcontextprotocol/client';
import { InProcessJobQueue } from '#folio/jobs';
import { startMcpTools, waitUntil } from '#folio/testing';
import { checkHtml, corpusTable, exportedPage, runCorpus } from './check/corpus-run.js';
import { exportDocument, walk } from './check/export-document.js';

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

  /** p50 of `check` over `runs` runs after a warm-up, each run after `before` (not timed). */
  const p50 = async (check: () => Promise<unknown>, before?: () => Promise<unknown>) => {
    await check();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      await before?.();
      const started = performance.now();
      await check();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  };
  const section = sections[1] ?? sections[0];
  const checkSection = () =>
    checkHtml(client, projectKey, pageKey, section.sectionKey, exportDocument(themeCss, [section]));
  const pageHtml = exportDocument(themeCss, sections);
  const checkPage = async () => {
    const result = await client.callTool({
      name: 'check_implementation',
      arguments: { projectKey, pageKey, html: pageHtml },
    });
    if (result.isError) throw new Error(JSON.stringify(result.content));
  };
  const repeated = { section: await p50(checkSection), page: await p50(checkPage) };

  const { outcomes } = await runCorpus(client, projectKey, pageKey, themeCss, sections.slice(0, 6));

  // After the corpus, which is judged against the design as exported: each run's design has a text of its own.
  const edited = [...walk(section.elementTree)].find((node) => (node.text?.trim().length ?? 0) > 3)!;
  let edits = 0;
  const jobs = tools.get(InProcessJobQueue);
  const draftScreenshotsTaken = async () =>
    (await jobs.overview()).find((queue) => queue.name === 'draft-screenshots')!.counts.completed;
  const changeDraft = async () => {
    const taken = await draftScreenshotsTaken();
    await changeText(client, projectKey, edited.key, `${edited.text} (${++edits})`);
    await waitUntil('the edit’s draft screenshots', async () => (await draftScreenshotsTaken()) > taken, {
      timeoutMs: 60_000,
    });
    await jobs.idle();
  };
  const first = {
    section: await p50(checkSection, changeDraft),
    page: await p50(checkPage, changeDraft),
  };

  console.log(corpusTable(outcomes));
  console.log('');
  const figure = (label: string, ms: number, budgetMs: number) =>
    console.log(`${label}: p50 ${(ms / 1000).toFixed(2)} s (budget ${budgetMs / 1000} s)`);
  const page = `page of ${sections.length} sections, 3 breakpoints`;
  figure('one section, 3 breakpoints, repeated (design kept)', repeated.section, sectionBudgetMs);
  figure(`${page}, repeated (design kept)`, repeated.page, pageBudgetMs);
  figure('one section, 3 breakpoints, first after a draft change', first.section, sectionBudgetMs);
  figure(`${page}, first after a draft change`, first.page, pageBudgetMs);
  const within =
    Math.max(repeated.section, first.section) <= sectionBudgetMs &&
    Math.max(repeated.page, first.page) <= pageBudgetMs;
  if (!within) process.exitCode = 1;
} finally {
  await tools.close();
}

async function changeText(client: Client, projectKey: string, elementKey: string, text: string) {
  const result = await client.callTool({
    name: 'edit_project',
    arguments: { projectKey, changes: [{ op: 'setText', elementKey, text }] },
  });
  if (result.isError) throw new Error(JSON.stringify(result.content));
}
