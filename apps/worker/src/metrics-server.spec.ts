import { afterEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '#folio/config';
import { freePort } from '#folio/testing';
import { WorkerMetricsServer } from './metrics-server.js';

const servers: WorkerMetricsServer[] = [];

async function start(env: Record<string, string>) {
  const server = new WorkerMetricsServer(loadConfig({ LOG_LEVEL: 'silent', ...env }, { seedDemo: false }));
  servers.push(server);
  await server.onApplicationBootstrap();
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.onApplicationShutdown()));
});

describe(WorkerMetricsServer.name, () => {
  it('serves GET /metrics on METRICS_PORT, behind METRICS_TOKEN when set, and nothing else', async () => {
    const port = await freePort();
    await start({ METRICS_PORT: String(port), METRICS_TOKEN: 'worker-metrics-token' });
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const scraped = await fetch(url, { headers: { authorization: 'Bearer worker-metrics-token' } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await scraped.text()).toContain('process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
  });
});
