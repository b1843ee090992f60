/**
 * MCP budgets (issue 5), on PostgreSQL with the demo seed plus 10,000 projects over 100 accounts:
 *   a. `tools/call find_projects` with `search`: p99 ≤ 30 ms (10 connections, saturating; then at a steady 100 req/s);
 *   b. `tools/list` throughput ≥ 50% of a bare stateless server on the same SDK (bench/bare-mcp-server),
 *      the two run alternately with the same load, in both protocol eras.
 * Each server is its own child process (ours is the real standalone entry, LOG_LEVEL=warn), so the load
 * generator (autocannon, here) never shares an event loop with them. Budget misses print MISS; only a
 * crash exits non-zero.
 * Run: npm run bench:mcp   (DATABASE_URL names a PostgreSQL server, default postgres://postgres@127.0.0.1:5432/test;
 * a throwaway database is created on it and dropped. BENCH_SECONDS sets the length of each run, default 10.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request } from 'autocannon';
import { migrateDatabase, prefixTsQuery, PrismaClient } from '#folio/db';
import { type DemoCredentials, demoUsers, seedDemo } from '#folio/seed';
import { createTestDatabase, freePort, type TestDatabase } from '#folio/testing';
import { seedManyProjects } from './seed-many-projects.js';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const scale = { projects: 10_000, accounts: 100, ownerMemberships: 10 };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const budgets = { searchP99Ms: 30, toolsListRatio: 0.5 };
/**
 * A steady load well below this machine's saturation point, for latency without queueing. Few
 * connections: autocannon paces each connection, so many connections arrive in bursts that queue.
 */
const steady = { connections: 2, rate: 100 };
/** Realistic agent queries; the last word matches as a prefix ("photo" → photography). */
const queries = ['coffee', 'yoga studio', 'bakery', 'dental clinic', 'wedding photo', 'wine'];

// What the SDK client sends in each era (2026-07-28 also names the method in a header).
const eras = {
  '2025-11-25': {
    headers: (_method: string): Record<string, string> => ({ 'mcp-protocol-version': '2025-11-25' }),
    params: {},
  },
  '2026-07-28': {
    headers: (method: string): Record<string, string> => ({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    }),
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'folio-bench', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  },
} as const;
type Era = keyof typeof eras;

