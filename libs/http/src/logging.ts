import { type IncomingMessage } from 'node:http';
import { type Params } from 'nestjs-pino';
import { type AppConfig } from '#folio/config';
import { requestId } from './request-id.js';

/** Credentials that must never reach a log line. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-service-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** Probes and scrapes, polled every few seconds: logging each would drown the requests that matter. */
const unloggedPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * pino JSON logs: one line per request, no credentials, no bodies. Every line logged during a request
 * carries its `reqId`; the request's own line also names who made it (see `requestIdentity`).
 */
export function loggerParams(config: Pick<AppConfig, 'logLevel'>): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId: requestId,
      // Lines logged while serving a request carry its id alone, not a copy of the whole request.
      quietReqLogger: true,
      customProps: requestIdentity,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => unloggedPaths.has(req.url ?? '') },
    },
  };
}

/** An actor (libs/identity) as the log reads it: only their user id, never their email. */
interface LoggedActor {
  userId?: unknown;
}

/**
 * Who made the request, once authentication has run: the API key's row id and the user it acts for
 * (`req.user`, the Principal of apps/api; never the key itself), or the signed-in person of a browser
 * session (`req.actor`, set by the page kit).
 */
function requestIdentity(req: IncomingMessage): Record<string, string> {
  const { user: principal, actor } = req as {
    user?: { keyId?: unknown; actor?: LoggedActor };
    actor?: LoggedActor;
  };
  const keyHolder = principal?.actor?.userId;
  if (typeof principal?.keyId === 'string' && typeof keyHolder === 'string') {
    return { keyId: principal.keyId, userId: keyHolder };
  }
  return typeof actor?.userId === 'string' ? { userId: actor.userId } : {};
}
