// Whether an error means "the database cannot be reached right now" (down, restarting, refusing, out of
// connections) rather than "this query is wrong": the edges answer the first with 503 and Retry-After.
import { Prisma } from './generated/prisma/client.js';

/** Driver adapter error kinds (@prisma/adapter-pg) raised while connecting or on a lost connection. */
const connectionKinds = new Set([
  'DatabaseNotReachable',
  'DatabaseDoesNotExist',
  'DatabaseAccessDenied',
  'AuthenticationFailed',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
]);

/** Errors of `pg` itself that the adapter passes through unmapped: pool timeouts and dropped sockets. */
const poolMessages = [
  /^timeout exceeded when trying to connect$/i,
  /^Connection terminated/i,
  /^Client has encountered a connection error and is not queryable$/i,
];

const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE']);

interface AdapterErrorCause {
  kind?: string;
  code?: string;
  severity?: string;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Prisma.PrismaClientInitializationError) return true;
    if (current instanceof Prisma.PrismaClientKnownRequestError) {
      return isConnectionFailure(adapterCause(current.meta));
    }
    if (current instanceof Error) {
      const { code, message } = current as NodeJS.ErrnoException;
      if ((code && socketCodes.has(code)) || poolMessages.some((pattern) => pattern.test(message)))
        return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function adapterCause(meta: Record<string, unknown> | undefined): AdapterErrorCause | undefined {
  const adapterError = meta?.driverAdapterError as { cause?: AdapterErrorCause } | undefined;
  return adapterError?.cause;
}

function isConnectionFailure(cause: AdapterErrorCause | undefined): boolean {
  if (!cause?.kind) return false;
  if (connectionKinds.has(cause.kind)) return true;
  if (cause.kind !== 'postgres') return false;
  // A FATAL error ends the session (server shutting down or starting up, connections refused, backend
  // terminated); SQLSTATE class 08 is "connection exception".
  return cause.severity === 'FATAL' || cause.severity === 'PANIC' || cause.code?.startsWith('08') === true;
}
