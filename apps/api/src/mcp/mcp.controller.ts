import { Body, Controller, HttpCode, Inject, Logger, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { RateLimitHits } from '#folio/http';
import { type Principal, type Scope, hasScope } from '#folio/identity';
import { insufficientScope, resourceMetadataUrl } from '../auth/bearer-challenge.js';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { ApiKeyAuth } from '../openapi.js';
import { jsonRpcError, jsonRpcErrorCodes, sendJsonRpcError } from './json-rpc-error.js';
import { messageCount } from './mcp-request-gate.js';
import { type McpRequestBody, McpRequestBodyPipe } from './mcp-request-body.pipe.js';
import { McpRateLimitFilter } from './mcp-rate-limit.filter.js';
import { ApiSendMcpMessage } from './mcp.openapi.js';
import { McpServerFactory } from './mcp-server.factory.js';
import { McpTransportService } from './mcp-transport.service.js';

/** `POST /v2/mcp` (docs/design.md §6); methods, origin and body size are checked before, in mcpRequestGate. */
@ApiTags('MCP')
@Controller('v2/mcp')
@RequireScopes('list:project')
@UseFilters(McpRateLimitFilter)
// Each message of a batch is a call: a batch of 50 costs what 50 requests cost.
@RateLimitHits((req) => messageCount(req.body))
export class McpController {
  private readonly logger = new Logger(McpController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly servers: McpServerFactory,
    private readonly transport: McpTransportService,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiKeyAuth('list:project')
  @ApiSendMcpMessage()
  async handle(
    @Body(McpRequestBodyPipe) body: McpRequestBody,
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const refused = this.missingToolScope(body, principal);
    if (refused) {
      const refusal = insufficientScope(principal.scopes, [refused.scope], resourceMetadataUrl(this.config));
      return sendJsonRpcError(
        res,
        refusal.status,
        jsonRpcError(refused.id, jsonRpcErrorCodes.insufficientScope, refusal.body.message, {
          missingScopes: refusal.body.missingScopes,
        }),
        { 'www-authenticate': refusal.challenge },
      );
    }
    const requestId = res.getHeader('x-request-id')?.toString();
    try {
      const answer = await this.transport.handle(req.headers, body.message, principal, requestId);
      res.status(answer.status);
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      res.setHeader('cache-control', 'no-store');
      // A kept answer's parts go out as they are: no copy of a large body per request.
      res.setHeader(
        'content-length',
        answer.body.reduce((sum, part) => sum + part.length, 0),
      );
      res.cork();
      for (const part of answer.body) res.write(part);
      res.end();
      res.uncork();
    } catch (error) {
      // Tools turn their own failures into isError results; this is the transport failing around them.
      this.logger.error({ err: error, requestId }, 'MCP request failed');
      sendJsonRpcError(
        res,
        200,
        jsonRpcError(
          body.requestId,
          jsonRpcErrorCodes.internalError,
          `Internal error; try again. If it persists, quote request id ${requestId ?? 'unknown'}.`,
        ),
      );
    }
  }

  /**
   * A tools/call of a tool whose scope the key lacks is refused at the HTTP level, so OAuth clients can
   * step up from the challenge; the JSON-RPC error names the scope for clients that ignore headers.
   */
  private missingToolScope(
    body: McpRequestBody,
    principal: Principal,
  ): { id: string | number | null; scope: Scope } | null {
    for (const call of body.toolCalls) {
      const scope = this.servers.scopeOf(call.tool);
      if (scope && !hasScope(principal, scope)) return { id: call.id, scope };
    }
    return null;
  }
}
