// The HTTP edge of the domain error hierarchy (STYLE §6): one place turns a thrown error into a response.
import { type ServerResponse } from 'node:http';
import { type ArgumentsHost, Catch, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { DomainError, InvalidInputError } from '#folio/errors';

const statusOfKind: Record<DomainError['kind'], HttpStatus> = {
  not_found: HttpStatus.NOT_FOUND,
  forbidden: HttpStatus.FORBIDDEN,
  conflict: HttpStatus.CONFLICT,
  invalid_input: HttpStatus.BAD_REQUEST,
  insufficient_credits: HttpStatus.PAYMENT_REQUIRED,
  missing_scope: HttpStatus.FORBIDDEN,
  unauthenticated: HttpStatus.UNAUTHORIZED,
};

export interface ErrorResponse {
  status: number;
  body: { error: string; message: string; problems?: { path: string; message: string }[] };
}

/** The status and JSON body a domain error becomes: `error` is its kind, `message` its text. */
export function domainErrorResponse(error: DomainError): ErrorResponse {
  const body: ErrorResponse['body'] = { error: error.kind, message: error.message };
  if (error instanceof InvalidInputError) {
    body.problems = error.problems.map(({ path, message }) => ({ path, message }));
  }
  return { status: statusOfKind[error.kind], body };
}

/**
 * Domain errors become their JSON error; Nest's HTTP exceptions (and 4xx errors from middleware such as
 * the body parser) keep Nest's handling; anything else is a 500 that names only the request id, so a
 * stack trace or a SQL statement never reaches the client. It goes to the log instead.
 */
@Catch()
export class DomainErrorFilter extends BaseExceptionFilter<unknown> {
  private readonly logger = new Logger(DomainErrorFilter.name);

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof DomainError) {
      const { status, body } = domainErrorResponse(exception);
      return this.send(host, status, body);
    }
    if (exception instanceof HttpException || (this.isHttpError(exception) && exception.statusCode < 500)) {
      return super.catch(exception, host);
    }
    const requestId = host.switchToHttp().getResponse<ServerResponse>().getHeader('x-request-id');
    this.logger.error({ err: exception, requestId }, 'Unhandled error');
    this.send(host, HttpStatus.INTERNAL_SERVER_ERROR, {
      error: 'internal_error',
      message: `Something went wrong; the request id is ${String(requestId ?? 'unknown')}.`,
    });
  }

  private send(host: ArgumentsHost, status: number, body: object): void {
    const adapter = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    const response = host.getArgByIndex(1);
    if (!adapter) throw new Error('DomainErrorFilter needs the HTTP adapter: register it with APP_FILTER.');
    if (adapter.isHeadersSent(response)) adapter.end(response);
    else adapter.reply(response, body, status);
  }
}
