/**
 * edit_project budget (issue 31), on PostgreSQL with the demo seed: one call of 50 changes to the demo's
 * Northwind project (30 sections), p50 ≤ 50 ms from the call to its answer. The calls go one at a time
 * through the MCP SDK client over HTTP to the real api app (standalone, LOG_LEVEL=warn) in this process;
 * each alternates the texts and styles, so every call writes. Rate limits are off.
 * Run: npm run bench:edit   (DATABASE_URL names a PostgreSQL server, default
 * postgres://postgres@127.0.0.1:5432/test; a throwaway database is created on it and dropped.
 * BENCH_RUNS sets the number of measured calls, default 60.)
 */
import { type Element, walkElements } from '#folio/content';
import { PrismaService } from '#folio/db';
import { connectMcpClient, createTestDatabase, ownAddress } from '#folio/testing';
import { startStandalone } from '../apps/standalone/src/standalone.js';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const runs = Number(process.env.BENCH_RUNS ?? 60);
const warmup = 5;
const budgetMs = 50;
const changesPerCall = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const db = await createTestDatabase({
    ...(await ownAddress()),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_KEY_PER_MINUTE: '0',
    RATE_LIMIT_IP_PER_MINUTE: '0',
    RATE_LIMIT_EDITS_PER_MINUTE: '0',
  });
  const app = await startStandalone(db.config);
  try {
    const project = await app.apps.api.get(PrismaService).project.findFirstOrThrow({
      where: { title: { startsWith: 'Northwind' } },
      select: { key: true, pages: { select: { sections: { select: { tree: true } } } } },
    });
    const texts = project.pages
      .flatMap((page) => page.sections)
      .flatMap((section) => [...walkElements(section.tree as unknown as Element)])
      .filter((element) => element.type === 'text' && !element.children?.length)
      .map((element) => element.key);
    if (texts.length < changesPerCall / 2)
      throw new Error(`Northwind has only ${texts.length} text elements`);
    const client = await connectMcpClient(app.url, { key: app.demo!.apiKey });
    const changes = (run: number) =>
      Array.from({ length: changesPerCall }, (_, index) => {
        const elementKey = texts[index % texts.length];
        return index % 2
          ? { op: 'setStyle', elementKey, style: { 'letter-spacing': `${(run % 5) / 100}em` } }
          : { op: 'setText', elementKey, text: `Bench text ${run}.${index}` };
      });
    const times: number[] = [];
    for (let run = 0; run < warmup + runs; run++) {
      const started = performance.now();
      const result = await client.callTool({
        name: 'edit_project',
        arguments: { projectKey: project.key, changes: changes(run) },
      });
      const elapsed = performance.now() - started;
      if (result.isError) throw new Error(`edit_project failed: ${JSON.stringify(result.content)}`);
      if (run >= warmup) times.push(elapsed);
    }
    await client.close();
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    console.log(
      `edit_project, PostgreSQL, demo Northwind (${texts.length} text elements), ${changesPerCall} changes per call, ${runs} calls (after ${warmup} warm-up):`,
    );
    console.log(
      `  p50 ${p50.toFixed(1)} ms   p95 ${percentile(sorted, 95).toFixed(1)} ms   max ${sorted[sorted.length - 1].toFixed(1)} ms   budget p50 ≤ ${budgetMs} ms: ${p50 <= budgetMs ? 'met' : 'MISS'}`,
    );
  } finally {
    await app.close();
    await db.drop();
  }
}

await main();