/** As the SDK client sends them (Streamable HTTP clients accept both media types). */
const clientHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function rpc(era: Era, method: string, params: Record<string, unknown> = {}): Request {
  return {
    method: 'POST',
    headers: eras[era].headers(method),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, ...eras[era].params } }),
  };
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts, non-2xx answers and answers that are not the expected result. */
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** One autocannon run; latencies are taken per response (autocannon's own histogram rounds to 1 ms). */
async function load(
  target: Target,
  requests: Request[],
  expect: string,
  duration = seconds,
  log = true,
  steady?: { connections: number; rate: number },
): Promise<Run> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: target.url,
    connections: steady?.connections ?? connections,
    duration,
    ...(steady ? { overallRate: steady.rate } : {}),
    headers: { ...clientHeaders, ...target.headers },
    // Each connection cycles through the requests (copies: autocannon writes into them).
    requests: requests.map((request) => ({ ...request })),
    verifyBody: (body) => body.includes(expect),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status < 300) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const run = {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
  if (log) {
    console.log(
      `  ${target.name.padEnd(6)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${run.p50.toFixed(2).padStart(6)} ms   p99 ${run.p99.toFixed(2).padStart(6)} ms   failures ${run.failures}` +
        (run.failures
          ? `  (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, unexpected bodies ${result.mismatches})`
          : ''),
    );
  }
  return run;
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** Starts a Node child process and resolves once `ready()` holds (rejects if the child exits first). */
async function startChild(
  script: string,
  env: Record<string, string>,
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`))),
  );
  const deadline = Date.now() + 120_000;
  const poll = async () => {
    while (Date.now() < deadline) {
      if (await ready().catch(() => false)) return child;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${script} was not ready within 120 s`);
  };
  return Promise.race([poll(), exited]);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function post(target: Target, request: Request): Promise<{ status: number; body: string }> {
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { ...clientHeaders, ...target.headers, ...request.headers },
    body: request.body,
  });
  return { status: response.status, body: await response.text() };
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Migrates and seeds the bench database; returns the demo credentials. */
async function prepareData(database: TestDatabase, publicBaseUrl: string): Promise<DemoCredentials> {
  const handle = await database.open();
  const prisma = new PrismaClient({ adapter: handle.adapter });
  try {
    const started = performance.now();
    await migrateDatabase(handle);
    const demo = await seedDemo(prisma, {
      dataDir: database.config.dataDir,
      publicBaseUrl,
      demoPassword: 'bench password',
    });
    await seedManyProjects(prisma, scale);
    console.log(
      `Seeded the demo data and ${scale.projects} projects over ${scale.accounts} accounts (${await prisma.project.count()} projects in all; the demo owner is in ${scale.ownerMemberships} of the accounts) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const query of queries) {
      const [counts] = await prisma.$queryRaw<{ all: bigint; visible: bigint }[]>`
        SELECT count(*) AS all,
               count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM "Membership" m JOIN "User" u ON u.id = m."userId"
                 WHERE m."accountId" = p."accountId" AND u.email = ${demoUsers.owner.email})) AS visible
        FROM "Project" p WHERE p.search @@ to_tsquery('english', ${prefixTsQuery(query)})`;
      console.log(
        `  search "${query}": ${counts.all} matching projects, ${counts.visible} visible to the demo owner`,
      );
    }
    return demo;
  } finally {
    await prisma.$disconnect();
    await handle.release();
  }
}

const database = await createTestDatabase({ LOG_LEVEL: 'warn' });
try {
  const postgres = database.config.database;
  if (postgres.kind !== 'postgres') throw new Error('bench:mcp runs on PostgreSQL: set DATABASE_URL');
  const [port, barePort] = await Promise.all([freePort(), freePort()]);
  const publicBaseUrl = `http://localhost:${port}`;
  const demo = await prepareData(database, publicBaseUrl);

  const targets: Record<'ours' | 'bare', Target> = {
    ours: { name: 'ours', url: `${publicBaseUrl}/v2/mcp`, headers: { 'x-service-key': demo.apiKey } },
    bare: { name: 'bare', url: `http://127.0.0.1:${barePort}/mcp`, headers: {} },
  };
  const listFor = (era: Era) => rpc(era, 'tools/list');
  const answers = async (target: Target) => (await post(target, listFor('2025-11-25'))).status === 200;
  const started = performance.now();
  const [ours, bare] = await Promise.all([
    startChild(
      '../apps/standalone/src/main.js',
      {
        DATABASE_URL: postgres.url,
        DATA_DIR: database.config.dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
      },
      () => answers(targets.ours),
    ),
    startChild('./bare-mcp-server.js', { PORT: String(barePort) }, () => answers(targets.bare)),
  ]);
  console.log(`Servers up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const searches = queries.map((search) =>
    rpc('2025-11-25', 'tools/call', { name: 'find_projects', arguments: { search } }),
  );
  for (const [i, request] of searches.entries()) {
    const { status, body } = await post(targets.ours, request);
    const found = (JSON.parse(body) as { result?: { structuredContent?: { projects: unknown[] } } }).result
      ?.structuredContent?.projects;
    if (status !== 200 || !found?.length)
      throw new Error(`find_projects "${queries[i]}" found nothing: ${status} ${body}`);
  }
  for (const era of Object.keys(eras) as Era[]) {
    const sizes = [];
    for (const target of Object.values(targets)) {
      const { status, body } = await post(target, listFor(era));
      if (status !== 200 || !body.includes('"tools":[{')) {
        throw new Error(`${target.name} tools/list (${era}) failed: ${status} ${body}`);
      }
      sizes.push(`${target.name} ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB`);
    }
    console.log(`tools/list answer (${era}): ${sizes.join(', ')}`);
  }

  console.log(`\nWarm-up (3 s each)`);
  const foundSome = '"structuredContent":{"projects":[{';
  await load(targets.ours, searches, foundSome, 3, false);
  for (const era of Object.keys(eras) as Era[]) {
    await load(targets.bare, [listFor(era)], '"tools":[{', 3, false);
    await load(targets.ours, [listFor(era)], '"tools":[{', 3, false);
  }

  console.log(
    `\na. tools/call find_projects {search}, queries rotating over ${queries.map((q) => `"${q}"`).join(', ')}; ${connections} connections, ${seconds} s`,
  );
  const search = await load(targets.ours, searches, foundSome);
  console.log(
    `   the same at a steady ${steady.rate} req/s over ${steady.connections} connections (below saturation: latency without queueing)`,
  );
  const steadyRun = await load(targets.ours, searches, foundSome, seconds, true, steady);

  const ratios: Record<string, { ours: number; bare: number; failures: number }> = {};
  for (const era of Object.keys(eras) as Era[]) {
    console.log(
      `\nb. tools/list (${era}), bare and ours alternating; ${connections} connections, ${seconds} s each`,
    );
    const runs: Record<'ours' | 'bare', Run[]> = { ours: [], bare: [] };
    for (let round = 0; round < 2; round++) {
      for (const name of ['bare', 'ours'] as const) {
        runs[name].push(await load(targets[name], [listFor(era)], '"tools":[{'));
      }
    }
    const mean = (list: Run[]) => list.reduce((sum, run) => sum + run.requestsPerSecond, 0) / list.length;
    ratios[era] = {
      ours: mean(runs.ours),
      bare: mean(runs.bare),
      failures: [...runs.ours, ...runs.bare].reduce((sum, run) => sum + run.failures, 0),
    };
  }

  const rows: string[][] = [['budget', 'measured', 'limit', 'verdict']];
  const searchOk = search.p99 <= budgets.searchP99Ms && search.failures === 0;
  rows.push([
    'find_projects search p99',
    `${search.p99.toFixed(2)} ms (p50 ${search.p50.toFixed(2)} ms, ${search.requestsPerSecond.toFixed(0)} req/s${search.failures ? `, ${search.failures} failures` : ''})`,
    `≤ ${budgets.searchP99Ms} ms`,
    verdict(searchOk),
  ]);
  rows.push([
    `find_projects search p99 at ${steady.rate} req/s`,
    `${steadyRun.p99.toFixed(2)} ms (p50 ${steadyRun.p50.toFixed(2)} ms${steadyRun.failures ? `, ${steadyRun.failures} failures` : ''})`,
    `≤ ${budgets.searchP99Ms} ms`,
    verdict(steadyRun.p99 <= budgets.searchP99Ms && steadyRun.failures === 0),
  ]);
  for (const [era, r] of Object.entries(ratios)) {
    const ratio = r.ours / r.bare;
    rows.push([
      `tools/list ours / bare (${era})`,
      `${(ratio * 100).toFixed(0)}% (${r.ours.toFixed(0)} vs ${r.bare.toFixed(0)} req/s${r.failures ? `, ${r.failures} failures` : ''})`,
      `≥ ${budgets.toolsListRatio * 100}%`,
      verdict(ratio >= budgets.toolsListRatio && r.failures === 0),
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('\nSummary');
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column])).join('   ')}`);

  await Promise.all([stopChild(ours), stopChild(bare)]);
} finally {
  await Promise.all(children.map(stopChild));
  await database.drop();
}
