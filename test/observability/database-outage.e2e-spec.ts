import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { loadConfig } from '#folio/config';
import { newApiKey } from '#folio/identity';
import { type DemoCredentials } from '#folio/seed';
import {
  createTestDatabase,
  freePort,
  ownAddress,
  postMcp,
  type TestDatabase,
  waitUntil,
} from '#folio/testing';
import { createApiApp } from '../../apps/api/src/api.app.js';
import { startStandalone, type Standalone } from '../../apps/standalone/src/standalone.js';

// PostgreSQL going away under the api: requests that need it fail fast with 503 and Retry-After (not a
// 500, not a hang on the pool), /readyz says which check failed, and the service recovers by itself.

/** Within this, an answer counts as fast (the bound for a database that is down). */
const fastMs = 2_000;

async function timedFetch(url: string, init?: RequestInit): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await fetch(url, init);
  return { response, ms: Date.now() - started };
}

function findProjects(base: string, key: string) {
  return postMcp(
    base,
    { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'find_projects', arguments: {} } },
    { 'x-service-key': key },
  );
}

/** A fast 503 with Retry-After, its body naming nothing of the cause. */
async function unavailableBody(response: Response, ms: number): Promise<unknown> {
  expect(ms).toBeLessThan(fastMs);
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  const body: unknown = await response.json();
  expect(JSON.stringify(body)).not.toMatch(/prisma|postgres|ECONN|at \//i);
  return body;
}

async function expectUnavailable(response: Response, ms: number): Promise<void> {
  expect(await unavailableBody(response, ms)).toEqual({
    error: 'unavailable',
    message: expect.stringContaining('Try again'),
  });
}

/** The MCP endpoint answers the same as a JSON-RPC error. */
async function expectMcpUnavailable(response: Response, ms: number): Promise<void> {
  expect(await unavailableBody(response, ms)).toEqual({
    jsonrpc: '2.0',
    id: 7,
    error: { code: -32000, message: expect.stringContaining('Try again'), data: { retryAfterSeconds: 5 } },
  });
}

describe('an api whose database server is not there', () => {
  let app: NestExpressApplication;
  let base: string;
  // Well formed, so checking it needs the database.
  const key = newApiKey('sk').text;

  beforeAll(async () => {
    const config = loadConfig(
      {
        ...(await ownAddress()),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/folio`,
        LOG_LEVEL: 'silent',
      },
      { seedDemo: false },
    );
    app = await createApiApp(config);
    await app.listen(config.port);
    base = config.publicBaseUrl;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers requests that need it with 503 at once, and says so in /readyz', async () => {
    const mcp = Date.now();
    await expectMcpUnavailable(await findProjects(base, key), Date.now() - mcp);
    const template = await timedFetch(`${base}/project/templates/tplAnything/schema`, {
      headers: { 'x-service-key': key },
    });
    await expectUnavailable(template.response, template.ms);

    const ready = await timedFetch(`${base}/readyz`);
    expect(ready.ms).toBeLessThan(fastMs + 500);
    expect(ready.response.status).toBe(503);
    expect(await ready.response.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

// A real PostgreSQL refusing and dropping this test's database (the server itself keeps running).
(process.env.DATABASE_URL ? describe : describe.skip)(
  'an api whose PostgreSQL database goes away and comes back',
  () => {
    let database: TestDatabase;
    let app: Standalone;
    let demo: DemoCredentials;
    let databaseName: string;

    async function asAdmin(sql: string): Promise<void> {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = '/postgres';
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    }

    /** New connections refused and every open one cut, as while PostgreSQL restarts. */
    async function takeDown(): Promise<void> {
      await asAdmin(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`);
      await terminateConnections();
    }

    async function terminateConnections(): Promise<void> {
      await asAdmin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName}' AND pid <> pg_backend_pid()`,
      );
    }

    beforeAll(async () => {
      database = await createTestDatabase({
        ...(await ownAddress()),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'silent',
      });
      if (database.config.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
      databaseName = new URL(database.config.database.url).pathname.slice(1);
      app = await startStandalone(database.config);
      demo = app.demo!;
    });

    afterAll(async () => {
      await asAdmin(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS true`).catch(() => {});
      await app?.close();
      await database?.drop();
    });

    it('fails fast with 503 while it is away, reports it, and recovers without a restart', async () => {
      expect((await findProjects(app.url, demo.apiKey)).status).toBe(200);

      await takeDown();
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = Date.now();
        await expectMcpUnavailable(await findProjects(app.url, demo.apiKey), Date.now() - started);
      }
      const template = await timedFetch(`${app.url}/project/templates/${demo.templateKey}/schema`, {
        headers: { 'x-service-key': demo.apiKey },
      });
      await expectUnavailable(template.response, template.ms);
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });

      await asAdmin(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS true`);
      // Until the pool has a connection again, each answer is a 503, never anything else.
      let answer!: Response;
      await waitUntil(
        'MCP answers again',
        async () => {
          answer = await findProjects(app.url, demo.apiKey);
          if (answer.status !== 200) expect(answer.status).toBe(503);
          return answer.status === 200;
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expect((await answer.json()) as object).toMatchObject({
        result: { structuredContent: { projects: expect.any(Array) } },
      });
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    });

    it('carries on when its connections are cut (a restart between two requests): never a 500', async () => {
      for (let round = 0; round < 3; round++) {
        await terminateConnections();
        const statuses: number[] = [];
        for (let request = 0; request < 3; request++) {
          statuses.push((await findProjects(app.url, demo.apiKey)).status);
        }
        expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
        expect(statuses.at(-1)).toBe(200);
      }
    });
  },
);
