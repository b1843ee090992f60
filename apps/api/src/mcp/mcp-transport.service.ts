// Serves one JSON-RPC POST with the MCP SDK, for both protocol eras (docs/runtime-notes.md, "MCP SDK"): 2025-era
// requests (with or without `initialize`) through a per-request stateless transport answering JSON,
// 2026-07-28 requests through the SDK's per-request handler in JSON mode; a request the SDK has answered
// before, from that answer while it holds (repeated-answers.ts).
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { DataChanges } from '#folio/db';
import { acceptsGzip } from '#folio/http';
import { type Principal, PrincipalCache } from '#folio/identity';
import { McpServerFactory } from './mcp-server.factory.js';
import { maxMcpBodyBytes, mcpPath } from './mcp-request-gate.js';
import { type McpAnswer, RepeatedAnswers } from './repeated-answers.js';
import { recordToolCall } from './tool-metrics.js';

interface PrincipalAuthInfo extends AuthInfo {
  extra: { principal: Principal; requestId?: string };
}

/** Both media types, as Streamable HTTP requires of clients; answers are always JSON regardless. */
const streamableAccept = 'application/json, text/event-stream';

@Injectable()
export class McpTransportService implements OnModuleDestroy {
  private readonly modern: McpHttpHandler;
  private readonly endpoint: string;
  private readonly repeated: RepeatedAnswers;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly servers: McpServerFactory,
    dataChanges: DataChanges,
    principals: PrincipalCache,
  ) {
    // A change to a key or role is heard by the principal cache first on its own channel: an answer made
    // before it is not sent again after the principal was read anew.
    const data = {
      current: () => {
        const generation = dataChanges.current();
        return generation === null ? null : generation + principals.changesHeard();
      },
    };
    this.repeated = new RepeatedAnswers(data, config.mcpAnswerCacheMb);
    this.endpoint = `${config.publicBaseUrl}${mcpPath}`;
    this.modern = createMcpHandler(
      ({ authInfo }) => {
        const { principal, requestId } = (authInfo as PrincipalAuthInfo).extra;
        return this.servers.create(principal, requestId);
      },
      { legacy: 'reject', responseMode: 'json', maxRequestBodySize: maxMcpBodyBytes },
    );
  }

  async handle(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
    principal: Principal,
    requestId: string | undefined,
  ): Promise<McpAnswer> {
    const forwarded = forwardedHeaders(headers);
    const repeatable = this.repeated.repeatable(body, forwarded, principal);
    const started = performance.now();
    const kept = repeatable && this.repeated.answer(repeatable, acceptsGzip(headers));
    if (kept) {
      // A tool answered from memory is still a call of that tool.
      if (repeatable.tool) recordToolCall(repeatable.tool, 'ok', (performance.now() - started) / 1000);
      return kept;
    }
    const response = await this.serve(forwarded, body, principal, requestId);
    const answer = {
      status: response.status,
      headers: [...response.headers],
      body: [Buffer.from(await response.arrayBuffer())],
    };
    if (repeatable) this.repeated.keep(repeatable, answer);
    return answer;
  }

  private async serve(
    headers: Headers,
    body: unknown,
    principal: Principal,
    requestId: string | undefined,
  ): Promise<Response> {
    // The body is already parsed (mcpRequestGate) and handed over as parsedBody; the SDK reads no other.
    const request = new Request(this.endpoint, { method: 'POST', headers });
    const authInfo: PrincipalAuthInfo = {
      token: principal.keyId,
      clientId: principal.oauthClientId ?? 'api-key',
      scopes: [...principal.scopes],
      resource: new URL(this.endpoint),
      extra: { principal, requestId },
    };
    if (!(await isLegacyRequest(request, body, { maxRequestBodySize: maxMcpBodyBytes }))) {
      return this.modern.fetch(request, { parsedBody: body, authInfo });
    }
    const server = this.servers.create(principal, requestId);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body, authInfo });
    } finally {
      await server.close();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.modern.close();
  }
}

/**
 * The request headers the SDK reads. Credentials stay out (authentication is done); a client that
 * accepts only JSON, or says nothing (the seed's connection test), still gets its JSON answer.
 */
function forwardedHeaders(incoming: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers({ 'content-type': 'application/json', accept: streamableAccept });
  for (const [name, value] of Object.entries(incoming)) {
    if (!/^mcp-|^last-event-id$/i.test(name) || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
