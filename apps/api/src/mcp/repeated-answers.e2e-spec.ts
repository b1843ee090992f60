import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { scopes } from '#folio/identity';
import {
  type McpEra,
  mcpToolNames,
  newApiKey,
  newUser,
  postMcp,
  startTestApp,
  type TestApp,
} from '#folio/testing';
import { McpServerFactory } from './mcp-server.factory.js';

// tools/list, initialize and ping depend on nothing but the request: once the SDK has answered one, the
// same request with another id is answered with the SDK's bytes and that id, without building a server.

/** The same request as each era's SDK client sends it (2026-07-28 names itself and the method). */
const eras: Record<McpEra, { headers: (method: string) => Record<string, string>; params: object }> = {
  legacy: { headers: () => ({ 'mcp-protocol-version': '2025-11-25' }), params: {} },
  modern: {
    headers: (method) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method }),
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'repeated-answers', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  },
};

describe('Answers repeated without the SDK (tools/list, initialize, ping)', () => {
  let app: TestApp;
  let fullKey: string;
  let listOnlyKey: string;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api' });
    const me = await newUser(app);
    fullKey = (await newApiKey(app, me, { scopes: [...scopes] })).text;
    listOnlyKey = (await newApiKey(app, me, { scopes: ['list:project'] })).text;
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(() => app?.close());

  function post(era: McpEra, key: string, id: unknown, method: string, params: object = {}) {
    return postMcp(
      app.baseUrl,
      { jsonrpc: '2.0', id, method, params: { ...params, ...eras[era].params } },
      { 'x-service-key': key, accept: 'application/json, text/event-stream', ...eras[era].headers(method) },
    );
  }

  const initializeParams = {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'repeated-answers', version: '1.0.0' },
  };
  const requests: { era: McpEra; method: string; params?: object }[] = [
    { era: 'legacy', method: 'tools/list' },
    { era: 'modern', method: 'tools/list' },
    { era: 'legacy', method: 'initialize', params: initializeParams },
    { era: 'legacy', method: 'ping' },
  ];

  it.each(requests)(
    'answers $method ($era era) again with the SDK’s bytes and the new id, building no server',
    async ({ era, method, params }) => {
      const first = await post(era, fullKey, 1, method, params);
      expect(first.status).toBe(200);
      const sdkAnswer = (await first.json()) as { id: unknown; result: object };
      expect(sdkAnswer).toMatchObject({ id: 1, result: expect.any(Object) });

      const builds = jest.spyOn(app.get(McpServerFactory), 'create');
      for (const id of ['second', 7, -3, '', 'quote " and \u2028']) {
        const again = await post(era, fullKey, id, method, params);
        expect(again.status).toBe(200);
        expect(again.headers.get('content-type')).toMatch(/^application\/json/);
        expect(again.headers.get('cache-control')).toBe('no-store');
        expect(await again.text()).toBe(JSON.stringify({ ...sdkAnswer, id }));
      }
      expect(builds).not.toHaveBeenCalled();
    },
  );

  it.each<McpEra>(['legacy', 'modern'])(
    'lists the same tools through the SDK client each time (%s era), to a list:project key as to a key with every scope',
    async (era) => {
      const listings = [];
      for (const key of [fullKey, listOnlyKey]) {
        const client = await app.connectMcp({ key, era });
        listings.push(await client.listTools(), await client.listTools());
      }
      expect(listings[0].tools.map((tool) => tool.name)).toEqual(mcpToolNames);
      for (const listing of listings) expect(listing).toEqual(listings[0]);
    },
  );

  it('still hands the SDK what it refuses, after it has answered the same method', async () => {
    expect((await post('legacy', fullKey, 1, 'tools/list')).status).toBe(200);
    for (const [id, params] of [
      [1.5, {}],
      [2, { cursor: 5 }],
    ] as const) {
      const refused = (await (await post('legacy', fullKey, id, 'tools/list', params)).json()) as {
        error?: { code: number };
      };
      expect(refused.error?.code).toEqual(expect.any(Number));
    }
  });
});
