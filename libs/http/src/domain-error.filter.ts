// The HTTP edge of the domain error hierarchy (STYLE §6): one place turns a thrown error into a response.
import { type ServerResponse } from 'node:http';
import { type ArgumentsHost, Catch, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { isDatabaseUnavailable } from '#folio/db';
import { DomainError, InvalidInputError, RateLimitedError } from '#folio/errors';

const statusOfKind: Record<DomainError['kind'], HttpStatus> = {
  not_found: HttpStatus.NOT_FOUND,
  forbidden: HttpStatus.FORBIDDEN,
  conflict: HttpStatus.CONFLICT,
  invalid_input: HttpStatus.BAD_REQUEST,
  insufficient_credits: HttpStatus.PAYMENT_REQUIRED,
  missing_scope: HttpStatus.FORBIDDEN,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
};

export interface ErrorResponse {
  status: number;
  body: { error: string; message: string; problems?: { path: string; message: string }[] };
  /** The `Retry-After` the answer is sent with, if any. */
  retryAfterSeconds?: number;
}

/** The status and JSON body a domain error becomes: `error` is its kind, `message` its text. */
export function domainErrorResponse(error: DomainError): ErrorResponse {
  const body: ErrorResponse['body'] = { error: error.kind, message: error.message };
  if (error instanceof InvalidInputError) {
    body.problems = error.problems.map(({ path, message }) => ({ path, message }));
  }
  const retryAfterSeconds = error instanceof RateLimitedError ? error.retryAfterSeconds : undefined;
  return { status: statusOfKind[error.kind], body, retryAfterSeconds };
}

/** Seconds a client should wait before retrying while the database is unavailable (a restart takes a few). */
export const databaseRetryAfterSeconds = 5;

/** While PostgreSQL is down or restarting; nothing about the cause is sent. */
export const databaseUnavailableBody = {
  error: 'unavailable',
  message: `The service is briefly unavailable (its database does not answer). Try again in ${databaseRetryAfterSeconds} seconds.`,
} as const;

/** The 503 an unreachable database is answered with (Retry-After: databaseRetryAfterSeconds); undefined for any other error. */
export function databaseUnavailableResponse(exception: unknown): ErrorResponse | undefined {
  return isDatabaseUnavailable(exception)
    ? { status: HttpStatus.SERVICE_UNAVAILABLE, body: databaseUnavailableBody }
    : undefined;
}

/** One warning per this long while the database stays away; every failed request has its own log line. */
const unavailableLogIntervalMs = 10_000;

/**
 * Domain errors become their JSON error; Nest's HTTP exceptions (and 4xx errors from middleware such as
 * the body parser) keep Nest's handling; a database that cannot be reached is a 503 with Retry-After;
 * anything else is a 500 that names only the request id, so a stack trace or a SQL statement never
 * reaches the client. It goes to the log instead.
 */
@Catch()
export class DomainErrorFilter extends BaseExceptionFilter<unknown> {
  private readonly logger = new Logger(DomainErrorFilter.name);
  private unavailableLoggedAt = 0;

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof DomainError) {
      const { status, body, retryAfterSeconds } = domainErrorResponse(exception);
      const response = host.switchToHttp().getResponse<ServerResponse>();
      if (retryAfterSeconds && !response.headersSent)
        response.setHeader('retry-after', String(retryAfterSeconds));
      return this.send(host, status, body);
    }
    if (exception instanceof HttpException || (this.isHttpError(exception) && exception.statusCode < 500)) {
      return super.catch(exception, host);
    }
    if (isDatabaseUnavailable(exception)) return this.sendDatabaseUnavailable(host, exception);
    const requestId = host.switchToHttp().getResponse<ServerResponse>().getHeader('x-request-id');
    this.logger.error({ err: exception, requestId }, 'Unhandled error');
    this.send(host, HttpStatus.INTERNAL_SERVER_ERROR, {
      error: 'internal_error',
      message: `Something went wrong; the request id is ${String(requestId ?? 'unknown')}.`,
    });
  }

  private sendDatabaseUnavailable(host: ArgumentsHost, exception: unknown): void {
    if (Date.now() - this.unavailableLoggedAt >= unavailableLogIntervalMs) {
      this.unavailableLoggedAt = Date.now();
      this.logger.warn(`Database unavailable, answering 503: ${lastLine(exception)}`);
    }
    const response = host.switchToHttp().getResponse<ServerResponse>();
    if (!response.headersSent) response.setHeader('retry-after', String(databaseRetryAfterSeconds));
    const request = host.switchToHttp().getRequest<{ body?: unknown }>();
    this.send(
      host,
      HttpStatus.SERVICE_UNAVAILABLE,
      asJsonRpcErrorFor(request.body) ?? databaseUnavailableBody,
    );
  }

  private send(host: ArgumentsHost, status: number, body: object): void {
    const adapter = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    const response = host.getArgByIndex(1);
    if (!adapter) throw new Error('DomainErrorFilter needs the HTTP adapter: register it with APP_FILTER.');
    if (adapter.isHeadersSent(response)) adapter.end(response);
    else adapter.reply(response, body, status);
  }
}

/** Prisma's messages open with the calling code; their last line says what happened. */
function lastLine(error: unknown): string {
  return (
    String((error as Error | undefined)?.message ?? error)
      .trim()
      .split('\n')
      .at(-1) ?? ''
  );
}

/**
 * A JSON-RPC request (the MCP endpoint) gets its error in a JSON-RPC envelope, as its rate limits do: the
 * implementation-defined code -32000, the retry delay in `data`.
 */
function asJsonRpcErrorFor(body: unknown): object | undefined {
  const message = body as { jsonrpc?: unknown; id?: unknown } | null | undefined;
  if (message?.jsonrpc !== '2.0') return undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32000,
      message: databaseUnavailableBody.message,
      data: { retryAfterSeconds: databaseRetryAfterSeconds },
    },
  };
}
