import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type AppConfig } from '#folio/config';
import { migrateDatabase, type DatabaseHandle, openDatabase, PrismaClient } from '#folio/db';
import { appForPath, type AppName } from '#folio/http';
import { type DemoCredentials, oweMissingScreenshots, readDemoCredentials, seedDemo } from '#folio/seed';
import { createApiApp } from '../../api/src/api.app.js';
import { createAuthApp } from '../../auth/src/auth.app.js';

export interface Standalone {
  server: Server;
  /** The two Nest apps behind the one port, e.g. for a test reaching their services. */
  apps: Record<AppName, NestExpressApplication>;
  url: string;
  demo: DemoCredentials | null;
  close(): Promise<void>;
}

/**
 * The embedded default: migrates, seeds an empty database, and serves api and auth on one port,
 * dispatching each request by path as the production proxy does (docs/design.md §2).
 */
export async function startStandalone(config: AppConfig): Promise<Standalone> {
  // Held until the apps are up, so the embedded database opens once for the whole process.
  const startup = await openDatabase(config.database);
  let apps: Record<AppName, NestExpressApplication> | undefined;
  try {
    await migrateDatabase(startup);
    const demo = config.seedDemo ? await ensureDemoData(startup.adapter, config) : null;
    // Everything in one process: with Redis too, this process works the queues.
    apps = { api: await createApiApp(config, 'worker'), auth: await createAuthApp(config) };
    await Promise.all([apps.api.init(), apps.auth.init()]);
    const handlers = {
      api: apps.api.getHttpAdapter().getInstance(),
      auth: apps.auth.getHttpAdapter().getInstance(),
    };
    const server = createServer((req, res) => handlers[appForPath(req.url ?? '/')](req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const running = apps;
    return {
      server,
      apps: running,
      url: config.port === 0 ? `http://localhost:${port}` : config.publicBaseUrl,
      demo,
      close: async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await Promise.all([running.api.close(), running.auth.close()]);
      },
    };
  } catch (error) {
    await Promise.all([apps?.api.close(), apps?.auth.close()]);
    throw error;
  } finally {
    await startup.release();
  }
}

async function ensureDemoData(adapter: DatabaseHandle['adapter'], config: AppConfig) {
  const prisma = new PrismaClient({ adapter });
  try {
    const demo =
      (await prisma.user.count()) === 0
        ? await seedDemo(prisma, config)
        : await readDemoCredentials(config.dataDir);
    await oweMissingScreenshots(prisma);
    return demo;
  } finally {
    await prisma.$disconnect();
  }
}
