/**
 * Hostile input (issue 9 §1): property-based fuzzing of the MCP endpoint (JSON-RPC envelopes and every
 * tool's arguments), the template API and the OAuth endpoints, against the standalone app in this process
 * on the embedded database (or PostgreSQL when DATABASE_URL is set) with the demo seed; rate limits off.
 * Every answer must be below 500, free of stack traces, file paths, SQL, Prisma internals and secrets; the
 * process must not crash and its heap must stay flat.
 * Per target it prints cases, a status histogram, failures (shrunk counterexamples), elapsed time and the
 * heap after a forced GC before and after. Exits non-zero when anything failed.
 * Run: npm run bench:fuzz   (FUZZ_RUNS cases per target, default 10,000; FUZZ_SEED to replay a run;
 * FUZZ_TARGETS=oauth,template-api to run some targets; FUZZ_LOG_LEVEL=error to see the server's logs.)
 */
import fc from 'fast-check';
import { createTestDatabase, ownAddress } from '#folio/testing';
import { startStandalone } from '../../apps/standalone/src/standalone.js';
import { type FuzzContext, prepareFuzzContext } from './fuzz-context.js';
import { describeRequest, type FuzzRequest, type FuzzResponse, send } from './fuzz-request.js';
import { type FuzzTarget, fuzzTargets, HostileInputFailure, hostileInputProperty } from './fuzz-targets.js';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const selected = process.env.FUZZ_TARGETS?.split(',').map((name) => name.trim());
const warmupRuns = Math.min(300, runs);
/** After this many distinct failures a target stops: the report is long enough to act on. */
const maxFailuresPerTarget = 10;
const heapGrowthLimit = 0.2;
const demoPassword = 'fuzz demo password';

interface Failure {
  request: FuzzRequest;
  error: unknown;
  seed: number;
  path: string;
}

interface TargetReport {
  cases: number;
  requests: number;
  /** Per status, with JSON-RPC answers split by what they hold (`200 tool-error`, `200 rpc-error`). */
  outcomes: Map<string, number>;
  failures: Failure[];
  elapsedMs: number;
}

/** Errors nobody caught: a crash in waiting. Recorded instead of ending the run, and reported. */
const processErrors: unknown[] = [];
process.on('uncaughtException', (error) => processErrors.push(error));
process.on('unhandledRejection', (error) => processErrors.push(error));

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc (npm run bench:fuzz does)');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Runs `cases` generated cases; after a failure (shrunk by fast-check) goes on with the remaining cases
 * under the next seed, so one bug does not hide the rest.
 */
