// MCP tool specs without HTTP: the api's own McpServerFactory builds the server for a key's principal, as it
// does for each POST /v2/mcp, and the official SDK client talks to it over the SDK's in-memory transport.
// What a tool answers is the same; what HTTP adds (eras, authentication challenges, origin, sizes, rate
// limits, batches) stays with the specs that start an app.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { type AppConfig } from '#folio/config';
import { type PrismaClient } from '#folio/db';
import { ApiKeyService } from '#folio/identity';
import { type DemoCredentials, seedDemo } from '#folio/seed';
import { type Services } from './factories.js';
import { createMigratedTestDatabase, type MigratedTestDatabase } from './test-database.js';

/**
 * The official SDK client connected in process to the MCP server `McpServerFactory` builds for the principal
 * an API key authenticates as (`ApiKeyService.authenticate`, as the api's guard does). The tools run through
 * the factory's own scope check, error mapping and metrics. The principal is read once, when connecting
 * (over HTTP each request reads it again). `app`: a started app or an `McpTools`.
 */
export async function connectMcpInProcess(app: Services, apiKey: string): Promise<Client> {
  const principal = await app.get(ApiKeyService).authenticate(apiKey);
  if (!principal) throw new Error('connectMcpInProcess: the key does not authenticate.');
  const { McpServerFactory } = await import('../../../apps/api/src/mcp/mcp-server.factory.js');
  const server = app.get(McpServerFactory).create(principal);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'folio-tests', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

export interface McpToolsOptions {
  /** Environment the config is read from, over the test defaults (`LOG_LEVEL=silent`). */
  env?: Record<string, string | undefined>;
  /** Seeds the demo first; only for specs about the demo or written on it. */
  demo?: boolean;
  /** Runs on the fresh database before the api starts (after the demo, if any). */
  prepare?: (database: MigratedTestDatabase) => Promise<unknown>;
}

/** The api's providers, in process, on a fresh database of their own; no HTTP server. */
export interface McpTools extends Services {
  config: AppConfig;
  database: MigratedTestDatabase;
  prisma: PrismaClient;
  /** The seeded demo's credentials (with `demo: true`), else null. */
  demo: DemoCredentials | null;
  /** `connectMcpInProcess` on these providers; the clients are closed with them. */
  connectMcp(apiKey: string): Promise<Client>;
  /** Closes the clients and the api, and drops the database. */
  close(): Promise<void>;
}

/**
 * The api module as an application context, working its job queues as the standalone process does (job
 * processors run in process, or take the jobs from Redis with `REDIS_URL`), on a fresh database: what specs
 * of tool behaviour start. Tool answers name `config.publicBaseUrl`, which nothing listens on.
 */
export async function startMcpTools(options: McpToolsOptions = {}): Promise<McpTools> {
  const database = await createMigratedTestDatabase({ LOG_LEVEL: 'silent', ...options.env });
  let context: INestApplicationContext | undefined;
  try {
    const demo = options.demo ? await seedDemo(database.prisma, database.config) : null;
    await options.prepare?.(database);
    const { ApiModule } = await import('../../../apps/api/src/api.module.js');
    context = await NestFactory.createApplicationContext(ApiModule.forRoot(database.config, 'worker'), {
      bufferLogs: true,
    });
    context.useLogger(context.get(Logger));
    const api = context;
    const clients: Client[] = [];
    return {
      config: database.config,
      database,
      prisma: database.prisma,
      demo,
      get: (token) => api.get(token),
      connectMcp: async (apiKey) => {
        const client = await connectMcpInProcess(api, apiKey);
        clients.push(client);
        return client;
      },
      close: async () => {
        await Promise.all(clients.map((client) => client.close()));
        await api.close();
        await database.dispose();
      },
    };
  } catch (error) {
    await context?.close();
    await database.dispose();
    throw error;
  }
}
