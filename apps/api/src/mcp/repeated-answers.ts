// Answers sent again instead of building a server for every request (docs/runtime-notes.md, "MCP SDK"). The
// SDK's answer to the first request of a kind is kept, and a request of the same kind is answered with its
// bytes and the new request's id: always for what depends on the request alone (tools/list, initialize,
// ping); for the reads made of stored data (find_projects, get_project_sections), only while the database
// has announced no change since the answer was made.
import { LRUCache } from 'lru-cache';
import { minCompressedBytes, SplicedGzip } from '#folio/http';
import { type Principal } from '#folio/identity';

/** What POST /v2/mcp sends back: the SDK's answer, or a kept one (its body in parts, sent as they are). */
export interface McpAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer[];
}

/** Methods whose answer is the same for every caller and every call: no data, no principal. */
const repeatableMethods: ReadonlySet<unknown> = new Set(['tools/list', 'initialize', 'ping']);

/**
 * Tools whose answer is made of the database's rows and the arguments alone (no clock, no randomness, no
 * other service), for the key that asks: read, each an answer of one kind per key.
 */
const dataTools: ReadonlySet<unknown> = new Set(['find_projects', 'get_project_sections']);

/** Distinct requests of the first sort kept (each client names itself in the request: a kind of its own). */
const maxRequestKinds = 100;

/** A longer kind (a request padded with parameters nobody sends) is answered by the SDK every time. */
const maxKindLength = 4096;

/**
 * A safety net behind the change channel, as for cached principals: no data answer is sent more than this
 * after it was made, which bounds what a channel that died silently could leave stale.
 */
const dataAnswerLifetimeMs = 60_000;

/** What a kept answer costs beyond its body (its kind, headers and bookkeeping), roughly. */
const entryOverheadBytes = 1024;

/** Where data answers stand: the current generation of the data, null while changes may go unheard. */
export interface DataGeneration {
  current(): number | null;
}

interface KeptAnswer {
  status: number;
  headers: [string, string][];
  /** The body's bytes before and after the request id. */
  beforeId: Buffer;
  afterId: Buffer;
  /** The same, gzipped once for every client that takes gzip; null for a body too small to compress. */
  gzip: SplicedGzip | null;
  /** For a data answer: the data generation it was made at, and when. */
  made?: { generation: number; at: number };
}

type RequestId = string | number;

/** A request whose answer may be kept: its kind, its id, and for a tool's, the data generation it is served at. */
export interface RepeatableRequest {
  kind: string;
  id: RequestId;
  tool?: string;
  generation?: number;
}

/**
 * Answers kept by everything the SDK reads of a request but its id: the headers it is given, the message
 * and the key's scopes (the server is built for a principal), and for data answers the key itself. A
 * request that differs in any of them is another kind and gets the SDK's own answer first. An answer is
 * kept only when it is a result (not an error) and the request id spliced back in gives the SDK's bytes
 * exactly. Data answers are sent again only at the generation they were made at: any write to content,
 * access or keys, on any instance, ends them (the key's access is that of the answer, unchanged since).
 */
export class RepeatedAnswers {
  /** The answers that depend on the request alone: few and small. */
  private readonly requestAnswers = new LRUCache<string, KeptAnswer>({ max: maxRequestKinds });
  private readonly dataAnswers: LRUCache<string, KeptAnswer> | null;

  constructor(
    private readonly data: DataGeneration,
    dataAnswerMegabytes: number,
  ) {
    const maxSize = dataAnswerMegabytes * 1024 * 1024;
    this.dataAnswers =
      maxSize > 0
        ? new LRUCache({
            maxSize,
            maxEntrySize: maxSize / 8,
            // The text, and its gzip copy (a fifth of it at most, for JSON).
            sizeCalculation: (kept) =>
              Math.ceil((kept.beforeId.length + kept.afterId.length) * 1.2) + entryOverheadBytes,
          })
        : null;
  }

  /** The request when its answer may be kept; null for anything else (batches, other tool calls). */
  repeatable(message: unknown, headers: Headers, principal: Principal): RepeatableRequest | null {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
    const { id, ...rest } = message as { id?: unknown; method?: unknown; params?: { name?: unknown } };
    if (!isRequestId(id)) return null;
    const scopes = [...principal.scopes].sort();
    if (repeatableMethods.has(rest.method)) return kindOf([scopes, [...headers], rest], id);
    if (rest.method !== 'tools/call' || !dataTools.has(rest.params?.name) || !this.dataAnswers) return null;
    const generation = this.data.current();
    if (generation === null) return null;
    const request = kindOf([principal.keyId, scopes, [...headers], rest], id);
    return request && { ...request, tool: rest.params!.name as string, generation };
  }

  /**
   * The kept answer to a request of this kind, or undefined before the SDK has answered one that holds;
   * gzipped when the client takes it.
   */
  answer({ kind, id, generation }: RepeatableRequest, gzip: boolean): McpAnswer | undefined {
    const kept = generation === undefined ? this.requestAnswers.get(kind) : this.dataAnswers?.get(kind);
    if (!kept) return undefined;
    if (
      kept.made &&
      (kept.made.generation !== generation || Date.now() - kept.made.at > dataAnswerLifetimeMs)
    )
      return undefined;
    const idBytes = Buffer.from(JSON.stringify(id));
    const gzipped = gzip ? kept.gzip?.body(idBytes) : null;
    if (gzipped) {
      return {
        status: kept.status,
        headers: [...kept.headers, ['content-encoding', 'gzip'], ['vary', 'Accept-Encoding']],
        body: gzipped,
      };
    }
    return { status: kept.status, headers: kept.headers, body: [kept.beforeId, idBytes, kept.afterId] };
  }

  /**
   * Keeps the SDK's answer to a request of this kind, if it is a JSON-RPC result for `id`; a data answer at
   * the generation read before the SDK was asked, so a change heard meanwhile is never hidden.
   */
  keep({ kind, id, generation }: RepeatableRequest, answer: McpAnswer): void {
    if (answer.status !== 200) return;
    const parts = resultAroundId(Buffer.concat(answer.body).toString('utf8'), id);
    if (!parts) return;
    const [beforeId, afterId] = parts.map((part) => Buffer.from(part));
    const kept: KeptAnswer = {
      status: answer.status,
      headers: answer.headers,
      beforeId,
      afterId,
      gzip: beforeId.length + afterId.length < minCompressedBytes ? null : new SplicedGzip(beforeId, afterId),
    };
    if (generation === undefined) this.requestAnswers.set(kind, kept);
    else this.dataAnswers?.set(kind, { ...kept, made: { generation, at: Date.now() } });
  }
}

function kindOf(parts: unknown[], id: RequestId): RepeatableRequest | null {
  const kind = JSON.stringify(parts);
  return kind.length <= maxKindLength ? { kind, id } : null;
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
  // A tool's error (a project not found, a database away) is answered anew each time.
  if ((answer as { result: { isError?: unknown } | null }).result?.isError === true) return null;
  if ((answer as { id?: unknown }).id !== id) return null;
  const marker = `\u0000id:${crypto.randomUUID()}`;
  const parts = JSON.stringify({ ...answer, id: marker }).split(JSON.stringify(marker));
  if (parts.length !== 2 || parts[0] + JSON.stringify(id) + parts[1] !== text) return null;
  return [parts[0], parts[1]];
}
