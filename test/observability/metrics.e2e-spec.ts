import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scopes } from '#folio/identity';
import {
  newApiKey,
  newTemplate,
  newUser,
  postMcp,
  startTestApp,
  type TestApp,
  waitUntil,
} from '#folio/testing';

// GET /metrics as Prometheus scrapes it, on the standalone process (api and auth in one process, one
// registry): requests per route pattern, MCP tool calls per tool and outcome, job queue depth.

const metricsToken = 'a-metrics-token-for-tests';

/** One sample of a Prometheus text exposition, e.g. `folio_x_total{route="/a",status="200"} 3`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, text]) => [key, text]),
      );
      return { name, labels, value: Number(value) };
    });
}

/** The value of the sample named `name` whose labels include `labels` (0 when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const sample = samples.find(
    (candidate) =>
      candidate.name === name &&
      Object.entries(labels).every(([key, value]) => candidate.labels[key] === value),
  );
  return sample?.value ?? 0;
}

describe('GET /metrics', () => {
  let app: TestApp;
  let caller: { apiKey: string; templateKey: string };

  beforeAll(async () => {
    app = await startTestApp({ app: 'standalone', ownAddress: true, env: { METRICS_TOKEN: metricsToken } });
    const owner = await newUser(app);
    caller = {
      apiKey: (await newApiKey(app, owner, { scopes: [...scopes] })).text,
      templateKey: (await newTemplate(app, owner)).templateKey,
    };
  });

  afterAll(() => app?.close());

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${app.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(await response.text());
  }

  function callTool(name: string, args: unknown) {
    return postMcp(
      app.baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      { 'x-service-key': caller.apiKey },
    );
  }

  it('asks for the metrics token when one is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', metricsToken]) {
      const response = await fetch(`${app.baseUrl}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain('folio_');
    }
  });

  it('counts requests by route pattern, never by raw URL, with latency histograms', async () => {
    const statusOf = async (path: string, init?: RequestInit) =>
      (await fetch(`${app.baseUrl}${path}`, init)).status;
    const before = await scrape();
    const schema = `/project/templates/${caller.templateKey}/schema`;
    expect(await statusOf(schema, { headers: { 'x-service-key': caller.apiKey } })).toBe(200);
    const create = await statusOf(`/project/create-from-template/${caller.templateKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': caller.apiKey },
      body: JSON.stringify({ pages: 'not a list' }),
    });
    expect(create).toBe(400);
    expect(await statusOf(`/no/such/path/${Date.now()}`)).toBe(404);
    // An auth app page: the same process, the same registry, the same /metrics.
    expect(await statusOf('/login')).toBe(200);

    const counted = [
      { method: 'GET', route: '/project/templates/:templateKey/schema', status: '200' },
      { method: 'POST', route: '/project/create-from-template/:templateKey', status: '400' },
      { method: 'GET', route: 'unmatched', status: '404' },
      { method: 'GET', route: '/login', status: '200' },
    ];
    let after = before;
    const increase = (labels: Record<string, string>) =>
      valueOf(after, 'folio_http_requests_total', labels) -
      valueOf(before, 'folio_http_requests_total', labels);
    // A request is counted once its answer's last byte is written, which may come after the client has
    // its status (and its body).
    await waitUntil('the four requests counted', async () => {
      after = await scrape();
      return counted.every((labels) => increase(labels) > 0);
    });
    expect(counted.map(increase)).toEqual([1, 1, 1, 1]);

    const routes = new Set(
      after.filter((sample) => sample.name === 'folio_http_requests_total').map((s) => s.labels.route),
    );
    for (const route of routes) expect(route).not.toContain(caller.templateKey);
    expect(
      valueOf(after, 'folio_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/project/templates/:templateKey/schema',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'folio_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/project/templates/:templateKey/schema',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts MCP tool calls by tool and outcome, and times them', async () => {
    const before = await scrape();
    expect((await callTool('find_projects', {})).status).toBe(200);
    expect((await callTool('find_projects', {})).status).toBe(200);
    // Refused for its arguments by the SDK, before the handler: still a call, the caller's error.
    expect((await callTool('find_projects', { limit: 'many' })).status).toBe(200);
    // A domain error (no such project): the caller's error too.
    expect((await callTool('get_project_sections', { projectKey: 'fNoSuchProject' })).status).toBe(200);

    const after = await scrape();
    const increase = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(increase('folio_mcp_tool_calls_total', { tool: 'find_projects', outcome: 'ok' })).toBe(2);
    expect(increase('folio_mcp_tool_calls_total', { tool: 'find_projects', outcome: 'tool_error' })).toBe(1);
    expect(
      increase('folio_mcp_tool_calls_total', { tool: 'get_project_sections', outcome: 'tool_error' }),
    ).toBe(1);
    expect(increase('folio_mcp_tool_duration_seconds_count', { tool: 'find_projects' })).toBe(2);
    expect(increase('folio_http_requests_total', { method: 'POST', route: '/v2/mcp', status: '200' })).toBe(
      4,
    );
  });

  it('reports job queue depth per queue and state, job failures, and the process figures', async () => {
    const samples = await scrape();
    for (const queue of ['section-screenshot', 'library-analysis', 'image-render']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(samples).toContainEqual(
          expect.objectContaining({ name: 'folio_job_queue_depth', labels: { queue, state } }),
        );
      }
      expect(samples).toContainEqual(
        expect.objectContaining({ name: 'folio_job_failures_total', labels: { queue } }),
      );
    }
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
