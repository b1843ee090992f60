// Load runs that cannot pass failures off as figures: every answer is judged (status and body), and a run
// with any failure (no answer, a non-2xx status, a body that is not the expected JSON-RPC result) yields
// its failure counts and no figure, ratio or verdict.
import autocannon, { type Request } from 'autocannon';
import { envSchema } from '#folio/config';
import { runOpenLoop } from '../load/open-loop.js';

/**
 * Every rate limit the config knows, turned off (0): a bench measures the server, not its limits. Taken
 * from the config's schema, so a limit added later is off here too.
 */
export const rateLimitsOff: Record<string, string> = Object.fromEntries(
  Object.keys(envSchema.shape)
    .filter((name) => name.startsWith('RATE_LIMIT_'))
    .map((name) => [name, '0']),
);

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** Why a body is not the answer asked for, or null when it is. */
export type Judge = (body: string) => string | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);

/**
 * A JSON-RPC 2.0 answer with a `result` (not an `error`, not a tool's `isError`) for which `holds` is
 * true; `what` names that answer in the reason given for a wrong one.
 */
export function jsonRpcResult(what: string, holds: (result: Record<string, unknown>) => boolean): Judge {
  // Parsing every 150 KB answer would make the load generator the bottleneck: an answer byte for byte the
  // same as one already judged right is right.
  const right = new Set<string>();
  return (body) => {
    if (right.has(body)) return null;
    const wrong = judged(body);
    if (wrong === null && right.size < maxRememberedAnswers) right.add(body);
    return wrong;
  };

  function judged(body: string): string | null {
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return `not JSON: ${excerpt(body)}`;
    }
    if (!isRecord(message) || message.jsonrpc !== '2.0') return `not JSON-RPC: ${excerpt(body)}`;
    if (message.error !== undefined) return `JSON-RPC error: ${excerpt(JSON.stringify(message.error))}`;
    if (!isRecord(message.result)) return `no result: ${excerpt(body)}`;
    if (message.result.isError === true) return `tool error: ${excerpt(JSON.stringify(message.result))}`;
    return holds(message.result) ? null : `not ${what}: ${excerpt(body)}`;
  }
}

/** Distinct right answers a judge remembers (a run cycles through a few requests). */
const maxRememberedAnswers = 32;

/** What went wrong in a run. Any of it means the run measured nothing. */
export interface Failures {
  /** Connection errors, timeouts and requests never sent (open loop over its in-flight cap). */
  noAnswer: number;
  /** Answers with a status outside 2xx, by status. */
  byStatus: Record<number, number>;
  /** 2xx answers whose body is not the expected result. */
  unexpectedBodies: number;
  /** The first of each kind of failure ("no answer", "HTTP 503", "unexpected 2xx body"): what came back. */
  examples: Record<string, string>;
}

export interface Measurement {
  name: string;
  seconds: number;
  /** Latency of every answer, in ms, ascending. */
  latencies: number[];
  failures: Failures;
}

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

const noFailures = (): Failures => ({ noAnswer: 0, byStatus: {}, unexpectedBodies: 0, examples: {} });

function noteExample(failures: Failures, kind: string, what: string): void {
  failures.examples[kind] ??= what;
}

export function failureCount(failures: Failures): number {
  return (
    failures.noAnswer +
    Object.values(failures.byStatus).reduce((sum, count) => sum + count, 0) +
    failures.unexpectedBodies
  );
}

/** The p-th percentile (nearest rank) of ascending values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The run's figures; null when it had any failure or no answer at all (then it measured nothing). */
export function figures(run: Measurement): Figures | null {
  if (failureCount(run.failures) > 0 || run.latencies.length === 0) return null;
  return {
    requestsPerSecond: run.latencies.length / run.seconds,
    p50: percentile(run.latencies, 50),
    p99: percentile(run.latencies, 99),
  };
}

/** "N failures (…)" for a failed run. */
export function describeFailures(failures: Failures): string {
  const parts = [
    failures.noAnswer ? `no answer ${failures.noAnswer}` : '',
    ...Object.entries(failures.byStatus).map(([status, count]) => `HTTP ${status} ×${count}`),
    failures.unexpectedBodies ? `unexpected 2xx bodies ${failures.unexpectedBodies}` : '',
  ].filter(Boolean);
  const examples = Object.entries(failures.examples).map(([kind, what]) => `; e.g. ${kind}: ${what}`);
  return `${failureCount(failures)} failures (${parts.join(', ')})${examples.join('')}`;
}

/** One line: the figures, or the failures and NOT MEASURED. */
export function describeMeasurement(run: Measurement): string {
  const measured = figures(run);
  const name = run.name.padEnd(6);
  if (!measured) {
    return `  ${name} NOT MEASURED: ${failureCount(run.failures) ? describeFailures(run.failures) : 'no answers'}`;
  }
  return `  ${name} ${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${measured.p50.toFixed(2).padStart(6)} ms   p99 ${measured.p99.toFixed(2).padStart(6)} ms   ${run.latencies.length} answers, no failures`;
}

