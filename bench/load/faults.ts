/**
 * Faults (issue 9 §4), on the load bench's topology (two api processes, two workers, auth, behind one
 * proxy) and data, with the production rate limits on (the traffic stays under them):
 *  c. cross-instance revocation: a key made and revoked in the profile pages (through the proxy) is
 *     refused by each api instance on its very next request;
 *  a. Redis stopped for 30 s mid-run while MCP reads (8 req/s) and create_project/create_page with `ai`
 *     (0.5 req/s) go on: answers and errors per tool and phase (before, Redis down, after); then every
 *     image the run's pages asked for must be drawn once Redis is back: none left pending or failed;
 *  b. PostgreSQL stopped for 10 s mid-run, then started: /readyz of each api instance reports the database
 *     down, requests fail fast with 503 (their latency is printed; budget ≤ 2 s), and the instances
 *     recover without a restart (the time from PostgreSQL back to the first success is printed).
 * Redis and PostgreSQL are started again whatever happens (finally, and on Ctrl-C). Misses print MISS;
 * only a crash exits non-zero.
 * Run: npm run bench:faults   — it stops this machine's Redis and PostgreSQL: run it on a quiet machine.
 * Env: FAULTS (revocation,redis,postgres), FAULT_BEFORE_SECONDS (10), REDIS_DOWN_SECONDS (30),
 * PG_DOWN_SECONDS (10), FAULT_AFTER_SECONDS (15), FAULT_DRAIN_SECONDS (240), FAULT_READ_RATE (8),
 * FAULT_CREATE_RATE (0.5); DATABASE_URL, REDIS_URL and LOAD_* as for bench:load; for a rehearsal on
 * private servers, REDIS_START_COMMAND, PG_STOP_COMMAND, PG_START_COMMAND (see service-control.ts).
 */
import { observeRevocation } from '../lib/revocation-scenario.js';
import { type AppInstance, startTopology, type Topology } from '../lib/topology.js';
import { errorLines, figures, latencyRows, printTable } from './latency-report.js';
import { type LoadDatabase, prepareLoadDatabase } from './load-database.js';
import {
  aiCreateShares,
  judgeAiAnswer,
  judgeToolAnswer,
  mcpHeaders,
  readShares,
  type TrafficShare,
  weightedMix,
} from './mcp-traffic.js';
import { type Outcome, runOpenLoop } from './open-loop.js';
import { postgresService, redisService, type Service, withServiceRestored } from './service-control.js';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const timing = {
  before: seconds('FAULT_BEFORE_SECONDS', 10),
  redisDown: seconds('REDIS_DOWN_SECONDS', 30),
  postgresDown: seconds('PG_DOWN_SECONDS', 10),
  after: seconds('FAULT_AFTER_SECONDS', 15),
  drain: seconds('FAULT_DRAIN_SECONDS', 240),
};
const rates = {
  read: Number(process.env.FAULT_READ_RATE ?? 8),
  create: Number(process.env.FAULT_CREATE_RATE ?? 0.5),
};
const failFastBudgetMs = 2000;
const faults = new Set((process.env.FAULTS ?? 'revocation,redis,postgres').split(','));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (from: number, at: number) => `+${((at - from) / 1000).toFixed(1)} s`;
const verdicts: { check: string; measured: string; ok: boolean }[] = [];
const verdict = (check: string, ok: boolean, measured: string) => {
  verdicts.push({ check, measured, ok });
  console.log(`  ${ok ? 'PASS' : 'MISS'}: ${check} — ${measured}`);
};

interface Stream {
  shares: TrafficShare[];
  rate: number;
  judge: (status: number, body: string) => string | null;
  timeoutMs: number;
}

/** Open-loop streams that run until stopped; stopping returns every outcome. */
function startTraffic(topology: Topology, key: string, streams: Stream[]) {
  const controller = new AbortController();
  const runs = streams
    .filter((stream) => stream.rate > 0)
    .map((stream) =>
      runOpenLoop({
        url: `${topology.baseUrl}/v2/mcp`,
        headers: mcpHeaders(key),
        rate: stream.rate,
        durationMs: 24 * 3600_000,
        signal: controller.signal,
        next: weightedMix(stream.shares),
        judge: stream.judge,
        timeoutMs: stream.timeoutMs,
      }),
    );
  return {
    stop: async (): Promise<Outcome[]> => {
      controller.abort();
      return (await Promise.all(runs)).flat();
    },
  };
}

