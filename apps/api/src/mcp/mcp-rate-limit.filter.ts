import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimitedException } from '#folio/http';
import { jsonRpcError, jsonRpcErrorCodes, sendJsonRpcError } from './json-rpc-error.js';

/**
 * A rate limit on /v2/mcp answers as JSON-RPC (429, Retry-After set by the limit), so an agent reads
 * when to retry even from a client that shows only the error message.
 */
@Catch(RateLimitedException)
export class McpRateLimitFilter implements ExceptionFilter<RateLimitedException> {
  catch(exception: RateLimitedException, host: ArgumentsHost): void {
    const body = host.switchToHttp().getRequest<Request>().body as { id?: unknown } | undefined;
    const id = typeof body?.id === 'string' || typeof body?.id === 'number' ? body.id : null;
    sendJsonRpcError(
      host.switchToHttp().getResponse<Response>(),
      exception.getStatus(),
      jsonRpcError(id, jsonRpcErrorCodes.refused, exception.message, {
        retryAfterSeconds: exception.retryAfterSeconds,
      }),
    );
  }
}
