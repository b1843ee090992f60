// Transport rules of POST /v2/mcp checked before authentication and before the SDK (docs/design.md §6):
// POST only (plus CORS preflights from allowed origins), Origin validated when present, JSON bodies of
// at most 1 MiB (8 MiB for a single check_implementation call with credentials), without NUL characters and not nested absurdly deep (inputShapeProblems), and JSON-RPC
// batches only in the protocol versions that had them, with a few tool calls at most.
import express, { type NextFunction, type Request, type Response } from 'express';
import { answerTextBytes } from '#folio/exports';
import { inputShapeProblems } from '#folio/http';
import { jsonRpcError, jsonRpcErrorCodes, sendJsonRpcError } from './json-rpc-error.js';

export const mcpPath = '/v2/mcp';
export const maxMcpBodyBytes = 1024 * 1024;
/**
 * What one `tools/call` of check_implementation may carry (a page's HTML, or its screenshots), when the
 * request carries credentials; the API key is verified before the tool runs, as for every request.
 */
export const maxCheckBodyBytes = 8 * 1024 * 1024;
const largeBodyTool = 'check_implementation';

/** MCP dropped JSON-RPC batches in this version; versions are dates, so later ones sort after it. */
const firstVersionWithoutBatches = '2025-06-18';

/**
 * The most `tools/call` messages one batch may hold. Each answer may reach the agent budget (80,000 bytes of
 * text, sent twice: as text and as structured content), so a batch of 600 calls (the per-key limit of a
 * minute) could ask for about 100 MB in one request; four keep a batch's answer the size of a few ordinary
 * ones. Other messages (`tools/list`, `ping`…) answer small and are not counted.
 */
export const maxToolCallsPerBatch = 4;

const parseJson = express.json({ limit: maxMcpBodyBytes, type: () => true });
const parseLargeJson = express.json({
  limit: maxCheckBodyBytes,
  type: () => true,
  verify: (req, _res, body) => {
    (req as SizedRequest).bodyBytes = body.length;
  },
});

type SizedRequest = Request & { bodyBytes?: number };

/** An API key or bearer token is presented (whether it is valid, authentication says next). */
function carriesCredential(req: Request): boolean {
  return req.headers.authorization !== undefined || req.headers['x-service-key'] !== undefined;
}

/** A body over 1 MiB is one `tools/call` of check_implementation, or refused. */
function isLargeBodyCall(body: unknown): boolean {
  const call = body as { method?: unknown; params?: { name?: unknown } } | null;
  return !Array.isArray(body) && call?.method === 'tools/call' && call.params?.name === largeBodyTool;
}

const tooLargeMessage =
  'Request body too large: the limit is 1 MiB (8 MiB for one check_implementation call).';

/** Origins a browser-based client may call from: the service's own origin plus configured ones. */
export function allowedOrigins(publicBaseUrl: string, extra: readonly string[]): Set<string> {
  return new Set([new URL(publicBaseUrl).origin, ...extra.map((origin) => new URL(origin).origin)]);
}

/** What a browser page of an allowed origin may send and read (CORS). */
const corsHeaders = {
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers':
    'content-type, accept, authorization, x-service-key, mcp-protocol-version, mcp-method, mcp-session-id, last-event-id',
  'access-control-expose-headers': 'www-authenticate, mcp-session-id',
  'access-control-max-age': '600',
};

