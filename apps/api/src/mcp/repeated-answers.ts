// Answers that only depend on the request (tools/list, initialize, ping): the SDK's answer to the first
// one of each kind is kept and sent again, with the new request's id, instead of building a server for
// every request (docs/runtime-notes.md, "MCP SDK").
import { LRUCache } from 'lru-cache';
import { type Principal } from '#folio/identity';

/** What POST /v2/mcp sends back: the SDK's answer, or a kept one. */
export interface McpAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Methods whose answer is the same for every caller and every call: no data, no principal. */
const repeatableMethods: ReadonlySet<unknown> = new Set(['tools/list', 'initialize', 'ping']);

/** Distinct requests kept (a client names itself in the request, so each client is a kind of its own). */
const maxKept = 100;

/** A longer kind (a request padded with parameters nobody sends) is answered by the SDK every time. */
const maxKindLength = 4096;

interface KeptAnswer {
  status: number;
  headers: [string, string][];
  /** The body's bytes before and after the request id. */
  beforeId: Buffer;
  afterId: Buffer;
}

type RequestId = string | number;

/** A request whose answer may be kept: its kind and its id. */
export interface RepeatableRequest {
  kind: string;
  id: RequestId;
}

/**
 * Answers kept by everything the SDK reads of a request but its id: the headers it is given, the message
 * and the key's scopes (the server is built for a principal). A request that differs in any of them is
 * another kind and gets the SDK's own answer first. An answer is kept only when the request id spliced
 * back in gives the SDK's bytes exactly.
 */
export class RepeatedAnswers {
  private readonly kept = new LRUCache<string, KeptAnswer>({ max: maxKept });

  /** The request when its answer may be kept; null for anything else (batches, tool calls). */
  repeatable(message: unknown, headers: Headers, principal: Principal): RepeatableRequest | null {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
    const { id, ...rest } = message as { id?: unknown; method?: unknown };
    if (!repeatableMethods.has(rest.method) || !isRequestId(id)) return null;
    const kind = JSON.stringify([[...principal.scopes].sort(), [...headers], rest]);
    return kind.length <= maxKindLength ? { kind, id } : null;
  }

  /** The kept answer to a request of this kind, or undefined before the SDK has answered one. */
  answer({ kind, id }: RepeatableRequest): McpAnswer | undefined {
    const kept = this.kept.get(kind);
    if (!kept) return undefined;
    return {
      status: kept.status,
      headers: kept.headers,
      body: Buffer.concat([kept.beforeId, Buffer.from(JSON.stringify(id)), kept.afterId]),
    };
  }

  /** Keeps the SDK's answer to a request of this kind, if it is a JSON-RPC result for `id`. */
  keep({ kind, id }: RepeatableRequest, answer: McpAnswer): void {
    if (answer.status !== 200) return;
    const parts = resultAroundId(answer.body.toString('utf8'), id);
    if (!parts) return;
    this.kept.set(kind, {
      status: answer.status,
      headers: answer.headers,
      beforeId: Buffer.from(parts[0]),
      afterId: Buffer.from(parts[1]),
    });
  }
}

/** The ids the SDK accepts (its RequestIdSchema); any other goes to the SDK, which refuses it. */
function isRequestId(id: unknown): id is RequestId {
  return typeof id === 'string' || Number.isSafeInteger(id);
}

/** The text of a JSON-RPC result for `id` around that id, when putting the id back gives `text` exactly. */
function resultAroundId(text: string, id: RequestId): [string, string] | null {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof answer !== 'object' || answer === null || !('result' in answer)) return null;
  if ((answer as { id?: unknown }).id !== id) return null;
  const marker = `\u0000id:${crypto.randomUUID()}`;
  const parts = JSON.stringify({ ...answer, id: marker }).split(JSON.stringify(marker));
  if (parts.length !== 2 || parts[0] + JSON.stringify(id) + parts[1] !== text) return null;
  return [parts[0], parts[1]];
}
