import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { newApiKey, newUser, startTestApp, type TestApp } from '#folio/testing';
import type { Measurement, Target } from '../../bench/lib/measurement.js';
import {
  closedLoop,
  describeMeasurement,
  jsonRpcResult,
  rateLimitsOff,
  steadyRate,
  summaryTable,
  throughputRatio,
} from '../../bench/lib/measurement.js';

// bench:mcp's measurements (issue 20 §4) against a real api app over HTTP: an answer that is not the
// expected JSON-RPC result is a failure, a run with any failure shows no figure, ratio or verdict, and the
// bench's own server has every rate limit off.

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params: Record<string, unknown> = {}) => ({
  method: 'POST',
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
});
const toolsList = rpc('tools/list');
const isToolList = jsonRpcResult(
  'a tool list',
  (result) => Array.isArray(result.tools) && result.tools.length > 0,
);
const short = { connections: 2, seconds: 1 };

/**
 * The api app with `env`, and an MCP target on it with a fresh key of a fresh person, warmed by one call
 * (a cold first answer can take most of a short run).
 */
async function apiTarget(env: Record<string, string>): Promise<{ app: TestApp; target: Target }> {
  const app = await startTestApp({ app: 'api', env });
  const key = await newApiKey(app, await newUser(app), { scopes: ['list:project'] });
  const target = {
    name: 'ours',
    url: `${app.baseUrl}/v2/mcp`,
    headers: { ...mcpHeaders, 'x-service-key': key.text },
  };
  const warmUp = await fetch(target.url, { method: 'POST', headers: target.headers, body: toolsList.body });
  expect(isToolList(await warmUp.text())).toBeNull();
  return { app, target };
}

/** The summary line of one budget over `runs`; `read` must not be asked when a run failed. */
function budgetLine(runs: Measurement[]) {
  const read = jest.fn(() => ({ shown: 'a figure', holds: true }));
  const { rows, unmeasured } = summaryTable([{ name: 'tools/list', runs, limit: '≥ 1.00×', read }]);
  return { row: rows[1], unmeasured, read };
}

describe('bench:mcp against a server whose rate limits are on', () => {
  let app: TestApp;
  let target: Target;

  // One call a minute: the warm-up takes it, so every answer of the runs is over the limit.
  beforeAll(async () => ({ app, target } = await apiTarget({ RATE_LIMIT_KEY_PER_MINUTE: '1' })));
  afterAll(() => app?.close());

  it('counts the 429 answers as failures and prints their counts, no figure, no ratio and no verdict', async () => {
    const run = await closedLoop(target, [toolsList], isToolList, short);

    expect(run.failures.byStatus[429]).toBeGreaterThan(0);
    const line = describeMeasurement(run);
    expect(line).toContain('NOT MEASURED');
    expect(line).toContain(`HTTP 429 ×${run.failures.byStatus[429]}`);
    expect(line).toContain('e.g. HTTP 429: JSON-RPC error: ');
    expect(line).not.toMatch(/req\/s|p50|p99/);
    expect(throughputRatio([run], [run])).toBeNull();
    const { row, unmeasured, read } = budgetLine([run]);
    expect(row[1]).toMatch(/^NOT MEASURED: \d+ failures$/);
    expect(row[3]).toBe('');
    expect(unmeasured).toBe(1);
    expect(read).not.toHaveBeenCalled();
  });

  it('counts them at a steady rate too', async () => {
    const run = await steadyRate(target, [toolsList], isToolList, { rate: 20, seconds: 1 });

    expect(run.failures.byStatus[429]).toBeGreaterThan(0);
    expect(describeMeasurement(run)).toContain('NOT MEASURED');
  });
});

describe("bench:mcp's own server settings", () => {
  let app: TestApp;
  let target: Target;

  // Limits low enough for any run to cross, then the bench's settings over them.
  beforeAll(
    async () =>
      ({ app, target } = await apiTarget({
        RATE_LIMIT_KEY_PER_MINUTE: '5',
        RATE_LIMIT_IP_PER_MINUTE: '5',
        ...rateLimitsOff,
      })),
  );
  afterAll(() => app?.close());

  it('turn every rate limit off: a run of many calls from one key and address is all measured', async () => {
    const run = await closedLoop(target, [toolsList], isToolList, short);

    expect(run.latencies.length).toBeGreaterThan(5);
    expect(run.failures).toEqual({ noAnswer: 0, byStatus: {}, unexpectedBodies: 0, examples: {} });
    expect(describeMeasurement(run)).toMatch(/\d+ req\/s {3}p50 +[\d.]+ ms {3}p99 +[\d.]+ ms/);
    expect(throughputRatio([run], [run])).toBe(1);
    const { row, unmeasured } = budgetLine([run]);
    expect(row.slice(1)).toEqual(['a figure', '≥ 1.00×', 'PASS']);
    expect(unmeasured).toBe(0);
  });

  it('still count a 200 whose body is an error instead of the expected result as a failure', async () => {
    const badArguments = rpc('tools/call', { name: 'find_projects', arguments: { limit: 'many' } });
    const unknownMethod = rpc('tools/unknown');
    const run = await closedLoop(target, [badArguments, unknownMethod], isToolList, short);

    expect(run.failures.byStatus).toEqual({});
    expect(run.failures.unexpectedBodies).toBe(run.latencies.length);
    expect(run.failures.examples['unexpected 2xx body']).toMatch(/^(tool error|JSON-RPC error): /);
    expect(describeMeasurement(run)).toContain(`unexpected 2xx bodies ${run.latencies.length}`);
  });
});
