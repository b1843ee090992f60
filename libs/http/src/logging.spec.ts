import { describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp, type Options } from 'pino-http';
import { loggerParams } from './logging.js';

/** Serves one request through the request logger of `loggerParams`; returns what it logged. */
async function logOf(
  handle: (req: IncomingMessage & { user?: unknown; actor?: unknown }, res: ServerResponse) => void,
  request: RequestInit & { path?: string } = {},
): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pinoHttp({ ...(loggerParams({ logLevel: 'info' }).pinoHttp as Options) }, stream);
  const server = createServer((req, res) => {
    logger(req, res);
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}${request.path ?? '/'}`, request);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return lines;
}

describe(loggerParams.name, () => {
  it('keeps credentials, cookies, CSRF tokens and bodies out of the request log', async () => {
    const lines = await logOf(
      (_req, res) => {
        res.setHeader('set-cookie', 'folio_session=session-token-secret; HttpOnly');
        res.end('ok');
      },
      {
        path: '/login',
        method: 'POST',
        headers: {
          authorization: 'Bearer folio_sk_authorization-secret',
          cookie: 'folio_session=cookie-secret; folio_csrf=csrf-cookie-secret',
          'x-service-key': 'folio_sk_service-key-secret',
          'x-csrf-token': 'csrf-header-secret',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'email=a%40example.test&password=password-secret&_csrf=csrf-field-secret',
      },
    );
    const log = lines.join('');
    expect(log).toContain('"url":"/login"');
    expect(log).toContain('[redacted]');
    expect(log).not.toMatch(/secret/);
  });

  it("names the request id, and who made the request once authenticated: a key's row and owner", async () => {
    const principal = {
      keyId: 'key-row-1',
      scopes: ['list:project'],
      actor: { userId: 'user-1', email: 'grace@example.test' },
    };
    const [line] = await logOf(
      (req, res) => {
        req.user = principal;
        res.end('ok');
      },
      { headers: { 'x-request-id': 'request-0000001' } },
    );
    expect(JSON.parse(line)).toMatchObject({
      reqId: 'request-0000001',
      keyId: 'key-row-1',
      userId: 'user-1',
      msg: 'request completed',
    });
    expect(line).not.toContain('grace@example.test');
  });

  it('names a signed-in person by user id, and nobody on an anonymous request', async () => {
    const [signedIn] = await logOf((req, res) => {
      req.actor = { userId: 'user-2', email: 'ada@example.test' };
      res.end('ok');
    });
    expect(JSON.parse(signedIn)).toMatchObject({ userId: 'user-2', reqId: expect.any(String) });
    expect(signedIn).not.toContain('ada@example.test');
    const [anonymous] = await logOf((_req, res) => res.end('ok'));
    expect(JSON.parse(anonymous)).not.toHaveProperty('userId');
    expect(JSON.parse(anonymous)).not.toHaveProperty('keyId');
  });

  it('logs no probe or metrics scrape', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      expect(await logOf((_req, res) => res.end('ok'), { path })).toEqual([]);
    }
  });
});
