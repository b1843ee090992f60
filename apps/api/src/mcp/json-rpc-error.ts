// JSON-RPC error bodies for answers given before the MCP SDK sees a request.
import type { Response } from 'express';

export const jsonRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
  /** Implementation-defined (JSON-RPC reserves -32000…-32099 for servers): the credential lacks a scope. */
  insufficientScope: -32001,
  /** Implementation-defined: the request was refused before dispatch (method, origin, media type). */
  refused: -32000,
} as const;

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}

export function jsonRpcError(
  id: string | number | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

export function sendJsonRpcError(
  res: Response,
  status: number,
  body: JsonRpcErrorBody,
  headers: Record<string, string> = {},
): void {
  res
    .status(status)
    .set({ 'cache-control': 'no-store', ...headers })
    .json(body);
}
