import { type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { Logger } from 'nestjs-pino';
import { type AppConfig } from '#folio/config';
import { recordHttpMetrics } from './metrics/http-metrics.js';
import { explainBodyParserErrors, refuseDeclaredOversizedBodies } from './request-body.js';
import { sitesOriginGate } from './sites-origin.js';
import { compressResponses } from './compression.js';

/** HTML forms post short fields; 100 KiB is far above any of them. */
const formLimitBytes = 100 * 1024;

/** Largest accepted JSON (or unparsed) body; routes with their own limit parse their bodies themselves. */
const jsonLimitBytes = 1024 * 1024;

export interface HttpAppOptions {
  /**
   * Whose X-Forwarded-For `req.ip` believes (TRUST_PROXY, express's `trust proxy`), and the app's origins:
   * with a sites origin of their own (SITES_BASE_URL), that host serves sites and embeds only (told apart
   * by `Host`, or by a trusted proxy's X-Forwarded-Host with TRUST_FORWARDED_HOST).
   */
  config: Pick<AppConfig, 'trustProxy' | 'trustForwardedHost' | 'publicBaseUrl' | 'sitesBaseUrl'>;
  helmet?: HelmetOptions;
  /** Middleware that must see raw request bodies (e.g. oidc-provider), mounted before the body parsers. */
  beforeBodyParsers?: (app: NestExpressApplication) => void;
}

/**
 * Creates an HTTP app with what every Folio app shares: pino logs, helmet, compressed answers, body limits,
 * proxy awareness (X-Forwarded-* from the proxies TRUST_PROXY trusts). Call `init()` or `listen()` after.
 */
export async function createHttpApp(
  module: Type | object,
  options: HttpAppOptions,
): Promise<NestExpressApplication> {
  // The router takes its settings when it is made (the adapter's first `use`): `/Sites/…` is not `/sites/…`,
  // as for nginx and the sites origin gate.
  const server = express().set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(module as Type, new ExpressAdapter(server), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', options.config.trustProxy);
  app.disable('x-powered-by');
  // First, so every request counts, including those answered before routing.
  app.use(recordHttpMetrics);
  // Next, so every answer may be compressed, those of middleware (static files, the OAuth provider) too.
  app.use(compressResponses);
  app.use(helmet(options.helmet));
  const gate = sitesOriginGate(options.config);
  if (gate) app.use(gate);
  options.beforeBodyParsers?.(app);
  app.use(refuseDeclaredOversizedBodies(jsonLimitBytes));
  app.useBodyParser('json', { limit: jsonLimitBytes });
  app.useBodyParser('urlencoded', { limit: formLimitBytes, extended: false });
  app.use(explainBodyParserErrors);
  return app;
}
