import { type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import helmet, { type HelmetOptions } from 'helmet';
import { Logger } from 'nestjs-pino';

export interface HttpAppOptions {
  /** Largest accepted JSON body; routes with their own limit parse their bodies themselves. */
  jsonLimit?: string;
  helmet?: HelmetOptions;
  /** Middleware that must see raw request bodies (e.g. oidc-provider), mounted before the body parsers. */
  beforeBodyParsers?: (app: NestExpressApplication) => void;
}

/**
 * Creates an HTTP app with what every Folio app shares: pino logs, helmet, body limits, proxy
 * awareness (X-Forwarded-*). Call `init()` or `listen()` after.
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
  app.use(helmet(options.helmet));
  options.beforeBodyParsers?.(app);
  app.useBodyParser('json', { limit: options.jsonLimit ?? '1mb' });
  app.useBodyParser('urlencoded', { limit: '100kb', extended: false });
  return app;
}
