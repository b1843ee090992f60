// OpenAPI documentation of McpController.
import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { insufficientScope } from '../auth/bearer-challenge.js';
import { jsonRpcError, jsonRpcErrorCodes } from './json-rpc-error.js';
import { maxMcpBodyBytes } from './mcp-request-gate.js';

const toolRefusal = insufficientScope(['list:project'], ['create:project'], '').body;
const libraries = {
  libraries: [
    {
      libraryKey: 'fStarterLib01',
      title: 'Folio Starter',
      description: 'Sections for landing pages: hero, features, pricing, testimonials, call to action.',
      ownership: 'public',
    },
  ],
};

export function ApiSendMcpMessage() {
  return applyDecorators(
    ApiOperation({
      summary: 'Send an MCP JSON-RPC message',
      description:
        'The Model Context Protocol endpoint (Streamable HTTP, stateless): one JSON-RPC request per POST, one JSON ' +
        'response (`application/json`, no SSE stream, no sessions). Serves 2025-era clients (`initialize`, then ' +
        'calls) and 2026-07-28 ones; a bare `tools/list` or `tools/call` without `initialize` works too. Every tool ' +
        'needs the list:project scope; `create_project` and `create_page` also need create:project, refused with ' +
        'a 403 whose challenge names the scopes to re-authorize with. A tool that fails answers 200 with an ' +
        "`isError` result a model can act on. Browsers may call it from the service's own origin and configured " +
        'ones only.',
    }),
    ApiHeader({
      name: 'MCP-Protocol-Version',
      required: false,
      description: 'The negotiated protocol version, sent by clients after `initialize` (e.g. 2025-11-25).',
    }),
    ApiBody({
      description: `A JSON-RPC 2.0 request or notification (Content-Type: application/json, at most ${maxMcpBodyBytes / 1024 / 1024} MiB).`,
      schema: { type: 'object', required: ['jsonrpc', 'method'] },
      examples: {
        toolsList: { summary: 'List the tools', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
        toolsCall: {
          summary: 'Call a tool',
          value: {
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: 'list_libraries', arguments: {} },
          },
        },
        initialize: {
          summary: 'Start a 2025-era session',
          value: {
            jsonrpc: '2.0',
            id: 0,
            method: 'initialize',
            params: {
              protocolVersion: '2025-11-25',
              capabilities: {},
              clientInfo: { name: 'my-script', version: '1.0.0' },
            },
          },
        },
      },
    }),
    ApiOkResponse({
      description: 'The JSON-RPC response: a result, a tool result with `isError`, or a JSON-RPC error.',
      examples: {
        toolsList: {
          summary: 'The tools (one shown)',
          value: {
            jsonrpc: '2.0',
            id: 1,
            result: {
              tools: [
                {
                  name: 'list_libraries',
                  title: 'List section libraries',
                  description:
                    'List the AI-enabled section libraries that create_project and create_page can generate pages from. …',
                  inputSchema: {
                    type: 'object',
                    properties: { projectKey: { type: 'string' } },
                  },
                  annotations: { readOnlyHint: true },
                },
              ],
            },
          },
        },
        toolsCall: {
          summary: 'A tool result',
          value: {
            jsonrpc: '2.0',
            id: 2,
            result: {
              content: [{ type: 'text', text: JSON.stringify(libraries) }],
              structuredContent: libraries,
            },
          },
        },
        unknownMethod: {
          summary: 'A JSON-RPC error',
          value: jsonRpcError(3, -32601, 'Method not found'),
        },
      },
    }),
    ApiForbiddenResponse({
      description:
        'A `tools/call` of a tool needing a scope the key lacks, as a JSON-RPC error naming it; or a browser ' +
        'Origin that may not call the endpoint.',
      examples: {
        toolScope: {
          summary: 'Tool needs create:project',
          value: jsonRpcError(7, jsonRpcErrorCodes.insufficientScope, toolRefusal.message, {
            missingScopes: toolRefusal.missingScopes,
          }),
        },
        origin: {
          summary: 'Origin not allowed',
          value: jsonRpcError(
            null,
            jsonRpcErrorCodes.refused,
            'Origin https://evil.example is not allowed to call this endpoint.',
          ),
        },
      },
    }),
    ApiBadRequestResponse({
      description: 'The body is not valid JSON.',
      example: jsonRpcError(null, jsonRpcErrorCodes.parseError, 'Parse error: the body is not valid JSON.'),
    }),
    ApiPayloadTooLargeResponse({
      description: 'The body is over the limit.',
      example: jsonRpcError(
        null,
        jsonRpcErrorCodes.invalidRequest,
        'Request body too large: the limit is 1 MiB (8 MiB for one check_implementation call).',
      ),
    }),
    ApiUnsupportedMediaTypeResponse({
      description: 'The body is not sent as application/json.',
      example: jsonRpcError(
        null,
        jsonRpcErrorCodes.refused,
        'Send the JSON-RPC message with Content-Type: application/json.',
      ),
    }),
  );
}
