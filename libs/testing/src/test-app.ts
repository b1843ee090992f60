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

/** A Nest HTTP app of the spec's own making (e.g. the api module with a probe controller), not yet listening. */
export type TestAppFactory = (config: AppConfig) => Promise<INestApplication>;

export interface TestAppOptions {
  app: TestAppName | TestAppFactory;
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
  /**
   * Starts on this database instead of a fresh one, e.g. several instances of an app on one database;
   * the caller disposes it. `env`, `ownAddress`, `demo` and `prepare` do not apply.
   */
  database?: MigratedTestDatabase;
  /** With `database`: the config to start with, when it differs from the database's. */
  config?: AppConfig;
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
  /** Closes the MCP clients, stops the app and drops its database (unless it was given). */
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
  if (options.database) {
    const config = options.config ?? options.database.config;
    return listening(options, options.database, config, null, async () => {});
  }
  const database = await createMigratedTestDatabase({
    LOG_LEVEL: 'silent',
    ...(options.ownAddress ? await ownAddress() : {}),
    ...(options.demo && options.app === 'standalone' ? { SEED_DEMO: 'true' } : {}),
    ...options.env,
  });
  try {
    const demo =
      options.demo && options.app !== 'standalone' ? await seedDemo(database.prisma, database.config) : null;
    await options.prepare?.(database);
    return await listening(options, database, database.config, demo, () => database.dispose());
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

async function listening(
  options: TestAppOptions,
  database: MigratedTestDatabase,
  config: AppConfig,
  demo: DemoCredentials | null,
  release: () => Promise<void>,
): Promise<TestApp> {
  const running = await start(options, config);
  const { port } = running.server.address() as AddressInfo;
  const baseUrl = running.url ?? (config.port === 0 ? `http://127.0.0.1:${port}` : config.publicBaseUrl);
  const clients: Client[] = [];
  return {
    baseUrl,
    config,
    database,
    prisma: database.prisma,
    server: running.server,
    demo: running.demo ?? demo,
    get: (token) => provider(running.nest, token),
    connectMcp: async (mcpOptions) => {
      const client = await connectMcpClient(baseUrl, mcpOptions);
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await running.close();
      await release();
    },
  };
}

async function start(options: TestAppOptions, config: AppConfig): Promise<Started> {
  if (options.app === 'standalone') {
    const { startStandalone } = await import('../../../apps/standalone/src/standalone.js');
    const standalone = await startStandalone(config);
    return { ...standalone, nest: [standalone.apps.api, standalone.apps.auth] };
  }
  const app = await createNestApp(options, config);
  try {
    await app.listen(config.port);
  } catch (error) {
    await app.close();
    throw error;
  }
  return { server: app.getHttpServer() as Server, nest: [app], close: () => app.close() };
}

async function createNestApp(options: TestAppOptions, config: AppConfig): Promise<INestApplication> {
  if (typeof options.app === 'function') return options.app(config);
  if (options.app === 'api')
    return (await import('../../../apps/api/src/api.app.js')).createApiApp(config, options.jobs);
  return (await import('../../../apps/auth/src/auth.app.js')).createAuthApp(config);
}

/** The first of the apps (api before auth) that provides `token`. */
function provider<T>(apps: INestApplication[], token: Type<T> | Abstract<T>): T {
  const [first, ...others] = apps;
  try {
    return first.get(token);
  } catch (error) {
    if (!others.length) throw error;
    return provider(others, token);
  }
}
