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

/** pino JSON logs: one line per request with its id, no credentials, no bodies. */
export function loggerParams(config: Pick<AppConfig, 'logLevel'>): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId: requestId,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    },
  };
}
