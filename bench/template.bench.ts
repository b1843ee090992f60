/**
 * Template API budget (issue 6), on PostgreSQL with the demo seed: `POST /project/create-from-template/…`
 * with 5 pages × 20 sections, p50 ≤ 300 ms as a create (new project id each time) and p50 ≤ 300 ms as an
 * update (the same call again: every page and section known by id, texts changed). Requests go one at a
 * time over HTTP to the real api app (standalone, LOG_LEVEL=warn) in this process.
 * Run: npm run bench:template   (DATABASE_URL names a PostgreSQL server, default
 * postgres://postgres@127.0.0.1:5432/test; a throwaway database is created on it and dropped.
 * BENCH_RUNS sets the number of measured calls of each kind, default 40.)
 */
import { startStandalone } from '../apps/standalone/src/standalone.js';
import { createTestDatabase, ownAddress } from '#folio/testing';
import { launchKitProject } from './lib/launch-kit-project.js';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const runs = Number(process.env.BENCH_RUNS ?? 40);
const warmup = 5;
const budgetMs = 300;
const shape = { pages: 5, sectionsPerPage: 20 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const db = await createTestDatabase({ ...(await ownAddress()), SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  const app = await startStandalone(db.config);
  try {
    const call = async (payload: object, expected: number): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${app.url}/project/create-from-template/${app.demo!.templateKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': app.demo!.apiKey },
        body: JSON.stringify(payload),
      });
      const answer = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== expected)
        throw new Error(`expected ${expected}, got ${response.status}: ${answer}`);
      return elapsed;
    };
    const creates: number[] = [];
    const updates: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const created = await call(launchKitProject(`bench-${i}`, 0, shape), 201);
      const updated = await call(launchKitProject(`bench-${i}`, 1, shape), 200);
      if (i >= warmup) {
        creates.push(created);
        updates.push(updated);
      }
    }
    console.log(
      `template API, PostgreSQL, ${shape.pages} pages × ${shape.sectionsPerPage} sections, ${runs} calls each (after ${warmup} warm-up):`,
    );
    let missed = false;
    for (const [name, times] of [
      ['create', creates],
      ['update', updates],
    ] as const) {
      const sorted = [...times].sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      missed ||= p50 > budgetMs;
      console.log(
        `  ${name.padEnd(6)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms   max ${sorted[sorted.length - 1].toFixed(1).padStart(6)} ms   budget p50 ≤ ${budgetMs} ms: ${p50 <= budgetMs ? 'met' : 'MISS'}`,
      );
    }
    if (missed) console.log('MISS: a budget was not met');
  } finally {
    await app.close();
    await db.drop();
  }
}

await main();
