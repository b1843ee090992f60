import { Body, Controller, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Principal, type Scope, hasScope } from '#folio/identity';
import { insufficientScope, resourceMetadataUrl } from '../auth/bearer-challenge.js';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { jsonRpcError, jsonRpcErrorCodes, sendJsonRpcError } from './json-rpc-error.js';
import { McpServerFactory } from './mcp-server.factory.js';
import { McpTransportService } from './mcp-transport.service.js';

/** `POST /v2/mcp` (DESIGN §6); methods, origin and body size are checked before, in mcpRequestGate. */
@Controller('v2/mcp')
@RequireScopes('list:project')
export class McpController {
  private readonly logger = new Logger(McpController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly servers: McpServerFactory,
    private readonly transport: McpTransportService,
  ) {}

  @Post()
  @HttpCode(200)
  async handle(
    @Body() body: unknown,
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
      const answer = await this.transport.handle(req.headers, body, principal, requestId);
      const payload = Buffer.from(await answer.arrayBuffer());
      res.status(answer.status);
      answer.headers.forEach((value, name) => res.setHeader(name, value));
      res.setHeader('cache-control', 'no-store');
      res.end(payload);
    } catch (error) {
      // Tools turn their own failures into isError results; this is the transport failing around them.
      this.logger.error({ err: error, requestId }, 'MCP request failed');
      sendJsonRpcError(
        res,
        200,
        jsonRpcError(
          requestIdOf(body),
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
    body: unknown,
    principal: Principal,
  ): { id: string | number | null; scope: Scope } | null {
    for (const message of Array.isArray(body) ? body : [body]) {
      if (!isToolCall(message)) continue;
      const scope = this.servers.scopeOf(message.params.name);
      if (scope && !hasScope(principal, scope)) return { id: message.id ?? null, scope };
    }
    return null;
  }
}

function requestIdOf(body: unknown): string | number | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function isToolCall(message: unknown): message is { id?: string | number; params: { name: string } } {
  const candidate = message as { method?: unknown; params?: { name?: unknown } } | null;
  return candidate?.method === 'tools/call' && typeof candidate.params?.name === 'string';
}
