import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaClient } from '#folio/db';
import { scopes } from '#folio/identity';
import {
  freePort,
  newAiLibrary,
  newApiKey,
  newUser,
  postMcp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// REDIS_URL set and Redis not there: /readyz says so, MCP reads answer as usual, and a create whose
// images would be queued answers too (the images stay owed in the database until Redis is back; the job
// side of that is proven in libs/jobs/src/redis-outage.spec.ts).

describe('the service while its Redis refuses connections', () => {
  let app: TestApp;
  let database: TestApp['database'];
  let owner: TestUser;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({
      app: 'standalone',
      ownAddress: true,
      env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
    });
    ({ database } = app);
    owner = await newUser(app);
    apiKey = (await newApiKey(app, owner, { scopes: [...scopes] })).text;
    await newAiLibrary(app);
  });

  afterAll(() => app?.close());

  async function callTool(name: string, args: unknown) {
    const started = Date.now();
    const response = await postMcp(
      app.baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      { 'x-service-key': apiKey },
    );
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as {
      result: { isError?: boolean; structuredContent: Record<string, unknown> };
    };
    return { result, ms: Date.now() - started };
  }

  it('reports Redis down in /readyz, quickly, and stays ready: requests are still served', async () => {
    const started = Date.now();
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });
  });

  it('answers MCP reads as usual', async () => {
    for (const [name, args] of [
      ['find_projects', {}],
      ['list_libraries', {}],
    ] as const) {
      const { result, ms } = await callTool(name, args);
      expect(result.isError ?? false).toBe(false);
      expect(ms).toBeLessThan(1_000);
    }
  });

  it('answers a create with AI, its images left owed rather than the call held', async () => {
    const handle = await database.open();
    const prisma = new PrismaClient({ adapter: handle.adapter });
    try {
      await prisma.account.update({ where: { id: owner.account.id }, data: { credits: 100 } });
      const libraries = (await callTool('list_libraries', {})).result.structuredContent.libraries as {
        libraryKey: string;
      }[];
      const { result, ms } = await callTool('create_project', {
        title: 'Redis-less bakery',
        ai: { libraries: [libraries[0].libraryKey], prompt: 'A landing page for a small bakery with photos' },
      });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent.ai).toMatchObject({ status: 'generated' });
      // At most the 2 s a queue waits for a first connection, beyond the generation itself.
      expect(ms).toBeLessThan(10_000);
      // Owed in the database: the workers' sweep queues them once Redis answers.
      const pending = await prisma.asset.count({
        where: { project: { key: result.structuredContent.projectKey as string }, status: 'pending' },
      });
      expect(pending).toBeGreaterThan(0);
    } finally {
      await prisma.$disconnect();
      await handle.release();
    }
  });
});
