import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type ArgumentsHost, BadRequestException, type HttpServer, Logger } from '@nestjs/common';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InsufficientCreditsError,
  InvalidInputError,
  MissingScopeError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
} from '#folio/errors';
import { Prisma } from '#folio/db';
import { DomainErrorFilter } from './domain-error.filter.js';

function setup({
  headersSent = false,
  requestId = 'req-12345678',
  body,
}: { headersSent?: boolean; requestId?: string | null; body?: unknown } = {}) {
  const reply = jest.fn<(response: unknown, body: unknown, status?: number) => void>();
  const end = jest.fn<(response: unknown) => void>();
  const adapter = { reply, end, isHeadersSent: () => headersSent } as unknown as HttpServer;
  const response = {
    headersSent,
    getHeader: (name: string) => (name === 'x-request-id' ? (requestId ?? undefined) : undefined),
    setHeader: jest.fn<(name: string, value: string) => void>(),
  };
  const host = {
    getArgByIndex: (index: number) => [{}, response][index],
    switchToHttp: () => ({ getRequest: () => ({ body }), getResponse: () => response }),
    getType: () => 'http',
  } as unknown as ArgumentsHost;
  const filter = new DomainErrorFilter(adapter);
  /** The status and body the filter sent for `exception`. */
  const send = (exception: unknown) => {
    filter.catch(exception, host);
    expect(reply).toHaveBeenCalledTimes(1);
    const [to, body, status] = reply.mock.calls[0];
    expect(to).toBe(response);
    return { status, body };
  };
  return { send, filter, host, reply, end, response };
}

describe(DomainErrorFilter.name, () => {
  let logged: jest.SpiedFunction<Logger['error']>;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it.each([
    [new NotFoundError('No such project.'), 404, 'not_found'],
    [new ForbiddenError('Viewers cannot edit.'), 403, 'forbidden'],
    [new ConflictError('That key is taken.'), 409, 'conflict'],
    [new InsufficientCreditsError(10, 3, 'the account'), 402, 'insufficient_credits'],
    [new MissingScopeError('create:project'), 403, 'missing_scope'],
    [new UnauthenticatedError('Sign in.'), 401, 'unauthenticated'],
  ] as [DomainError, number, string][])('sends %p as %i { error: %p, message }', (error, status, code) => {
    expect(setup().send(error)).toEqual({ status, body: { error: code, message: error.message } });
    expect(logged).not.toHaveBeenCalled();
  });

  it('sends a rate-limited refusal as 429 with Retry-After, its message saying when to retry', () => {
    const { send, response } = setup();
    const error = new RateLimitedError('At most 10 new versions a minute', 42);
    expect(send(error)).toEqual({
      status: 429,
      body: { error: 'rate_limited', message: 'At most 10 new versions a minute: try again in 42 s.' },
    });
    expect(response.setHeader).toHaveBeenCalledWith('retry-after', '42');
  });

  it('lists the problems of invalid input with their JSON paths', () => {
    const error = new InvalidInputError([
      { path: 'pages[1].data[3].header', message: 'must be a string' },
      { path: 'title', message: 'is required' },
    ]);
    expect(setup().send(error)).toEqual({
      status: 400,
      body: {
        error: 'invalid_input',
        message: 'pages[1].data[3].header: must be a string; title: is required',
        problems: [
          { path: 'pages[1].data[3].header', message: 'must be a string' },
          { path: 'title', message: 'is required' },
        ],
      },
    });
  });

  it('answers anything else with a 500 naming the request id, and logs the error instead', () => {
    const error = new Error('insert into "ApiKey" ("hash") values ($1) violates constraint');
    const { status, body } = setup().send(error);
    expect(status).toBe(500);
    expect(body).toEqual({
      error: 'internal_error',
      message: 'Something went wrong; the request id is req-12345678.',
    });
    expect(JSON.stringify(body)).not.toMatch(/ApiKey|insert|at .*\.ts/);
    expect(logged).toHaveBeenCalledWith({ err: error, requestId: 'req-12345678' }, 'Unhandled error');
  });

  it('answers a database that cannot be reached with 503 and Retry-After, naming nothing of the cause', () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const unreachable = new Prisma.PrismaClientKnownRequestError(
        "\nInvalid `prisma.apiKey.findFirst()` invocation:\n\nCan't reach database server at db:5432",
        {
          code: 'P1001',
          clientVersion: '7',
          meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', host: 'db', port: 5432 } } },
        },
      );
      const { send, response } = setup();
      expect(send(unreachable)).toEqual({
        status: 503,
        body: { error: 'unavailable', message: expect.stringContaining('Try again in 5 seconds') },
      });
      expect(response.setHeader).toHaveBeenCalledWith('retry-after', '5');
      expect(logged).not.toHaveBeenCalled();
      expect(warned).toHaveBeenCalledWith(expect.stringContaining("Can't reach database server"));

      // A JSON-RPC request (MCP) gets a JSON-RPC error.
      const call = { jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: 'find_projects' } };
      expect(setup({ body: call }).send(unreachable)).toEqual({
        status: 503,
        body: {
          jsonrpc: '2.0',
          id: 42,
          error: {
            code: -32000,
            message: expect.stringContaining('Try again'),
            data: { retryAfterSeconds: 5 },
          },
        },
      });
    } finally {
      warned.mockRestore();
    }
  });

  it('answers a thrown non-Error value with a 500 too', () => {
    expect(setup({ requestId: null }).send('a string')).toEqual({
      status: 500,
      body: { error: 'internal_error', message: 'Something went wrong; the request id is unknown.' },
    });
  });

  it("leaves Nest's HTTP exceptions and 4xx errors of middleware as they are", () => {
    expect(setup().send(new BadRequestException({ error: 'bad', message: 'no' }))).toEqual({
      status: 400,
      body: { error: 'bad', message: 'no' },
    });
    const tooLarge = Object.assign(new Error('request entity too large'), {
      statusCode: 413,
      status: 413,
      expose: true,
    });
    expect(setup().send(tooLarge)).toEqual({
      status: 413,
      body: { statusCode: 413, message: 'request entity too large' },
    });
  });

  it('only ends a response whose headers are already out', () => {
    const { filter, host, reply, end } = setup({ headersSent: true });
    filter.catch(new NotFoundError('gone'), host);
    expect(reply).not.toHaveBeenCalled();
    expect(end).toHaveBeenCalledTimes(1);
  });
});
