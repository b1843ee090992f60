import { Injectable, type PipeTransform } from '@nestjs/common';

/** A `POST /v2/mcp` body: the JSON-RPC message (or batch) as sent, and what the edge reads of it first. */
export interface McpRequestBody {
  /** As sent: the transport answers it, well-formed or not. */
  message: unknown;
  /** The id of a single request, to answer a transport failure in its place; null otherwise. */
  requestId: string | number | null;
  /** The `tools/call` requests among the messages, each with the tool it names, in order. */
  toolCalls: { id: string | number | null; tool: string }[];
}

/** Reads a JSON-RPC body without judging it: the MCP transport is the one that validates messages. */
@Injectable()
export class McpRequestBodyPipe implements PipeTransform<unknown, McpRequestBody> {
  transform(body: unknown): McpRequestBody {
    return {
      message: body,
      requestId: requestIdOf(body),
      toolCalls: (Array.isArray(body) ? body : [body])
        .filter(isToolCall)
        .map((call) => ({ id: call.id ?? null, tool: call.params.name })),
    };
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