async function fuzz(context: FuzzContext, target: FuzzTarget, cases: number, runSeed: number) {
  const report: TargetReport = { cases: 0, requests: 0, outcomes: new Map(), failures: [], elapsedMs: 0 };
  const started = performance.now();
  let nextSeed = runSeed;
  while (report.cases < cases && report.failures.length < maxFailuresPerTarget) {
    const details = await fc.check(
      hostileInputProperty(context, target, (response) => {
        report.requests++;
        const outcome = outcomeOf(response);
        report.outcomes.set(outcome, (report.outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: cases - report.cases, seed: nextSeed },
    );
    report.cases += details.numRuns;
    if (!details.failed) break;
    report.failures.push({
      request: details.counterexample![0],
      error: details.errorInstance,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
    });
    nextSeed = (nextSeed + 1) % 2 ** 31;
  }
  report.elapsedMs = performance.now() - started;
  return report;
}

/** The status, and for a JSON-RPC answer whether it holds a result, a tool error or a protocol error. */
function outcomeOf(response: FuzzResponse): string {
  const status = response.status === 0 ? 'none' : String(response.status);
  let message: { jsonrpc?: unknown; error?: unknown; result?: { isError?: unknown } };
  try {
    message = JSON.parse(response.body) as typeof message;
  } catch {
    return status;
  }
  if (message?.jsonrpc !== '2.0') return status;
  if (message.error) return `${status} rpc-error`;
  return message.result?.isError ? `${status} tool-error` : `${status} result`;
}

function printReport(name: string, report: TargetReport, heap?: { before: number; after: number }) {
  const statuses = [...report.outcomes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([outcome, count]) => `${outcome}×${count}`)
    .join(', ');
  console.log(`\n${name}`);
  console.log(
    `  cases ${report.cases} (${report.requests} requests with shrinking), ${(report.elapsedMs / 1000).toFixed(1)} s, ${(report.requests / (report.elapsedMs / 1000)).toFixed(0)} req/s`,
  );
  console.log(`  statuses ${statuses}`);
  if (heap) console.log(`  heap after GC: before ${mib(heap.before)}, after ${mib(heap.after)}`);
  console.log(`  failures ${report.failures.length}`);
  for (const [i, failure] of report.failures.entries()) {
    const error = failure.error;
    const message =
      error instanceof HostileInputFailure ? error.message : String((error as Error)?.stack ?? error);
    console.log(
      `  ${i + 1}. seed ${failure.seed}, path "${failure.path}"\n    ${describeRequest(failure.request)}\n    → ${message}`,
    );
  }
}

const database = await createTestDatabase({
  ...(await ownAddress()),
  SEED_DEMO: 'true',
  DEMO_PASSWORD: demoPassword,
  LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
  RATE_LIMIT_KEY_PER_MINUTE: '0',
  RATE_LIMIT_IP_PER_MINUTE: '0',
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: '0',
});
let failed = false;
try {
  const bootStarted = performance.now();
  const app = await startStandalone(database.config);
  const demo = app.demo!;
  const context = await prepareFuzzContext({
    baseUrl: app.url,
    apiKey: demo.apiKey,
    accountKey: demo.accountKey,
    templateKey: demo.templateKey,
    serverSecrets: [database.config.cookieSecret, demoPassword],
  });
  const targets = fuzzTargets(context).filter((target) => !selected || selected.includes(target.name));
  console.log(
    `Fuzzing ${app.url} (${database.config.database.kind}) — ${runs} cases per target, seed ${seed}; up in ${((performance.now() - bootStarted) / 1000).toFixed(1)} s`,
  );

  console.log(`Warm-up: ${warmupRuns} cases per target (another seed), reported only when it fails`);
  for (const target of targets) {
    const warm = await fuzz(context, target, warmupRuns, seed ^ 0x5a5a5a);
    if (warm.failures.length > 0) printReport(`${target.name} (warm-up)`, warm);
    failed ||= warm.failures.length > 0;
  }
  const heapAfterWarmup = heapAfterGc();
  const rssAfterWarmup = process.memoryUsage().rss;

  for (const target of targets) {
    const before = heapAfterGc();
    const report = await fuzz(context, target, runs, seed);
    printReport(target.name, report, { before, after: heapAfterGc() });
    failed ||= report.failures.length > 0;
    const health = await send(app.url, { method: 'GET', path: '/healthz', headers: {} });
    if (health.status !== 200) {
      console.log(`  MISS: /healthz answers ${health.status} after ${target.name}`);
      failed = true;
    }
  }

  const heapAtEnd = heapAfterGc();
  const growth = heapAtEnd / heapAfterWarmup - 1;
  console.log(
    `\nHeap after GC: after warm-up ${mib(heapAfterWarmup)}, at the end ${mib(heapAtEnd)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %; limit +${heapGrowthLimit * 100} %)`,
  );
  // The embedded database's WASM memory grows with the rows the run writes: it shows in rss, not the heap.
  console.log(`RSS: after warm-up ${mib(rssAfterWarmup)}, at the end ${mib(process.memoryUsage().rss)}`);
  if (growth > heapGrowthLimit) {
    console.log('MISS: the heap grew by more than the limit');
    failed = true;
  }
  console.log(`Uncaught errors in the process: ${processErrors.length}`);
  for (const error of processErrors) console.log(`  ${(error as Error)?.stack ?? String(error)}`);
  failed ||= processErrors.length > 0;
  console.log(failed ? '\nFAIL' : '\nPASS');
  await app.close();
} finally {
  await database.drop();
}
process.exitCode = failed ? 1 : 0;
