import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Client } from '@modelcontextprotocol/client';
import { type Abstract, type INestApplication, type Type } from '@nestjs/common';
import { type AppConfig } from '#folio/config';
import { type PrismaClient } from '#folio/db';
import { type DemoCredentials, seedDemo } from '#folio/seed';
import { ownAddress } from './free-port.js';
import { connectMcpClient, type McpClientOptions } from './mcp-client.js';
import { createMigratedTestDatabase, type MigratedTestDatabase } from './test-database.js';

export type TestAppName = 'api' | 'auth' | 'standalone';

export interface TestAppOptions {
  app: TestAppName;
  /** Environment the app's config is read from, over the test defaults (`LOG_LEVEL=silent`, port 0). */
  env?: Record<string, string | undefined>;
  /** The app listens on a port chosen up front and PUBLIC_BASE_URL names it (OAuth issuers, URLs it hands out). */
  ownAddress?: boolean;
  /**
   * Seeds the demo before the app starts (the standalone app seeds it itself, as SEED_DEMO=true does in
   * production); only for specs about the demo or written on it.
   */
  demo?: boolean;
  /** Runs on the fresh database before the app starts (after the demo, if any). */
  prepare?: (database: MigratedTestDatabase) => Promise<unknown>;
  /** The api app's part in the job queues (standalone always works them). */
  jobs?: 'producer' | 'worker';
}

export interface TestApp {
  /** Where the app answers, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  config: AppConfig;
  /** The app's fresh database, and a client on it for set-up and assertions. */
  database: MigratedTestDatabase;
  prisma: PrismaClient;
  server: Server;
  /** The seeded demo's credentials (with `demo: true`), else null. */
  demo: DemoCredentials | null;
  /** A provider of the running app; for standalone, of its api app or else its auth app. */
  get<T>(token: Type<T> | Abstract<T>): T;
  /** An MCP SDK client connected to the app, closed with it. */
  connectMcp(options: McpClientOptions): Promise<Client>;
  /** Closes the MCP clients, stops the app and drops its database. */
  close(): Promise<void>;
}

interface Started {
  server: Server;
  url?: string;
  demo?: DemoCredentials | null;
  nest: INestApplication[];
  close(): Promise<void>;
}

/**
 * An app on a fresh database, listening on a free port: the one way e2e specs start Folio. The apps are
 * imported when asked for, so unit specs importing this lib do not load them.
 */
export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const env = {
    LOG_LEVEL: 'silent',
    ...(options.ownAddress ? await ownAddress() : {}),
    ...(options.demo && options.app === 'standalone' ? { SEED_DEMO: 'true' } : {}),
    ...options.env,
  };
  const database = await createMigratedTestDatabase(env);
  let started: Started | undefined;
  try {
    const demo =
      options.demo && options.app !== 'standalone' ? await seedDemo(database.prisma, database.config) : null;
    await options.prepare?.(database);
    started = await start(options, database.config);
    const { port } = started.server.address() as AddressInfo;
    const running = started;
    const clients: Client[] = [];
    const baseUrl =
      running.url ??
      (database.config.port === 0 ? `http://127.0.0.1:${port}` : database.config.publicBaseUrl);
    return {
      baseUrl,
      config: database.config,
      database,
      prisma: database.prisma,
      server: running.server,
      demo: running.demo ?? demo,
      get: (token) => provider(running.nest, token),
      connectMcp: async (options) => {
        const client = await connectMcpClient(baseUrl, options);
        clients.push(client);
        return client;
      },
      close: async () => {
        await Promise.all(clients.map((client) => client.close()));
        await running.close();
        await database.dispose();
      },
    };
  } catch (error) {
    await started?.close();
    await database.dispose();
    throw error;
  }
}

async function start(options: TestAppOptions, config: AppConfig): Promise<Started> {
  if (options.app === 'standalone') {
    const { startStandalone } = await import('../../../apps/standalone/src/standalone.js');
    const standalone = await startStandalone(config);
    return { ...standalone, nest: [standalone.apps.api, standalone.apps.auth] };
  }
  const app =
    options.app === 'api'
      ? await (await import('../../../apps/api/src/api.app.js')).createApiApp(config, options.jobs)
      : await (await import('../../../apps/auth/src/auth.app.js')).createAuthApp(config);
  try {
    await app.listen(config.port);
  } catch (error) {
    await app.close();
    throw error;
  }
  return { server: app.getHttpServer() as Server, nest: [app], close: () => app.close() };
}

function provider<T>(apps: INestApplication[], token: Type<T> | Abstract<T>): T {
  for (const app of apps) {
    try {
      return app.get(token);
    } catch (error) {
      if (app === apps.at(-1)) throw error;
    }
  }
  throw new Error(`no app provides ${token.name}`);
}