interface Phase {
  name: string;
  from: number;
  to: number;
}

function printPhases(outcomes: Outcome[], phases: Phase[]): void {
  for (const phase of phases) {
    const inPhase = outcomes.filter((o) => o.startedAt >= phase.from && o.startedAt < phase.to);
    console.log(`  ${phase.name} (${((phase.to - phase.from) / 1000).toFixed(1)} s)`);
    printTable(latencyRows(inPhase, (phase.to - phase.from) / 1000), '    ');
    for (const line of errorLines(inPhase)) console.log(`    error: ${line}`);
  }
}

type OutageMarks = Awaited<ReturnType<typeof outage>>;

/** Stops `service` after the "before" phase, starts it after `downMs`, runs the "after" phase. */
async function outage(service: Service, downMs: number) {
  const marks = { start: performance.now(), stop: 0, stopped: 0, restart: 0, back: 0, end: 0 };
  await pause(timing.before);
  marks.stop = performance.now();
  await service.stop();
  marks.stopped = performance.now();
  await pause(downMs);
  marks.restart = performance.now();
  await service.start();
  marks.back = performance.now();
  await pause(timing.after);
  marks.end = performance.now();
  console.log(
    `  ${service.name} stopped at ${since(marks.start, marks.stop)} (down ${since(marks.stop, marks.stopped)} later), started at ${since(marks.start, marks.restart)}, answering at ${since(marks.start, marks.back)}`,
  );
  return marks;
}

