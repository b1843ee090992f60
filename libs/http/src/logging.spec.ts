import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp, type Options } from 'pino-http';
import { loggerParams } from './logging.js';

describe(loggerParams.name, () => {
  it('keeps credentials, cookies, CSRF tokens and bodies out of the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pinoHttp(
      { ...(loggerParams({ logLevel: 'info' }).pinoHttp as Options), level: 'info' },
      stream,
    );
    const server = createServer((req, res) => {
      logger(req, res);
      req.resume();
      req.on('end', () => {
        res.setHeader('set-cookie', 'folio_session=session-token-secret; HttpOnly');
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/login`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer folio_sk_authorization-secret',
          cookie: 'folio_session=cookie-secret; folio_csrf=csrf-cookie-secret',
          'x-service-key': 'folio_sk_service-key-secret',
          'x-csrf-token': 'csrf-header-secret',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'email=a%40example.test&password=password-secret&_csrf=csrf-field-secret',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/login"');
    expect(log).toContain('[redacted]');
    expect(log).not.toMatch(/secret/);
  });
});