/** Mean throughput of `runs` over that of `baseline`; null unless every run of both was measured. */
export function throughputRatio(runs: Measurement[], baseline: Measurement[]): number | null {
  const rates = (list: Measurement[]) => list.map((run) => figures(run)?.requestsPerSecond ?? null);
  const [ours, theirs] = [rates(runs), rates(baseline)];
  if ([...ours, ...theirs].some((rate) => rate === null) || !ours.length || !theirs.length) return null;
  const mean = (list: (number | null)[]) => list.reduce<number>((sum, rate) => sum + rate!, 0) / list.length;
  return mean(ours) / mean(theirs);
}

/**
 * A closed loop (autocannon): `connections` clients each send their next request as soon as the last is
 * answered, cycling through `requests`, for `seconds`.
 */
export async function closedLoop(
  target: Target,
  requests: Request[],
  judge: Judge,
  options: { connections: number; seconds: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  const failures = noFailures();
  // autocannon reports a response's status, then hands its body to verifyBody, in one synchronous step.
  let status = 0;
  const instance = autocannon({
    url: target.url,
    connections: options.connections,
    duration: options.seconds,
    headers: target.headers,
    // Copies: autocannon writes into them.
    requests: requests.map((request) => ({ ...request })),
    verifyBody: (body) => {
      const wrong = judge(body);
      if (status < 200 || status >= 300) {
        noteExample(failures, `HTTP ${status}`, wrong ?? excerpt(body));
        return false;
      }
      if (wrong !== null) {
        failures.unexpectedBodies++;
        noteExample(failures, 'unexpected 2xx body', wrong);
      }
      return wrong === null;
    },
  });
  instance.on('response', (_client, answerStatus, _bytes, ms) => {
    status = answerStatus;
    latencies.push(ms);
  });
  instance.on('reqError', (error) => noteExample(failures, 'no answer', error.message));
  const result = await instance;
  failures.noAnswer = result.errors;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (!code.startsWith('2')) failures.byStatus[Number(code)] = count;
  }
  latencies.sort((a, b) => a - b);
  return { name: target.name, seconds: result.duration, latencies, failures };
}

/**
 * An open loop (bench/load/open-loop.ts): requests leave at a steady `rate` whatever the answers do, so
 * latency is measured without the load generator waiting on the server. All of `requests` go to one
 * method in one era, so they share their headers.
 */
export async function steadyRate(
  target: Target,
  requests: Request[],
  judge: Judge,
  options: { rate: number; seconds: number },
): Promise<Measurement> {
  let next = 0;
  const outcomes = await runOpenLoop({
    url: target.url,
    headers: { ...target.headers, ...requests[0].headers },
    rate: options.rate,
    durationMs: options.seconds * 1000,
    next: () => ({ label: target.name, body: requests[next++ % requests.length].body ?? '' }),
    judge: (_status, body) => judge(body),
  });
  const failures = noFailures();
  const latencies: number[] = [];
  for (const outcome of outcomes) {
    const wrong = outcome.error ?? '';
    if (outcome.status === 0) {
      failures.noAnswer++;
      noteExample(failures, 'no answer', wrong);
      continue;
    }
    latencies.push(outcome.latencyMs);
    if (outcome.status < 200 || outcome.status >= 300) {
      failures.byStatus[outcome.status] = (failures.byStatus[outcome.status] ?? 0) + 1;
      noteExample(failures, `HTTP ${outcome.status}`, wrong);
    } else if (outcome.error !== null) {
      failures.unexpectedBodies++;
      noteExample(failures, 'unexpected 2xx body', wrong);
    }
  }
  latencies.sort((a, b) => a - b);
  return { name: target.name, seconds: options.seconds, latencies, failures };
}

/** A summary line: what was measured, from which runs, and the budget it is held to (if any). */
export interface Check {
  name: string;
  runs: Measurement[];
  /** What the runs show (only asked when every run was measured), and whether it keeps the budget. */
  read: () => { shown: string; holds?: boolean };
  /** The budget, e.g. "≥ 600 req/s"; none for a figure that is only reported. */
  limit?: string;
}

/**
 * The summary table: each check's figures and verdict, or "not measured" with its failure count and no
 * figure or verdict. `unmeasured` counts the checks with failures.
 */
export function summaryTable(checks: Check[]): { rows: string[][]; unmeasured: number } {
  const rows = [['', 'measured', 'budget', 'verdict']];
  let unmeasured = 0;
  for (const check of checks) {
    const failures = check.runs.reduce((sum, run) => sum + failureCount(run.failures), 0);
    if (failures > 0 || check.runs.some((run) => figures(run) === null)) {
      unmeasured++;
      rows.push([check.name, `NOT MEASURED: ${failures} failures`, check.limit ?? '', '']);
      continue;
    }
    const { shown, holds } = check.read();
    rows.push([check.name, shown, check.limit ?? '', holds === undefined ? '' : holds ? 'PASS' : 'MISS']);
  }
  return { rows, unmeasured };
}