async function untilReady(topology: Topology): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (const instance of [topology.auth, ...topology.apis]) {
    while (
      !(await fetch(`${instance.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`${instance.name} is not ready again`);
      await pause(250);
    }
  }
}

async function revocation(topology: Topology, data: LoadDatabase): Promise<void> {
  console.log(
    '\nc. Cross-instance revocation: a key made and revoked in the profile pages, through the proxy',
  );
  const seen = await observeRevocation(topology, {
    email: data.demo.users.owner,
    password: data.demo.password,
  });
  const show = (answers: { instance: string; status: number }[]) =>
    answers.map((a) => `${a.instance} ${a.status}`).join(', ');
  console.log(`  before revoking: ${show(seen.beforeRevoke)}`);
  console.log(`  right after:     ${show(seen.afterRevoke)}`);
  verdict(
    'revoked key refused by every api instance on the next request',
    seen.beforeRevoke.every((a) => a.status === 200) && seen.afterRevoke.every((a) => a.status === 401),
    `before ${show(seen.beforeRevoke)}; after ${show(seen.afterRevoke)}`,
  );
}

interface ReadinessSample {
  instance: string;
  at: number;
  status: number;
  latencyMs: number;
  body: string;
}

/**
 * Takes `service` down for `downMs` while `traffic` (already running) and a /readyz poll of every api go
 * on, always starting it again; prints the traffic before, during and after the outage.
 */
async function observeOutage(
  service: Service,
  downMs: number,
  topology: Topology,
  traffic: { stop(): Promise<Outcome[]> },
) {
  const readiness = pollReadiness(topology.apis);
  let outcomes: Outcome[] = [];
  let samples: ReadinessSample[] = [];
  const marks = await withServiceRestored(service, async () => {
    try {
      return await outage(service, downMs);
    } finally {
      [outcomes, samples] = await Promise.all([traffic.stop(), readiness.stop()]);
    }
  });
  printPhases(outcomes, [
    { name: 'before', from: marks.start, to: marks.stop },
    { name: `${service.name} down`, from: marks.stop, to: marks.back },
    { name: 'after', from: marks.back, to: marks.end },
  ]);
  return { outcomes, samples, marks };
}

/** Asks each instance's /readyz every `intervalMs` until stopped. */
function pollReadiness(instances: AppInstance[], intervalMs = 250) {
  const samples: ReadinessSample[] = [];
  let polling = true;
  const loops = instances.map(async (instance) => {
    while (polling) {
      const at = performance.now();
      const sample = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
        async (response) => ({ status: response.status, body: (await response.text()).slice(0, 200) }),
        (error: Error) => ({ status: 0, body: error.message }),
      );
      samples.push({ instance: instance.name, at, latencyMs: performance.now() - at, ...sample });
      await pause(intervalMs);
    }
  });
  return {
    stop: async () => {
      polling = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** Prints what each api instance's /readyz said around an outage; returns its first 503 in it, by instance. */
function reportReadiness(topology: Topology, samples: ReadinessSample[], marks: OutageMarks) {
  const firstDown = new Map<string, ReadinessSample | undefined>();
  for (const api of topology.apis) {
    const own = samples.filter((s) => s.instance === api.name);
    const reportedDown = own.find((s) => s.at >= marks.stopped && s.status === 503);
    const whileDown = own.filter((s) => s.at >= marks.stopped && s.at < marks.restart);
    const readyAgain = own.find((s) => s.at >= marks.back && s.status === 200);
    console.log(
      `  ${api.name} /readyz: ${reportedDown ? `503 from ${since(marks.stopped, reportedDown.at)} after the stop: ${reportedDown.body}` : 'no 503 while down'}; answers while down ${[...new Set(whileDown.map((s) => s.status))].join('/')}, slowest ${Math.max(0, ...whileDown.map((s) => s.latencyMs)).toFixed(0)} ms; 200 ${readyAgain ? since(marks.back, readyAgain.at) : 'never'} after the service was back`,
    );
    firstDown.set(api.name, reportedDown);
  }
  return firstDown;
}

async function imageStates(data: LoadDatabase, since: Date): Promise<Record<string, number>> {
  const groups = await data.withPrisma((prisma) =>
    prisma.asset.groupBy({
      by: ['status'],
      where: { kind: 'image', prompt: { not: null }, createdAt: { gte: since } },
      _count: { _all: true },
    }),
  );
  return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
}

async function redisOutage(topology: Topology, data: LoadDatabase): Promise<void> {
  console.log(
    `\na. Redis stopped for ${timing.redisDown / 1000} s while MCP reads (${rates.read} req/s) and creates with ai (${rates.create} req/s) go on`,
  );
  const runStarted = new Date();
  const traffic = startTraffic(topology, data.demo.apiKey, [
    { shares: readShares(data.fixtures), rate: rates.read, judge: judgeToolAnswer, timeoutMs: 10_000 },
    { shares: aiCreateShares(data.fixtures), rate: rates.create, judge: judgeAiAnswer, timeoutMs: 65_000 },
  ]);
  const redis = redisService(process.env.REDIS_URL!);
  const { outcomes, samples, marks } = await observeOutage(redis, timing.redisDown, topology, traffic);
  reportReadiness(topology, samples, marks);
  const fromStop = outcomes.filter((o) => o.startedAt >= marks.stop);
  const reads = fromStop.filter((o) => !o.label.endsWith('(ai)'));
  const creates = fromStop.filter((o) => o.label.endsWith('(ai)'));
  verdict(
    'MCP reads answer while Redis is down and after',
    reads.length > 0 && figures(reads).errors === 0,
    `${reads.length - figures(reads).errors}/${reads.length} right`,
  );
  verdict(
    'creates with ai answer while Redis is down and after',
    creates.length > 0 && figures(creates).errors === 0,
    `${creates.length - figures(creates).errors}/${creates.length} generated`,
  );

  console.log(`  waiting up to ${timing.drain / 1000} s for every image of the run to be drawn…`);
  const drainStarted = performance.now();
  let states = await imageStates(data, runStarted);
  while ((states.pending ?? 0) > 0 && performance.now() - drainStarted < timing.drain) {
    await pause(2000);
    states = await imageStates(data, runStarted);
  }
  const total = Object.values(states).reduce((sum, n) => sum + n, 0);
  const described = `${total} images: ${states.ready ?? 0} ready, ${states.pending ?? 0} pending, ${states.failed ?? 0} failed, ${((performance.now() - marks.back) / 1000).toFixed(0)} s after Redis came back`;
  console.log(`  ${described}`);
  verdict('no image job lost (every image of the run drawn)', total > 0 && states.ready === total, described);
}

async function postgresOutage(topology: Topology, data: LoadDatabase): Promise<void> {
  console.log(
    `\nb. PostgreSQL stopped for ${timing.postgresDown / 1000} s, then started, while MCP reads (${rates.read} req/s) go on`,
  );
  const postgres = postgresService(data.url);
  const traffic = startTraffic(topology, data.demo.apiKey, [
    { shares: readShares(data.fixtures), rate: rates.read, judge: judgeToolAnswer, timeoutMs: 30_000 },
  ]);
  const { outcomes, samples, marks } = await observeOutage(postgres, timing.postgresDown, topology, traffic);

  for (const [api, reportedDown] of reportReadiness(topology, samples, marks)) {
    verdict(
      `${api} /readyz reports the database down`,
      reportedDown?.body.includes('"database":"down"') ?? false,
      reportedDown?.body ?? 'no 503',
    );
  }

  const down = outcomes.filter((o) => o.startedAt >= marks.stopped && o.startedAt < marks.restart);
  const failed = down.filter((o) => o.error !== null);
  const statuses = new Map<string, number>();
  for (const o of failed) statuses.set(o.error!, (statuses.get(o.error!) ?? 0) + 1);
  const unavailable = failed.filter((o) => o.status === 503);
  const slowest = figures(failed);
  console.log(
    `  failures while down: ${failed.length} of ${down.length} (${[...statuses].map(([what, n]) => `${n} × ${what}`).join(', ') || 'none'}); latency p50 ${slowest.p50.toFixed(0)} ms, p99 ${slowest.p99.toFixed(0)} ms, max ${slowest.max.toFixed(0)} ms; ${unavailable.filter((o) => o.retryAfter !== null).length}/${unavailable.length} 503s carry Retry-After`,
  );
  verdict(
    'requests fail fast with 503 while PostgreSQL is down',
    failed.length > 0 && unavailable.length === failed.length && slowest.max <= failFastBudgetMs,
    `${unavailable.length}/${failed.length} failures are 503, slowest ${slowest.max.toFixed(0)} ms (budget ≤ ${failFastBudgetMs} ms)`,
  );

  const recovered = outcomes
    .filter((o) => o.startedAt >= marks.back && o.error === null)
    .map((o) => ({ instance: o.upstream ?? '?', at: o.startedAt + o.latencyMs }))
    .sort((a, b) => a.at - b.at);
  for (const api of topology.apis) {
    const first = recovered.find((r) => r.instance === api.name);
    const errorsAfter = outcomes.filter(
      (o) => first && o.upstream === api.name && o.startedAt > first.at && o.error !== null,
    );
    console.log(
      `  ${api.name}: first success ${first ? since(marks.back, first.at) : 'never'} after PostgreSQL was back; ${errorsAfter.length} errors after that`,
    );
    verdict(
      `${api.name} recovers without a restart`,
      first !== undefined && errorsAfter.length === 0,
      first
        ? `first success ${since(marks.back, first.at)} after PostgreSQL was back`
        : 'no success after PostgreSQL was back',
    );
  }
}

async function main(): Promise<void> {
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  const data = await prepareLoadDatabase();
  const topology = await startTopology({
    databaseUrl: data.url,
    redisUrl: process.env.REDIS_URL,
    dataDir: data.dataDir,
    jobsPrefix: 'folio-load',
    proxy: 'process',
  });
  console.log(
    `Topology up: proxy ${topology.baseUrl} → ${topology.apis.map((a) => a.name).join(', ')} + auth; ${topology.workers.length} workers (logs in ${data.dataDir}/logs)`,
  );
  try {
    if (faults.has('revocation')) await revocation(topology, data);
    if (faults.has('redis')) {
      await untilReady(topology);
      await redisOutage(topology, data);
    }
    if (faults.has('postgres')) {
      await untilReady(topology);
      await postgresOutage(topology, data);
    }
  } finally {
    await topology.stop();
  }
  console.log('\nSummary');
  for (const { check, ok, measured } of verdicts)
    console.log(`  ${ok ? 'PASS' : 'MISS'}  ${check}: ${measured}`);
}

await main();
