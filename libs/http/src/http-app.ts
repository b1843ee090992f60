import { type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import helmet, { type HelmetOptions } from 'helmet';
import { Logger } from 'nestjs-pino';
import { recordHttpMetrics } from './metrics/http-metrics.js';
import { explainOversizedBodies, refuseDeclaredOversizedBodies } from './body-limit.js';
import { compressResponses } from './compression.js';

/** HTML forms post short fields; 100 KiB is far above any of them. */
const formLimitBytes = 100 * 1024;

/** Largest accepted JSON (or unparsed) body; routes with their own limit parse their bodies themselves. */
const jsonLimitBytes = 1024 * 1024;

export interface HttpAppOptions {
  helmet?: HelmetOptions;
  /** Middleware that must see raw request bodies (e.g. oidc-provider), mounted before the body parsers. */
  beforeBodyParsers?: (app: NestExpressApplication) => void;
}

/**
 * Creates an HTTP app with what every Folio app shares: pino logs, helmet, compressed answers, body
 * limits, proxy awareness (X-Forwarded-*). Call `init()` or `listen()` after.
 */
export async function createHttpApp(
  module: Type | object,
  options: HttpAppOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module as Type, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  // First, so every request counts, including those answered before routing.
  app.use(recordHttpMetrics);
  // Next, so every answer may be compressed, those of middleware (static files, the OAuth provider) too.
  app.use(compressResponses);
  app.use(helmet(options.helmet));
  options.beforeBodyParsers?.(app);
  app.use(refuseDeclaredOversizedBodies(jsonLimitBytes));
  app.useBodyParser('json', { limit: jsonLimitBytes });
  app.useBodyParser('urlencoded', { limit: formLimitBytes, extended: false });
  app.use(explainOversizedBodies);
  return app;
}
