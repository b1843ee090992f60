/**
 * MCP budgets (issues 20 and 35), on PostgreSQL, in one run over two data sizes: the demo seed alone, then
 * the demo seed plus 10,000 projects over 100 accounts. The anchor of every read tool is the bare stateless
 * server on the same SDK (bench/bare-mcp-server) answering a trivial `tools/call`; each read is run
 * alternately with it under the same load (10 connections) and printed as a ratio of throughput:
 *   a. `find_projects` with `search`: ≥ 1.0× the anchor with p99 ≤ 100 ms on the demo data, and ≥ 0.5× with
 *      p99 ≤ 150 ms at 10,000 projects; then the same at a steady 100 req/s (open loop), reported;
 *   b. `tools/list` throughput ≥ 1.0× the bare server's `tools/list`, in both protocol eras;
 *   c. `get_project_sections` on the demo's Northwind project: the outline ≥ 1.0× the anchor and the default
 *      answer ≥ 0.5×; one call at a time, the default answer p50 ≤ 25 ms.
 * Each server is its own child process (ours is the real standalone entry, LOG_LEVEL=warn, every rate limit
 * off), so the load generator never shares an event loop with them. Every answer is judged: a run with any
 * failure (no answer, non-2xx, a body that is not the expected JSON-RPC result) prints its failure counts
 * and no figure, ratio or verdict, and the process exits with 1. Budget misses print MISS.
 * Run: npm run bench:mcp   (DATABASE_URL names a PostgreSQL server, default postgres://postgres@127.0.0.1:5432/test;
 * a throwaway database is created on it and dropped. BENCH_SECONDS sets the length of each run, default 10.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Request } from 'autocannon';
import { migrateDatabase, prefixTsQuery, PrismaClient } from '#folio/db';
import { type DemoCredentials, demoUsers, sampleProjects, seedDemo } from '#folio/seed';
import { createTestDatabase, freePort, type TestDatabase } from '#folio/testing';
import {
  type Check,
  closedLoop,
  describeMeasurement,
  figures,
  type Judge,
  jsonRpcResult,
  type Measurement,
  rateLimitsOff,
  steadyRate,
  summaryTable,
  type Target,
  throughputRatio,
} from './lib/measurement.js';
import { seedManyProjects } from './seed-many-projects.js';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const scale = { projects: 10_000, accounts: 100, ownerMemberships: 10 };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const budgets = {
  search: { ratio: 1, p99Ms: 100 },
  searchManyProjects: { ratio: 0.5, p99Ms: 150 },
  outline: { ratio: 1 },
  sections: { ratio: 0.5 },
  toolsListRatio: 1,
  sectionsP50Ms: 25,
};
/** A steady load well below this machine's saturation point: latency without queueing. */
const steadyRequestsPerSecond = 100;
/**
 * Realistic agent queries; the last word matches as a prefix ("photo" → photography). On the demo data they
 * hit a title, a tag and page text; among the many projects, mostly page text.
 */
const queries = {
  demo: ['coffee', 'analytics', 'saas', 'encryption', 'compostable bags', 'roasted tues'],
  many: ['coffee', 'yoga studio', 'bakery', 'dental clinic', 'wedding photo', 'wine'],
};
const northwind = sampleProjects.find((project) => project.title === 'Northwind Coffee Roasters')!;

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
const eraNames = Object.keys(eras) as Era[];

/** As the SDK client sends them (Streamable HTTP clients accept both media types). */
const clientHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function rpc(era: Era, method: string, params: Record<string, unknown> = {}): Request {
  return {
    method: 'POST',
    headers: eras[era].headers(method),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, ...eras[era].params } }),
  };
}

const callTool = (name: string, args: Record<string, unknown>) =>
  rpc('2025-11-25', 'tools/call', { name, arguments: args });

const nonEmpty = (value: unknown) => Array.isArray(value) && value.length > 0;
const structured = (result: Record<string, unknown>) =>
  (result.structuredContent ?? {}) as Record<string, unknown>;
