import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PinoLogger } from 'nestjs-pino';
import { type PrismaClient } from '#folio/db';
import { loggerParams } from '#folio/http';
import { hashApiKey } from '#folio/identity';
import { newApiKey, newUser, postMcp, startTestApp, type TestApp, waitUntil } from '#folio/testing';

// The request log of the real apps, captured: each request's line names its request id and, when an API
// key authenticated it, the key's row id and its owner, never the key.

interface LogLine {
  msg: string;
  reqId?: string;
  keyId?: string;
  userId?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

/** The request line of the request answered with `requestId` (pino writes it once the answer is sent). */
async function requestLine(requestId: string): Promise<LogLine> {
  const find = () =>
    lines.map((text) => JSON.parse(text) as LogLine).find((l) => l.reqId === requestId && l.res);
  await waitUntil(`the request line of ${requestId}`, () => find() !== undefined, { timeoutMs: 5_000 });
  return find()!;
}

describe('request logs', () => {
  let prisma: PrismaClient;
  let app: TestApp;
  /** A person's API key, as an agent sends it. */
  let agent: { apiKey: string };

  beforeAll(async () => {
    // nestjs-pino keeps one pino-http instance per process, made from the first parameters it sees: made
    // here first with the apps' own parameters, it writes to the capture instead of stdout.
    const params = loggerParams({ logLevel: 'info' });
    new PinoLogger({ ...params, pinoHttp: [params.pinoHttp as object, capture] });
    app = await startTestApp({ app: 'standalone', ownAddress: true, env: { LOG_LEVEL: 'warn' } });
    ({ prisma } = app);
    const owner = await newUser(app);
    agent = { apiKey: (await newApiKey(app, owner, { scopes: ['list:project'] })).text };
  });

  afterAll(() => app?.close());

  it('names the request id, the API key row and its owner on an authenticated request, never the key', async () => {
    const response = await postMcp(
      app.baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'find_projects', arguments: {} } },
      { authorization: `Bearer ${agent.apiKey}` },
    );
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    const key = await prisma.apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(agent.apiKey) } });

    expect(await requestLine(requestId)).toMatchObject({
      msg: 'request completed',
      reqId: requestId,
      keyId: key.id,
      userId: key.userId,
      req: { url: '/v2/mcp' },
      res: { statusCode: 200 },
    });
    expect(lines.join('\n')).not.toContain(agent.apiKey);
  });

  it('keeps the request id from the proxy, and names no key when none authenticated', async () => {
    const requestId = 'proxy-request-0001';
    const response = await postMcp(
      app.baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'x-request-id': requestId, 'x-service-key': 'folio_sk_not-a-real-key' },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const line = await requestLine(requestId);
    expect(line).toMatchObject({ reqId: requestId, res: { statusCode: 401 } });
    expect(line).not.toHaveProperty('keyId');
    expect(line).not.toHaveProperty('userId');
    expect(lines.join('\n')).not.toContain('folio_sk_not-a-real-key');
  });
});
