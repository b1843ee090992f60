/**
 * Load (issue 9 §4): mixed MCP traffic through one base URL in front of two api processes, two workers and
 * an auth process (all from the build), on PostgreSQL + Redis with the demo seed plus 10,000 projects.
 * Finds the highest rate at which p99 ≤ 200 ms with no error — short probes stepping the rate up, then
 * bisecting — holds it for 60 s, and prints the rate, p50/p95/p99/max per tool and overall, the errors,
 * and each api process's memory before and after. A run that misses is repeated once or twice at 85 %.
 * Mix (raw JSON-RPC tools/call, the demo owner's key): find_projects search 30 %, list 15 %,
 * get_project_sections 25 %, get_embed_code 25 %, create_page 5 %. Requests leave at a fixed rate
 * (open loop), so queueing shows as latency. Rate limits are off: this measures the service, not its throttle.
 * Run: npm run bench:load
 * Env: DATABASE_URL (the server; default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default
 * redis://127.0.0.1:6379), LOAD_SECONDS (60), PROBE_SECONDS (8), START_RATE (50 req/s), LOAD_RATE (skip
 * the search, run at this rate); LOAD_DATABASE, LOAD_DATA_DIR, LOAD_PROJECTS: see load-database.ts.
 */
import { cpus, loadavg } from 'node:os';
import { startTopology, type Topology } from '../lib/topology.js';
import { errorLines, figures, latencyRows, printTable } from './latency-report.js';
import { prepareLoadDatabase } from './load-database.js';
import { createPageShare, judgeToolAnswer, mcpHeaders, readShares, weightedMix } from './mcp-traffic.js';
import { type Outcome, runOpenLoop } from './open-loop.js';
import { describeMemory, processMemory } from './process-memory.js';

const budget = { p99Ms: 200, errors: 0 };
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const probeSeconds = Number(process.env.PROBE_SECONDS ?? 8);
const startRate = Number(process.env.START_RATE ?? 50);
const fixedRate = process.env.LOAD_RATE ? Number(process.env.LOAD_RATE) : null;
const maxProbes = 12;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const meets = (outcomes: Outcome[]) => {
  const f = figures(outcomes);
  return f.errors <= budget.errors && f.p99 <= budget.p99Ms;
};

async function printMemory(topology: Topology, when: string): Promise<void> {
  console.log(`Memory ${when}:`);
  for (const api of topology.apis) console.log(`  ${api.name}  ${describeMemory(await processMemory(api))}`);
}

function shareByInstance(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const { upstream } of outcomes) if (upstream) counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${((count / outcomes.length) * 100).toFixed(0)} %`)
    .join(', ');
}

/** Probes rates for `probeSeconds` each: ×1.5 while they meet the budget, then bisects. */
async function highestRate(run: (rate: number, seconds: number) => Promise<Outcome[]>): Promise<number> {
  let good = 0;
  let bad = Infinity;
  let rate = startRate;
  console.log(`\nProbes (${probeSeconds} s each; budget p99 ≤ ${budget.p99Ms} ms, no error)`);
  for (let probe = 0; probe < maxProbes && rate >= 1; probe++) {
    const outcomes = await run(rate, probeSeconds);
    const f = figures(outcomes);
    const ok = meets(outcomes);
    console.log(
      `  ${String(rate).padStart(5)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(7)} ms   errors ${f.errors}   ${ok ? 'meets' : 'misses'}`,
    );
    if (ok) good = rate;
    else bad = rate;
    if (bad === Infinity) rate = Math.round(rate * 1.5);
    else if (good === 0) rate = Math.floor(rate / 2);
    else if (bad - good <= Math.max(5, good * 0.08)) break;
    else rate = Math.round((good + bad) / 2);
    await pause(2000);
  }
  if (good === 0)
    console.log(`  MISS: no probed rate met the budget; the full run uses ${Math.max(1, rate)} req/s`);
  return good || Math.max(1, rate);
}

async function main(): Promise<void> {
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  console.log(
    `Machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const data = await prepareLoadDatabase();
  const started = performance.now();
  const topology = await startTopology({
    databaseUrl: data.url,
    redisUrl: process.env.REDIS_URL,
    dataDir: data.dataDir,
    jobsPrefix: 'folio-load',
    proxy: 'process',
    env: { RATE_LIMIT_KEY_PER_MINUTE: '0', RATE_LIMIT_IP_PER_MINUTE: '0' },
  });
  try {
    console.log(
      `Topology up in ${((performance.now() - started) / 1000).toFixed(1)} s: proxy ${topology.baseUrl} → ${topology.apis.map((a) => a.name).join(', ')} + auth; ${topology.workers.length} workers (logs in ${data.dataDir}/logs)`,
    );
    const shares = [...readShares(data.fixtures), createPageShare(data.fixtures, 5)];
    const run = (rate: number, duration: number) =>
      runOpenLoop({
        url: `${topology.baseUrl}/v2/mcp`,
        headers: mcpHeaders(data.demo.apiKey),
        rate,
        durationMs: duration * 1000,
        next: weightedMix(shares),
        judge: judgeToolAnswer,
        timeoutMs: 10_000,
      });
    for (const share of shares) {
      const response = await fetch(`${topology.baseUrl}/v2/mcp`, {
        method: 'POST',
        headers: mcpHeaders(data.demo.apiKey),
        body: share.body(),
      });
      const error = judgeToolAnswer(response.status, await response.text());
      if (error) throw new Error(`${share.label} fails before any load: ${error}`);
    }
    await printMemory(topology, 'after start');
    console.log('\nWarm-up: 5 s at 20 req/s');
    await run(20, 5);

    let rate = fixedRate ?? (await highestRate(run));
    for (let attempt = 1; attempt <= 3; attempt++) {
      await pause(3000);
      await printMemory(topology, `before the ${seconds} s run`);
      console.log(`\nFull run: ${seconds} s at ${rate} req/s`);
      const outcomes = await run(rate, seconds);
      const ok = meets(outcomes);
      printTable(latencyRows(outcomes, seconds));
      console.log(`  served by ${shareByInstance(outcomes)}`);
      for (const line of errorLines(outcomes)) console.log(`  error: ${line}`);
      await printMemory(topology, `after the ${seconds} s run`);
      const f = figures(outcomes);
      console.log(
        `\n${ok ? 'PASS' : 'MISS'}: ${rate} req/s for ${seconds} s (${f.count} requests), p99 ${f.p99.toFixed(1)} ms (budget ≤ ${budget.p99Ms} ms), ${f.errors} errors (budget ${budget.errors})`,
      );
      if (ok || fixedRate !== null || attempt === 3) break;
      rate = Math.max(1, Math.floor(rate * 0.85));
      console.log(`Trying again at 85 %: ${rate} req/s`);
    }
  } finally {
    await topology.stop();
  }
}

await main();
