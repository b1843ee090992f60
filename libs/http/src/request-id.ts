import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';

const acceptable = /^[A-Za-z0-9._-]{8,128}$/;

/** Keeps a well-formed incoming X-Request-Id (set by the proxy), otherwise makes one; echoes it back. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && acceptable.test(incoming) ? incoming : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}