export function mcpRequestGate(origins: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      return sendJsonRpcError(
        res,
        403,
        jsonRpcError(
          null,
          jsonRpcErrorCodes.refused,
          `Origin ${origin} is not allowed to call this endpoint.`,
        ),
      );
    }
    if (origin !== undefined)
      res.set({ 'access-control-allow-origin': origin, vary: 'Origin', ...corsHeaders });
    if (req.method === 'OPTIONS' && origin !== undefined) {
      res.status(204).end();
      return;
    }
    if (req.method !== 'POST') {
      return sendJsonRpcError(
        res,
        405,
        jsonRpcError(
          null,
          jsonRpcErrorCodes.refused,
          'Method not allowed: this stateless endpoint takes POST only (no SSE stream, no sessions).',
        ),
        { allow: 'POST' },
      );
    }
    if (!req.is('application/json')) {
      return sendJsonRpcError(
        res,
        415,
        jsonRpcError(
          null,
          jsonRpcErrorCodes.refused,
          'Send the JSON-RPC message with Content-Type: application/json.',
        ),
      );
    }
    const parse = carriesCredential(req) ? parseLargeJson : parseJson;
    parse(req, res, (error?: unknown) => {
      const tooLarge =
        (error as { type?: string } | undefined)?.type === 'entity.too.large' ||
        (!error && ((req as SizedRequest).bodyBytes ?? 0) > maxMcpBodyBytes && !isLargeBodyCall(req.body));
      if (tooLarge) {
        return sendJsonRpcError(
          res,
          413,
          jsonRpcError(null, jsonRpcErrorCodes.invalidRequest, tooLargeMessage),
        );
      }
      if (!error) return refuseInvalidRequest(req, res, next);
      sendJsonRpcError(
        res,
        400,
        jsonRpcError(null, jsonRpcErrorCodes.parseError, 'Parse error: the body is not valid JSON.'),
      );
    });
  };
}

/** An invalid request (-32600): why, and what the client may read of it. */
interface Refusal {
  message: string;
  data?: unknown;
}

/** A body of a bad shape or a batch the rules refuse: 400, before it costs the key anything. */
function refuseInvalidRequest(req: Request, res: Response, next: NextFunction): void {
  const refusal = shapeRefusal(req.body) ?? batchRefusal(req);
  if (!refusal) return next();
  sendJsonRpcError(
    res,
    400,
    jsonRpcError(null, jsonRpcErrorCodes.invalidRequest, refusal.message, refusal.data),
  );
}

/** The JSON-RPC form of the 400 every other route answers through InputShapePipe. */
function shapeRefusal(body: unknown): Refusal | null {
  const problems = inputShapeProblems(body);
  if (problems.length === 0) return null;
  const described = problems.map(({ path, message }) => (path ? `${path}: ${message}` : message)).join('; ');
  return { message: `Invalid request: ${described}.`, data: { problems } };
}

/**
 * A batch under a protocol version without batches, or one of more tool calls than `maxToolCallsPerBatch`:
 * refused whole, before any of its messages runs.
 */
function batchRefusal(req: Request): Refusal | null {
  if (!Array.isArray(req.body)) return null;
  const version = versionWithoutBatches(req.get('mcp-protocol-version'), req.body);
  if (version !== null)
    return {
      message: `Invalid request: MCP ${version} has no JSON-RPC batches; send one message per request.`,
    };
  const toolCalls = req.body.filter(isToolCall).length;
  if (toolCalls <= maxToolCallsPerBatch) return null;
  return {
    message:
      `Invalid request: a JSON-RPC batch holds at most ${maxToolCallsPerBatch} tools/call messages, as each ` +
      `answer may reach ${answerTextBytes.toLocaleString('en')} bytes; this one has ${toolCalls}. None of ` +
      `it ran: send the calls in batches of ${maxToolCallsPerBatch} or fewer.`,
  };
}

function isToolCall(message: unknown): boolean {
  return (message as { method?: unknown } | null)?.method === 'tools/call';
}

/**
 * For a batch, the protocol version it is sent under when that version has no batches: the
 * `MCP-Protocol-Version` header, or the version an `initialize` in it asks for. Null otherwise, also
 * without either (a client that names no version speaks 2025-03-26, which has batches).
 */
function versionWithoutBatches(header: string | undefined, body: unknown[]): string | null {
  const named = [header, ...body.map(initializeVersion)];
  return (
    named.find(
      (version): version is string =>
        typeof version === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(version) &&
        version >= firstVersionWithoutBatches,
    ) ?? null
  );
}

function initializeVersion(message: unknown): unknown {
  const candidate = message as { method?: unknown; params?: { protocolVersion?: unknown } } | null;
  return candidate?.method === 'initialize' ? candidate.params?.protocolVersion : undefined;
}

/** How many JSON-RPC messages a body holds: each is a call to the limits. */
export function messageCount(body: unknown): number {
  return Array.isArray(body) ? Math.max(body.length, 1) : 1;
}
