/**
 * AI page quality (issues 22 §5 and 36): the offline composer on 21 briefs of different subjects
 * (bench/ai-quality/briefs.ts), 12 written as a prompt and a text full of facts and 9 as one prompt, through
 * the MCP SDK client to the standalone app in this process on the demo seed. Per brief and in total: the
 * share of the brief's facts shown verbatim, placeholders, short texts repeated in a section, empty picture
 * frames, truncated texts, repeated sentences, the motifs of the generated pictures (no two briefs should
 * share one), distinct palettes across briefs, and the time of `create_project` with `ai` (once the demo's
 * own section screenshots are done, each brief called BENCH_REPEATS times, default 3, each call once the
 * earlier pages' images are drawn; p50/p90 over all calls). The measures are defined in
 * bench/ai-quality/page-metrics.ts. The first page of each brief is rendered as a site renders it, its
 * images drawn, and saved as a full-page Chromium screenshot under AI_QUALITY_DIR (default
 * .data/ai-quality/<time>/). A brief whose call fails shows its error and no figure; then no total is shown
 * and the bench exits non-zero.
 * Run: npm run bench:ai-quality   (embedded PGlite by default; DATABASE_URL=postgres://… on PostgreSQL.)
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchChromium } from '#folio/testing';
import { briefs, type Brief } from './ai-quality/briefs.js';
import { capturePage } from './ai-quality/page-capture.js';
import { briefTable, type BriefRun, findings, pageQuality, totals } from './ai-quality/report.js';
import { type AiBenchApp, demoScreenshotsDone, imagesDrawn, startAiBenchApp } from './lib/ai-bench-app.js';
import { type Measurement, summaryTable } from './lib/measurement.js';
import { printTable } from './load/latency-report.js';

const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const warmup = 3;
const outputDir = resolve(
  process.env.AI_QUALITY_DIR || join('.data', 'ai-quality', new Date().toISOString().replace(/[:.]/g, '-')),
);

type AiOutcome = { status: 'generated'; sectionsWritten: number } | { status: 'failed'; message: string };

/** One create_project call with the brief; its time, or why it failed. */
async function createPage(bench: AiBenchApp, brief: Brief, title: string) {
  const started = performance.now();
  const result = await bench.client.callTool({
    name: 'create_project',
    arguments: {
      title,
      ai: { libraries: [bench.library], prompt: brief.prompt, ...(brief.text ? { text: brief.text } : {}) },
    },
  });
  const ms = performance.now() - started;
  const answer = result.structuredContent as { projectKey?: string; ai?: AiOutcome } | undefined;
  if (result.isError || answer?.ai?.status !== 'generated') {
    throw new Error(`create_project did not generate the page: ${JSON.stringify(result).slice(0, 400)}`);
  }
  return { ms, projectKey: answer.projectKey!, sections: answer.ai.sectionsWritten };
}

/** The brief's calls; the first call's page is the one read. */
async function callBrief(bench: AiBenchApp, brief: Brief) {
  const calls: Measurement = {
    name: brief.name,
    seconds: 0,
    latencies: [],
    failures: { noAnswer: 0, byStatus: {}, unexpectedBodies: 0, examples: {} },
  };
  let first: { projectKey: string; sections: number } | null = null;
  for (let i = 0; i < repeats; i++) {
    await imagesDrawn(bench);
    try {
      const made = await createPage(bench, brief, i === 0 ? brief.title : `${brief.title} (${i + 1})`);
      calls.latencies.push(made.ms);
      calls.seconds += made.ms / 1000;
      first ??= made;
    } catch (error) {
      calls.failures.unexpectedBodies++;
      calls.failures.examples['failed call'] ??= (error as Error).message;
      break;
    }
  }
  calls.latencies.sort((a, b) => a - b);
  return { calls, first };
}

async function measure(bench: AiBenchApp): Promise<BriefRun[]> {
  await demoScreenshotsDone(bench);
  for (let i = 0; i < warmup; i++) await createPage(bench, briefs[0], `Warm-up ${i + 1}`);
  const called = [];
  for (const brief of briefs) called.push({ brief, ...(await callBrief(bench, brief)) });

  await mkdir(outputDir, { recursive: true });
  const browser = await launchChromium();
  try {
    const runs: BriefRun[] = [];
    for (const [index, { brief, calls, first }] of called.entries()) {
      if (!first || calls.failures.unexpectedBodies > 0) {
        runs.push({ brief, calls, quality: null });
        continue;
      }
      await imagesDrawn(bench, first.projectKey);
      const screenshot = join(
        outputDir,
        `${String(index + 1).padStart(2, '0')}-${brief.name.replace(/\W+/g, '-')}.png`,
      );
      const page = await capturePage(bench, browser, first.projectKey, screenshot);
      runs.push({ brief, calls, quality: pageQuality(brief, page, first.sections) });
    }
    return runs;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const bench = await startAiBenchApp();
  let runs: BriefRun[];
  try {
    runs = await measure(bench);
  } finally {
    await bench.close();
  }
  console.log(
    `AI page quality, offline composer, ${bench.database}, ${runs.length} briefs, ${repeats} calls each (after ${warmup} warm-up), each once earlier images are drawn:`,
  );
  printTable(briefTable(runs));
  console.log('\nFindings');
  for (const line of findings(runs)) console.log(`  ${line}`);
  const { rows, unmeasured } = summaryTable(totals(runs));
  console.log('\nTotals');
  printTable(rows);
  console.log(`\nScreenshots: ${outputDir}`);
  if (unmeasured > 0) {
    console.log(`\n${runs.filter((run) => !run.quality).length} brief(s) FAILED: no totals are shown.`);
    process.exitCode = 1;
  }
}

await main();