const judges = {
  toolsList: jsonRpcResult('a tool list', (result) => nonEmpty(result.tools)),
  echo: jsonRpcResult('the echoed text', (result) => nonEmpty(result.content)),
  foundProjects: jsonRpcResult('projects found', (result) => nonEmpty(structured(result).projects)),
  sections: (detail: 'outline' | 'full') =>
    jsonRpcResult(`the ${detail} sections`, (result) => {
      const answer = structured(result);
      return answer.detail === detail && nonEmpty(answer.pages);
    }),
} satisfies Record<string, Judge | ((detail: 'outline' | 'full') => Judge)>;

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

/** One request, judged: its answer's size, or an error saying what came back instead. */
async function probe(target: Target, request: Request, judge: Judge, what: string): Promise<string> {
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { ...target.headers, ...request.headers },
    body: request.body,
  });
  const body = await response.text();
  const wrong = response.ok ? judge(body) : `HTTP ${response.status}: ${body.slice(0, 300)}`;
  if (wrong !== null) throw new Error(`${target.name} ${what}: ${wrong}`);
  return `${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB`;
}

type DatabaseHandle = Awaited<ReturnType<TestDatabase['open']>>;

/** Opens the bench database with a Prisma client for `use`. */
async function withPrisma<T>(
  database: TestDatabase,
  use: (prisma: PrismaClient, handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await database.open();
  const prisma = new PrismaClient({ adapter: handle.adapter });
  try {
    return await use(prisma, handle);
  } finally {
    await prisma.$disconnect();
    await handle.release();
  }
}

/** How many projects each query matches, and how many of those the demo owner sees. */
async function describeSearches(prisma: PrismaClient, list: string[]): Promise<void> {
  for (const query of list) {
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
}

/** Migrates and seeds the demo data; returns the demo credentials. */
function seedDemoData(database: TestDatabase, publicBaseUrl: string): Promise<DemoCredentials> {
  return withPrisma(database, async (prisma, handle) => {
    const started = performance.now();
    await migrateDatabase(handle);
    const demo = await seedDemo(prisma, {
      dataDir: database.config.dataDir,
      publicBaseUrl,
      demoPassword: 'bench password',
    });
    console.log(
      `Seeded the demo data (${await prisma.project.count()} projects) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await describeSearches(prisma, queries.demo);
    return demo;
  });
}

/** Adds the many projects of the second data size. */
function seedMany(database: TestDatabase): Promise<void> {
  return withPrisma(database, async (prisma) => {
    const started = performance.now();
    await seedManyProjects(prisma, scale);
    console.log(
      `Seeded ${scale.projects} projects over ${scale.accounts} accounts (${await prisma.project.count()} projects in all; the demo owner is in ${scale.ownerMemberships} of the accounts) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await describeSearches(prisma, queries.many);
  });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const perSecond = (value: number) => `${value.toFixed(0)} req/s`;
const mean = (runs: Measurement[]) =>
  runs.reduce((sum, run) => sum + figures(run)!.requestsPerSecond, 0) / runs.length;
/** The worst p99 of the runs. */
const worstP99 = (runs: Measurement[]) => Math.max(...runs.map((run) => figures(run)!.p99));

/** Runs compared: ours and the bare server's, run alternately. */
interface Pair {
  ours: Measurement[];
  bare: Measurement[];
}

const benchStarted = performance.now();
const database = await createTestDatabase({ LOG_LEVEL: 'warn' });
try {
  const postgres = database.config.database;
  if (postgres.kind !== 'postgres') throw new Error('bench:mcp runs on PostgreSQL: set DATABASE_URL');
  const [port, barePort] = await Promise.all([freePort(), freePort()]);
  const publicBaseUrl = `http://localhost:${port}`;
  const demo = await seedDemoData(database, publicBaseUrl);

  const targets: Record<'ours' | 'bare', Target> = {
    ours: {
      name: 'ours',
      url: `${publicBaseUrl}/v2/mcp`,
      headers: { ...clientHeaders, 'x-service-key': demo.apiKey },
    },
    bare: { name: 'bare', url: `http://127.0.0.1:${barePort}/mcp`, headers: clientHeaders },
  };
  const listFor = (era: Era) => rpc(era, 'tools/list');
  const answers = async (target: Target) =>
    (await fetch(target.url, { method: 'POST', headers: target.headers, body: listFor('2025-11-25').body }))
      .ok;
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
        ...rateLimitsOff,
      },
      () => answers(targets.ours),
    ),
    startChild('./bare-mcp-server.js', { PORT: String(barePort) }, () => answers(targets.bare)),
  ]);
  console.log(
    `Servers up in ${((performance.now() - started) / 1000).toFixed(1)} s; ours with ${Object.keys(rateLimitsOff).join(', ')} = 0`,
  );

  const anchor = [callTool('echo', { text: 'hello' })];
  const searchesOf = (list: string[]) => list.map((search) => callTool('find_projects', { search }));
  const searches = searchesOf(queries.demo);
  const searchesMany = searchesOf(queries.many);
  const sections = {
    outline: callTool('get_project_sections', { projectKey: northwind.key, detail: 'outline' }),
    default: callTool('get_project_sections', { projectKey: northwind.key }),
  };
  console.log(
    `anchor: the bare server's tools/call "echo", ${await probe(targets.bare, anchor[0], judges.echo, 'echo')}`,
  );
  for (const [i, request] of searches.entries()) {
    await probe(targets.ours, request, judges.foundProjects, `find_projects "${queries.demo[i]}"`);
  }
  for (const era of eraNames) {
    const sizes = [];
    for (const target of Object.values(targets)) {
      sizes.push(
        `${target.name} ${await probe(target, listFor(era), judges.toolsList, `tools/list (${era})`)}`,
      );
    }
    console.log(`tools/list answer (${era}): ${sizes.join(', ')}`);
  }
  console.log(
    `get_project_sections answer on "${northwind.title}": outline ${await probe(targets.ours, sections.outline, judges.sections('outline'), 'outline')}, default ${await probe(targets.ours, sections.default, judges.sections('full'), 'default')}`,
  );

  console.log(`\nWarm-up (3 s each)`);
  const warmUp = { connections, seconds: 3 };
  await closedLoop(targets.bare, anchor, judges.echo, warmUp);
  await closedLoop(targets.ours, searches, judges.foundProjects, warmUp);
  await closedLoop(targets.ours, [sections.default], judges.sections('full'), warmUp);
  for (const era of eraNames) {
    await closedLoop(targets.bare, [listFor(era)], judges.toolsList, warmUp);
    await closedLoop(targets.ours, [listFor(era)], judges.toolsList, warmUp);
  }

  const report = (run: Measurement) => {
    console.log(describeMeasurement(run));
    return run;
  };
  const load = { connections, seconds };
  /** Ours on `requests` and the bare server on `baseline`, alternately, twice each. */
  const alternating = async (
    requests: Request[],
    judge: Judge,
    baseline = anchor,
    baselineJudge = judges.echo,
  ) => {
    const pair: Pair = { ours: [], bare: [] };
    for (let round = 0; round < 2; round++) {
      pair.bare.push(report(await closedLoop(targets.bare, baseline, baselineJudge, load)));
      pair.ours.push(report(await closedLoop(targets.ours, requests, judge, load)));
    }
    return pair;
  };
  const listed = (list: string[]) => list.map((q) => `"${q}"`).join(', ');
  const perLoad = `${connections} connections, ${seconds} s each`;

  console.log(
    `\nDemo data\na. tools/call find_projects {search} over ${listed(queries.demo)}, and the anchor alternating; ${perLoad}`,
  );
  const search = await alternating(searches, judges.foundProjects);
  console.log(
    `   find_projects {search} at a steady ${steadyRequestsPerSecond} req/s (open loop), ${seconds} s`,
  );
  const steady = report(
    await steadyRate(targets.ours, searches, judges.foundProjects, {
      rate: steadyRequestsPerSecond,
      seconds,
    }),
  );

  const toolsList: Record<string, Pair> = {};
  for (const era of eraNames) {
    console.log(`\nb. tools/list (${era}), bare and ours alternating; ${perLoad}`);
    toolsList[era] = await alternating([listFor(era)], judges.toolsList, [listFor(era)], judges.toolsList);
  }

  console.log(`\nc. get_project_sections on "${northwind.title}", and the anchor alternating; ${perLoad}`);
  console.log('   detail "outline"');
  const outline = await alternating([sections.outline], judges.sections('outline'));
  console.log('   default arguments (detail "full")');
  const full = await alternating([sections.default], judges.sections('full'));
  console.log(`   default arguments, one call at a time, ${seconds} s`);
  const fullOneAtATime = report(
    await closedLoop(targets.ours, [sections.default], judges.sections('full'), { connections: 1, seconds }),
  );

  console.log('');
  await seedMany(database);
  console.log(
    `\n${scale.projects.toLocaleString('en')} more projects\na. tools/call find_projects {search} over ${listed(queries.many)}, and the anchor alternating; ${perLoad}`,
  );
  for (const [i, request] of searchesMany.entries()) {
    await probe(targets.ours, request, judges.foundProjects, `find_projects "${queries.many[i]}"`);
  }
  await closedLoop(targets.ours, searchesMany, judges.foundProjects, warmUp);
  const searchMany = await alternating(searchesMany, judges.foundProjects);

  const latency = (run: Measurement) => {
    const { requestsPerSecond, p50, p99 } = figures(run)!;
    return `${perSecond(requestsPerSecond)}, p50 ${ms(p50)}, p99 ${ms(p99)}`;
  };
  /** A read held to a ratio of its baseline's throughput, and to a p99 when one is given. */
  const ratioCheck = (name: string, pair: Pair, budget: { ratio: number; p99Ms?: number }): Check => ({
    name,
    runs: [...pair.ours, ...pair.bare],
    limit: `≥ ${budget.ratio.toFixed(2)}×${budget.p99Ms === undefined ? '' : `, p99 ≤ ${budget.p99Ms} ms`}`,
    read: () => {
      const ratio = throughputRatio(pair.ours, pair.bare)!;
      const p99 = worstP99(pair.ours);
      return {
        shown: `${ratio.toFixed(2)}× (${perSecond(mean(pair.ours))} vs ${perSecond(mean(pair.bare))}), p99 ${ms(p99)}`,
        holds: ratio >= budget.ratio && (budget.p99Ms === undefined || p99 <= budget.p99Ms),
      };
    },
  });
  const checks: Check[] = [
    ratioCheck('find_projects search / anchor, demo data', search, budgets.search),
    ratioCheck(
      `find_projects search / anchor, +${scale.projects.toLocaleString('en')} projects`,
      searchMany,
      budgets.searchManyProjects,
    ),
    {
      name: `find_projects search at a steady ${steadyRequestsPerSecond} req/s`,
      runs: [steady],
      read: () => ({ shown: latency(steady) }),
    },
    ...eraNames.map((era) =>
      ratioCheck(`tools/list ours / bare tools/list (${era})`, toolsList[era], {
        ratio: budgets.toolsListRatio,
      }),
    ),
    ratioCheck('get_project_sections Northwind outline / anchor', outline, budgets.outline),
    ratioCheck('get_project_sections Northwind default / anchor', full, budgets.sections),
    {
      name: 'get_project_sections Northwind default, one at a time',
      runs: [fullOneAtATime],
      limit: `p50 ≤ ${budgets.sectionsP50Ms} ms`,
      read: () => ({
        shown: latency(fullOneAtATime),
        holds: figures(fullOneAtATime)!.p50 <= budgets.sectionsP50Ms,
      }),
    },
  ];
  const { rows, unmeasured } = summaryTable(checks);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('\nSummary (anchor: the bare SDK server answering a trivial tools/call, same run)');
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column])).join('   ')}`);
  await Promise.all([stopChild(ours), stopChild(bare)]);
  if (unmeasured > 0) {
    console.log(
      `\n${unmeasured} of ${checks.length} lines NOT MEASURED: their runs had failures (counts above), so they show no figure, ratio or verdict.`,
    );
    process.exitCode = 1;
  }
  console.log(`Bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s in all.`);
} finally {
  await Promise.all(children.map(stopChild));
  await database.drop();
}
