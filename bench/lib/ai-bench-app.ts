// The standalone app in this process on the demo seed, as the AI page benches call it: the demo owner's MCP
// client, credits for every call, and the starter library to generate from.
import { type Client } from '@modelcontextprotocol/client';
import { PrismaClient } from '#folio/db';
import { demoKeys } from '#folio/seed';
import { connectMcpClient, createTestDatabase, ownAddress, waitUntil } from '#folio/testing';
import { type Standalone, startStandalone } from '../../apps/standalone/src/standalone.js';

export interface AiBenchApp {
  app: Standalone;
  client: Client;
  prisma: PrismaClient;
  /** The "Folio Starter" library's key. */
  library: string;
  /** "PostgreSQL" with DATABASE_URL, else "PGlite". */
  database: string;
  /** Generated images not drawn yet, of one project or of all. */
  imagesPending(projectKey?: string): Promise<number>;
  close(): Promise<void>;
}

export async function startAiBenchApp(): Promise<AiBenchApp> {
  const db = await createTestDatabase({ ...(await ownAddress()), SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  const app = await startStandalone(db.config);
  const handle = await db.open();
  const prisma = new PrismaClient({ adapter: handle.adapter });
  const client = await connectMcpClient(app.url, { key: app.demo!.apiKey });
  const close = async () => {
    await client.close();
    await prisma.$disconnect();
    await handle.release();
    await app.close();
    await db.drop();
  };
  try {
    await prisma.account.update({
      where: { key: demoKeys.ownerPersonalAccount },
      data: { credits: 1_000_000 },
    });
    const listed = (await client.callTool({ name: 'list_libraries', arguments: {} })).structuredContent as {
      libraries: { libraryKey: string; title: string }[];
    };
    return {
      app,
      client,
      prisma,
      library: listed.libraries.find((l) => l.title === 'Folio Starter')!.libraryKey,
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      imagesPending: (projectKey) =>
        prisma.asset.count({
          where: { status: 'pending', ...(projectKey ? { project: { key: projectKey } } : {}) },
        }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resolves once no generated image (of the project, or of any) is waiting to be drawn. */
export async function imagesDrawn(bench: AiBenchApp, projectKey?: string): Promise<void> {
  await waitUntil(
    projectKey ? `the images of ${projectKey}` : 'the generated images',
    async () => (await bench.imagesPending(projectKey)) === 0,
    { timeoutMs: 180_000, intervalMs: 50 },
  );
}

/**
 * Resolves once the demo's own section screenshots, which the process captures in Chromium after a fresh
 * seed, are done: a measure of the composer should not compete with them.
 */
export async function demoScreenshotsDone(bench: AiBenchApp): Promise<void> {
  await waitUntil(
    "the demo's section screenshots",
    async () => (await bench.prisma.sectionScreenshot.count({ where: { status: 'pending' } })) === 0,
    { timeoutMs: 600_000, intervalMs: 200 },
  );
}
