import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { type AppConfig } from '#folio/config';
import {
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  newApiKey,
  newUser,
  postMcp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// Rate and size limits of the api app over real HTTP: per API key, per client address, shared through
// Redis by several instances, and bodies over their limit.

const limits = { RATE_LIMIT_KEY_PER_MINUTE: '3', RATE_LIMIT_IP_PER_MINUTE: '5' };
const redisUrl = process.env.REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

let db: MigratedTestDatabase;
let clients = 0;

beforeAll(async () => {
  db = await createMigratedTestDatabase({ LOG_LEVEL: 'silent', ...limits });
});
afterAll(() => db?.dispose());

/** An instance of the api app on the file's database: several share it (and Redis). */
async function startApi(config: AppConfig): Promise<{ app: TestApp; base: string }> {
  const app = await startTestApp({ app: 'api', database: db, config });
  return { app, base: app.baseUrl };
}

/** A fresh key of `agent`'s, each with a rate budget of its own. */
const keyOf = async (app: TestApp, agent: TestUser) =>
  (await newApiKey(app, agent, { scopes: ['list:project'] })).text;
/** A client address of its own (X-Forwarded-For from loopback is trusted), so tests never share a budget. */
const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++clients}` });
const toolsList = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

describe('api request limits', () => {
  let app: TestApp;
  let base: string;
  let agent: TestUser;
  const newKey = () => keyOf(app, agent);

  beforeAll(async () => {
    ({ app, base } = await startApi(db.config));
    agent = await newUser(app);
  });
  afterAll(() => app?.close());

  it('answers a key over its per-minute limit on /v2/mcp with 429, Retry-After and a JSON-RPC error; another key is served', async () => {
    const key = await newKey();
    for (let id = 1; id <= 3; id++) {
      expect((await postMcp(base, toolsList(id), { 'x-service-key': key, ...newClient() })).status).toBe(200);
    }
    // From yet another address: the limit follows the key, not the address.
    const refused = await postMcp(base, toolsList(4), { authorization: `Bearer ${key}`, ...newClient() });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32000,
        message: `Rate limit exceeded: try again in ${retryAfter} s.`,
        data: { retryAfterSeconds: retryAfter },
      },
    });

    const other = await postMcp(base, toolsList(5), { 'x-service-key': await newKey(), ...newClient() });
    expect(other.status).toBe(200);
  });

  it('counts a key across its routes; the REST API refuses with its JSON error', async () => {
    const key = await newKey();
    for (let id = 1; id <= 3; id++) {
      expect((await postMcp(base, toolsList(id), { 'x-service-key': key })).status).toBe(200);
    }
    const refused = await fetch(`${base}/v2/credential`, {
      headers: { 'x-service-key': key, ...newClient() },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^Rate limit exceeded: try again in \d+ s\.$/),
    });
  });

  it('counts every message of a JSON-RPC batch (protocol 2025-03-26) and refuses a batch over the limit whole', async () => {
    const key = await newKey();
    const batch = (ids: number[]) => ids.map(toolsList);
    const headers = { 'x-service-key': key, 'mcp-protocol-version': '2025-03-26', ...newClient() };
    const served = await postMcp(base, batch([1, 2]), headers);
    expect(served.status).toBe(200);
    expect(((await served.json()) as { id: number }[]).map(({ id }) => id).sort()).toEqual([1, 2]);

    // Two of the key's three calls are spent: a batch of two would pass the limit, so none of it runs.
    const refused = await postMcp(base, batch([3, 4]), headers);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: `Rate limit exceeded: try again in ${retryAfter} s.`,
        data: { retryAfterSeconds: retryAfter },
      },
    });
  });

  it('refuses a JSON-RPC batch with a JSON-RPC error for protocol versions without batches (2025-06-18 on)', async () => {
    const key = await newKey();
    const batch = [toolsList(1), toolsList(2)];
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'batcher', version: '1.0.0' },
      },
    };
    const refusals = [
      ...['2025-06-18', '2025-11-25', '2026-07-28'].map((version) => ({
        version,
        sent: postMcp(base, batch, { 'x-service-key': key, 'mcp-protocol-version': version, ...newClient() }),
      })),
      { version: '2025-06-18', sent: postMcp(base, [initialize], { 'x-service-key': key, ...newClient() }) },
    ];
    for (const { version, sent } of refusals) {
      const refused = await sent;
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `Invalid request: MCP ${version} has no JSON-RPC batches; send one message per request.`,
        },
      });
    }
  });

  it('limits each client address on every route but probes and static files', async () => {
    const client = newClient();
    const metadata = () => fetch(`${base}/.well-known/oauth-protected-resource`, { headers: client });
    for (let i = 0; i < 5; i++) expect((await metadata()).status).toBe(200);
    const refused = await metadata();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nor does a key help past its address's limit.
    expect((await postMcp(base, toolsList(1), { 'x-service-key': await newKey(), ...client })).status).toBe(
      429,
    );

    for (const probe of ['/healthz', '/favicon.ico']) {
      expect((await fetch(`${base}${probe}`, { headers: client })).status).toBe(200);
    }
    expect((await metadata()).status).toBe(429);
    expect(
      (await fetch(`${base}/.well-known/oauth-protected-resource`, { headers: newClient() })).status,
    ).toBe(200);
  });

  it('answers a body over the limit with 413 and a message naming the limit, whatever its type', async () => {
    const headers = { 'x-service-key': await newKey(), ...newClient() };
    const json = await fetch(`${base}/v2/credential`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({
      error: 'payload_too_large',
      message: 'The request body is larger than the 1 MiB this endpoint accepts.',
    });

    const text = await fetch(`${base}/.well-known/oauth-protected-resource`, {
      method: 'POST',
      headers: { ...newClient(), 'content-type': 'text/plain' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(text.status).toBe(413);
    expect((await text.json()).error).toBe('payload_too_large');
  });
});

describe('TRUST_PROXY: which client address a request counts against', () => {
  /** Requests from this machine (loopback) to a metadata route, until one is refused; how many passed. */
  async function servedUntilRefused(base: string, forwardedFor: () => string): Promise<number> {
    for (let served = 0; served <= 5; served++) {
      const response = await fetch(`${base}/.well-known/oauth-protected-resource`, {
        headers: { 'x-forwarded-for': forwardedFor() },
      });
      if (response.status === 429) return served;
      expect(response.status).toBe(200);
    }
    return Infinity;
  }

  it('ignores X-Forwarded-For from a peer the setting does not trust', async () => {
    for (const trustProxy of [0, ['10.0.0.0/8', 'fd00::/8']]) {
      const { app, base } = await startApi({ ...db.config, trustProxy } as AppConfig);
      try {
        // Every request names another client, but all of them count against the loopback peer.
        expect({
          trustProxy,
          served: await servedUntilRefused(base, () => newClient()['x-forwarded-for']),
        }).toEqual({ trustProxy, served: 5 });
      } finally {
        await app.close();
      }
    }
  });

  it('takes the client from as many hops as the setting trusts', async () => {
    const { app, base } = await startApi({ ...db.config, trustProxy: 2 } as AppConfig);
    try {
      // Two trusted hops: the address before the last proxy is the client, whatever came before it.
      const client = newClient()['x-forwarded-for'];
      let spoofed = 0;
      expect(await servedUntilRefused(base, () => `192.0.2.${++spoofed}, ${client}, 198.51.100.250`)).toBe(5);
      // Another client behind the same last proxy has its own budget.
      expect(
        (
          await fetch(`${base}/.well-known/oauth-protected-resource`, {
            headers: { 'x-forwarded-for': `${newClient()['x-forwarded-for']}, 198.51.100.250` },
          })
        ).status,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describeWithRedis('api request limits shared through Redis (REDIS_URL)', () => {
  let instances: { app: TestApp; base: string }[];
  let config: AppConfig;
  let agent: TestUser;

  beforeAll(async () => {
    config = { ...db.config, jobs: { ...db.config.jobs, redisUrl: redisUrl! } } as AppConfig;
    instances = [await startApi(config), await startApi(config)];
    agent = await newUser(instances[0].app);
  });
  afterAll(() => Promise.all(instances?.map(({ app }) => app.close()) ?? []));

  it('counts a key and an address once across instances, and keeps neither in Redis', async () => {
    const [first, second] = instances;
    const key = await keyOf(first.app, agent);
    const client = newClient();
    for (let id = 1; id <= 3; id++) {
      const instance = id % 2 ? first : second;
      expect((await postMcp(instance.base, toolsList(id), { 'x-service-key': key, ...client })).status).toBe(
        200,
      );
    }
    expect((await postMcp(second.base, toolsList(4), { 'x-service-key': key, ...newClient() })).status).toBe(
      429,
    );
    expect((await postMcp(first.base, toolsList(5), { 'x-service-key': key, ...newClient() })).status).toBe(
      429,
    );

    // Three MCP calls, then two more requests reach the address's limit of five, on either instance.
    const metadata = (instance: { base: string }) =>
      fetch(`${instance.base}/.well-known/oauth-protected-resource`, { headers: client });
    expect((await metadata(first)).status).toBe(200);
    expect((await metadata(second)).status).toBe(200);
    expect((await metadata(first)).status).toBe(429);

    const redis = new Redis(redisUrl!);
    try {
      const stored = await redis.keys(`*${config.jobs.prefix}:rate-limit:*`);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.join(' ')).not.toContain(key);
      expect(stored.join(' ')).not.toContain(client['x-forwarded-for']);
    } finally {
      redis.disconnect();
    }
  });
});
