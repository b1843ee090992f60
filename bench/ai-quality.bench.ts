/**
 * AI page quality (issue 22 §5): the offline composer on 12 briefs of different subjects
 * (bench/ai-quality/briefs.ts), each a prompt and a text full of facts, through the MCP SDK client to the
 * standalone app in this process on the demo seed. Per brief and in total: the share of the brief's facts
 * shown verbatim, truncated texts, repeated sentences, distinct palettes across briefs, and the time of
 * `create_project` with `ai` (once the demo's own section screenshots are done, each brief called
 * BENCH_REPEATS times, default 3, each call once the earlier pages' images are drawn; p50/p90 over all
 * calls). The measures are defined in bench/ai-quality/page-metrics.ts. The first page of each brief is
 * rendered as a site renders it, its images drawn, and saved as a full-page Chromium screenshot under
 * AI_QUALITY_DIR (default .data/ai-quality/<time>/). A brief whose call fails shows its error and no
 * figure; then no total is shown and the bench exits non-zero.
 * Run: npm run bench:ai-quality   (embedded PGlite by default; DATABASE_URL=postgres://… on PostgreSQL.)
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchChromium } from '#folio/testing';
import { briefs, type Brief } from './ai-quality/briefs.js';
import { type CapturedPage, capturePage } from './ai-quality/page-capture.js';
import {
  distinctPalettes,
  factsFound,
  keyColors,
  repeatedSentences,
  truncatedTexts,
} from './ai-quality/page-metrics.js';
import { type AiBenchApp, demoScreenshotsDone, imagesDrawn, startAiBenchApp } from './lib/ai-bench-app.js';
import { printTable } from './load/latency-report.js';
import type { Check, Measurement } from './lib/measurement.js';
import { describeFailures, percentile, summaryTable } from './lib/measurement.js';

const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const warmup = 3;
const budgets = { factsShare: 0.95, truncations: 0, repeated: 0, palettes: 6, p50Ms: 500 };
const outputDir = resolve(
  process.env.AI_QUALITY_DIR || join('.data', 'ai-quality', new Date().toISOString().replace(/[:.]/g, '-')),
);

interface PageQuality {
  sections: number;
  facts: { found: string[]; missing: string[] };
  truncated: string[];
  repeated: string[];
  page: CapturedPage;
  screenshot: string;
}

interface BriefRun {
  brief: Brief;
  /** The create_project calls, with their failures: a failed brief has no figure. */
  calls: Measurement;
  quality: PageQuality | null;
}

type AiOutcome = { status: 'generated'; sectionsWritten: number } | { status: 'failed'; message: string };

/** One create_project call with the brief; its time, or why it failed. */
async function createPage(bench: AiBenchApp, brief: Brief, title: string) {
  const started = performance.now();
  const result = await bench.client.callTool({
    name: 'create_project',
    arguments: { title, ai: { libraries: [bench.library], prompt: brief.prompt, text: brief.text } },
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
      const source = `${brief.prompt}\n${brief.text}`;
      runs.push({
        brief,
        calls,
        quality: {
          sections: first.sections,
          facts: factsFound(brief.facts, page.texts),
          truncated: [...new Set([...truncatedTexts(page.texts, source), ...page.clipped])],
          repeated: repeatedSentences(page.texts),
          page,
          screenshot,
        },
      });
    }
    return runs;
  } finally {
    await browser.close();
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const hex = (rgb: readonly number[] | undefined) =>
  rgb ? `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}` : '-';

function briefTable(runs: BriefRun[]): string[][] {
  const rows = [
    [
      'brief',
      'sections',
      'facts placed',
      'truncated',
      'repeated',
      `palette (${keyColors.join(' ')})`,
      'p50',
      'max',
    ],
  ];
  for (const { brief, calls, quality } of runs) {
    if (!quality) {
      rows.push([brief.name, `FAILED: ${describeFailures(calls.failures)}`, '', '', '', '', '', '']);
      continue;
    }
    const { found, missing } = quality.facts;
    rows.push([
      brief.name,
      String(quality.sections),
      `${found.length}/${found.length + missing.length} ${percent(found.length / (found.length + missing.length))}`,
      String(quality.truncated.length),
      String(quality.repeated.length),
      keyColors.map((token) => hex(quality.page.palette[token])).join(' '),
      ms(percentile(calls.latencies, 50)),
      ms(calls.latencies.at(-1)!),
    ]);
  }
  return rows;
}

/** What each page got wrong, for a person to read next to its screenshot. */
function printFindings(runs: BriefRun[]): void {
  const quoted = (texts: string[]) => texts.map((text) => JSON.stringify(text)).join(', ');
  for (const { brief, quality } of runs) {
    if (!quality) continue;
    const findings = [
      quality.facts.missing.length ? `missing facts: ${quoted(quality.facts.missing)}` : '',
      quality.truncated.length ? `truncated: ${quoted(quality.truncated)}` : '',
      quality.repeated.length ? `repeated: ${quoted(quality.repeated)}` : '',
    ].filter(Boolean);
    if (findings.length) console.log(`  ${brief.name}: ${findings.join('; ')}`);
  }
}

function totals(runs: BriefRun[]): Check[] {
  const all = runs.map((run) => run.calls);
  const pages = () => runs.map((run) => run.quality!);
  const sum = (count: (page: PageQuality) => number) =>
    pages().reduce((total, page) => total + count(page), 0);
  const atMost = (name: string, count: (page: PageQuality) => number, budget: number): Check => ({
    name,
    runs: all,
    limit: String(budget),
    read: () => ({ shown: String(sum(count)), holds: sum(count) <= budget }),
  });
  return [
    {
      name: 'facts placed',
      runs: all,
      limit: `≥ ${percent(budgets.factsShare)}`,
      read: () => {
        const found = sum((page) => page.facts.found.length);
        const share = found / (found + sum((page) => page.facts.missing.length));
        return {
          shown: `${percent(share)} (${found} of ${found + sum((p) => p.facts.missing.length)})`,
          holds: share >= budgets.factsShare,
        };
      },
    },
    atMost('truncated texts', (page) => page.truncated.length, budgets.truncations),
    atMost('repeated sentences', (page) => page.repeated.length, budgets.repeated),
    {
      name: 'distinct palettes',
      runs: all,
      limit: `≥ ${budgets.palettes} over ${runs.length} briefs`,
      read: () => {
        const count = distinctPalettes(pages().map((page) => page.page.palette));
        return { shown: `${count} of ${runs.length}`, holds: count >= budgets.palettes };
      },
    },
    {
      name: 'time per page',
      runs: all,
      limit: `p50 ≤ ${budgets.p50Ms} ms`,
      read: () => {
        const times = all.flatMap((run) => run.latencies).sort((a, b) => a - b);
        const p50 = percentile(times, 50);
        return {
          shown: `p50 ${ms(p50)}   p90 ${ms(percentile(times, 90))}   (${times.length} calls)`,
          holds: p50 <= budgets.p50Ms,
        };
      },
    },
  ];
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
  printFindings(runs);
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
