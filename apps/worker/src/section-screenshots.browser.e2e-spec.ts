import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { PNG } from 'pngjs';
import { type AppConfig } from '#folio/config';
import { type Actor } from '#folio/identity';
import { oweMissingScreenshots } from '#folio/seed';
import { blobName } from '#folio/storage';
import { VersionService } from '#folio/versions';
import {
  demoPerson,
  type MigratedTestDatabase,
  newApiKey,
  startTestApp,
  type TestApp,
  waitUntil,
  connectMcpClient,
} from '#folio/testing';
import { WorkerModule } from './worker.module.js';

// Saving a version screenshots every section, end to end: the api queues, a processor (in-process, or
// apps/worker over Redis) renders in Chromium and stores PNGs that the api serves under /assets.

const redisUrl = process.env.REDIS_URL;
const failingImage = 'https://images.example.com/beans.jpg';

interface Harness {
  database: MigratedTestDatabase;
  api: TestApp;
  base: string;
  key: string;
  /** The demo owner, whose key `key` is. */
  owner: Actor;
}

async function startHarness(
  env: Record<string, string | undefined> = {},
  { oweDemoScreenshots = false } = {},
): Promise<Harness> {
  const api = await startTestApp({
    app: 'api',
    demo: true,
    env,
    // As `npm start` does: the demo's published versions owe their screenshots.
    prepare: async (database) => oweDemoScreenshots && oweMissingScreenshots(database.prisma),
  });
  const owner = await demoPerson(api, 'owner');
  const { text: key } = await newApiKey(api, owner, { scopes: ['list:project', 'create:project'] });
  return { database: api.database, api, base: api.baseUrl, key, owner: owner.actor };
}

async function stopHarness(harness: Harness | undefined): Promise<void> {
  await harness?.api.close();
}

/** A project from the demo template: a hero whose image cannot load, then `quotes` distinct quotes. */
async function createProject(harness: Harness, id: string, quotes: number): Promise<string> {
  const response = await fetch(`${harness.base}/project/create-from-template/tplLaunchKit01`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': harness.key },
    body: JSON.stringify({
      id,
      title: `Screenshots ${id}`,
      pages: [
        {
          id: 'home',
          title: 'Home',
          data: [
            { _type: 'hero', id: 'hero', title: 'Fresh coffee, roasted weekly', image: failingImage },
            ...Array.from({ length: quotes }, (_, n) => ({
              _type: 'quote',
              id: `quote-${n}`,
              quote: `Quote number ${n}: ${'the best beans in town '.repeat((n % 3) + 1)}`,
              author: `Reader ${n}`,
            })),
          ],
        },
      ],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { projectKey: string }).projectKey;
}

async function saveVersion(harness: Harness, projectKey: string): Promise<string> {
  const { number } = await harness.api.get(VersionService).save(harness.owner, projectKey);
  const version = await harness.database.prisma.projectVersion.findFirstOrThrow({
    where: { number, project: { key: projectKey } },
  });
  return version.id;
}

function readyCount(harness: Harness, versionId: string): Promise<number> {
  return harness.database.prisma.sectionScreenshot.count({ where: { versionId, status: 'ready' } });
}

/** Every section of the version has one ready screenshot: a 1200 px PNG served by the api, not one flat color. */
async function expectEveryScreenshot(harness: Harness, versionId: string, sections: number): Promise<void> {
  const rows = await harness.database.prisma.sectionScreenshot.findMany({ where: { versionId } });
  expect(rows).toHaveLength(sections);
  for (const row of rows) {
    expect(row).toMatchObject({ status: 'ready', width: 1200, error: null });
    // Recorded relative to PUBLIC_BASE_URL (here port 0): the test asks the api where it listens.
    expect(row.url).toMatch(/^\/assets\/[0-9a-f]{64}\.png$/);
    const response = await fetch(`${harness.base}${row.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect(png.width).toBe(1200);
    expect(png.height).toBe(row.height);
    const first = png.data.readUInt32BE(0);
    let colors = 1;
    for (let offset = 4; offset < png.data.length && colors < 2; offset += 4) {
      if (png.data.readUInt32BE(offset) !== first) colors++;
    }
    expect(colors).toBe(2);
  }
}

/** A tool's structured result through the MCP SDK client, as a connector sees it. */
async function callTool(harness: Harness, name: string, args: Record<string, unknown>) {
  const client = await connectMcpClient(harness.base, { key: harness.key });
  try {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as Record<string, unknown>;
  } finally {
    await client.close();
  }
}

describe('section screenshots without Redis (in-process, as `npm start` runs them)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { oweDemoScreenshots: true });
  });
  afterAll(() => stopHarness(harness));

  it('a saved version gets every section screenshot, shown as screenshotUrls, and a thumbnail in find_projects', async () => {
    const projectKey = await createProject(harness, 'in-process', 5);
    const versionId = await saveVersion(harness, projectKey);
    await waitUntil('six screenshots', async () => (await readyCount(harness, versionId)) === 6, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    await expectEveryScreenshot(harness, versionId, 6);

    const { thumbnailAsset } = await harness.database.prisma.project.findUniqueOrThrow({
      where: { key: projectKey },
      select: { thumbnailAsset: { select: { url: true } } },
    });
    const found = (await callTool(harness, 'find_projects', { ids: [projectKey] })) as {
      projects: { projectKey: string; thumbnailUrl: string | null }[];
    };
    const absolute = (url: string | null) => `${harness.database.config.publicBaseUrl}${url}`;
    expect(found.projects.find((p) => p.projectKey === projectKey)?.thumbnailUrl).toBe(
      absolute(thumbnailAsset!.url),
    );

    const exported = (await callTool(harness, 'get_project_sections', { projectKey })) as {
      pages: { sections: { sectionKey: string; screenshotUrl: string | null }[] }[];
    };
    const urls = await harness.database.prisma.sectionScreenshot.findMany({ where: { versionId } });
    const bySection = new Map(urls.map((row) => [row.sectionKey, row.url]));
    const sections = exported.pages.flatMap((page) => page.sections);
    expect(sections).toHaveLength(6);
    for (const section of sections) {
      expect(section.screenshotUrl).toBe(absolute(bySection.get(section.sectionKey) ?? null));
    }
  }, 120_000);

  it('a section whose image cannot load still gets its screenshot, with the warning recorded', async () => {
    const projectKey = await createProject(harness, 'broken-image', 1);
    const versionId = await saveVersion(harness, projectKey);
    await waitUntil('two screenshots', async () => (await readyCount(harness, versionId)) === 2, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    const [heroKey, quoteKey] = await sectionKeys(harness, projectKey);
    const rows = await harness.database.prisma.sectionScreenshot.findMany({ where: { versionId } });
    const hero = rows.find((row) => row.sectionKey === heroKey)!;
    expect(hero.status).toBe('ready');
    expect(hero.warnings).toEqual([expect.stringContaining(failingImage)]);
    expect(rows.find((row) => row.sectionKey === quoteKey)?.warnings).toEqual([]);
  }, 120_000);

  it('takes the screenshots the seeded demo versions owe at start', async () => {
    const { prisma } = harness.database;
    await owedDemoScreenshotsTaken(harness);
    const demoProjects = await prisma.project.findMany({
      where: { versions: { some: {} }, externalId: null },
      select: { thumbnailAssetId: true },
    });
    expect(demoProjects.length).toBeGreaterThan(0);
    for (const project of demoProjects) expect(project.thumbnailAssetId).not.toBeNull();
  }, 120_000);

  it('makes the top 750 px of the index page the thumbnail, not its first section (Northwind’s navbar strip)', async () => {
    const { prisma } = harness.database;
    await owedDemoScreenshotsTaken(harness);
    const northwind = await prisma.project.findFirstOrThrow({
      where: { title: { startsWith: 'Northwind' } },
      select: { key: true, thumbnailAssetId: true },
    });
    const { key: navbarKey } = await prisma.section.findFirstOrThrow({
      where: { page: { project: { key: northwind.key }, isHome: true } },
      orderBy: { order: 'asc' },
    });
    const navbar = await prisma.sectionScreenshot.findFirstOrThrow({
      where: { sectionKey: navbarKey, status: 'ready' },
    });
    expect(navbar.height).toBeLessThan(200);

    const thumbnail = await prisma.asset.findUniqueOrThrow({ where: { id: northwind.thumbnailAssetId! } });
    expect(thumbnail).toMatchObject({ width: 1200, height: 750 });
    const response = await fetch(`${harness.base}${thumbnail.url}`);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 750]);
    // Below the navbar's strip the hero is drawn, not a flat background.
    const belowNavbar = png.data.subarray((navbar.height! + 1) * png.width * 4);
    expect(new Set(pixels(belowNavbar)).size).toBeGreaterThan(10);
  }, 120_000);
});

function owedDemoScreenshotsTaken(harness: Harness): Promise<void> {
  const { prisma } = harness.database;
  return waitUntil(
    'the owed demo screenshots',
    async () => (await prisma.sectionScreenshot.count({ where: { status: 'pending' } })) === 0,
    { timeoutMs: 90_000, intervalMs: 100 },
  );
}

function* pixels(rgba: Buffer): Generator<number> {
  for (let offset = 0; offset < rgba.length; offset += 4) yield rgba.readUInt32BE(offset);
}

async function sectionKeys(harness: Harness, projectKey: string): Promise<string[]> {
  const sections = await harness.database.prisma.section.findMany({
    where: { page: { project: { key: projectKey } } },
    orderBy: { order: 'asc' },
    select: { key: true },
  });
  return sections.map((section) => section.key);
}

(redisUrl ? describe : describe.skip)('section screenshots with Redis (BullMQ, apps/worker)', () => {
  let harness: Harness;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    harness = await startHarness({ REDIS_URL: redisUrl });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(harness.database.config), {
      logger: false,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await stopHarness(harness);
  });

  it('a saved version gets every section screenshot from the worker', async () => {
    const projectKey = await createProject(harness, 'with-redis', 5);
    const versionId = await saveVersion(harness, projectKey);
    await waitUntil('six screenshots', async () => (await readyCount(harness, versionId)) === 6, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    await expectEveryScreenshot(harness, versionId, 6);
  }, 120_000);
});

// Two processes share one database only on PostgreSQL; the worker runs from the build (`npm run build`).
const workerMain = join(process.cwd(), 'dist/apps/worker/src/main.js');
(redisUrl && process.env.DATABASE_URL ? describe : describe.skip)('a worker killed mid-batch', () => {
  let harness: Harness;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    if (!existsSync(workerMain)) throw new Error(`${workerMain} is missing: run \`npm run build\` first.`);
    harness = await startHarness({ REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    await stopHarness(harness);
  });

  function startWorker(config: AppConfig): ChildProcess {
    if (config.database.kind !== 'postgres' || config.storage.kind !== 'local')
      throw new Error('PostgreSQL only');
    const child = spawn(process.execPath, [workerMain], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: config.database.url,
        REDIS_URL: redisUrl,
        JOBS_PREFIX: config.jobs.prefix,
        DATA_DIR: config.dataDir,
        STORAGE_DIR: config.storage.dir,
        PUBLIC_BASE_URL: config.publicBaseUrl,
        ...(config.chromiumPath === null ? {} : { CHROMIUM_PATH: config.chromiumPath }),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    workers.push(child);
    return child;
  }

  it('finishes the batch after a restart, with exactly one screenshot per section', async () => {
    const { config, prisma } = harness.database;
    const projectKey = await createProject(harness, 'killed-worker', 29);
    const versionId = await saveVersion(harness, projectKey);

    const first = startWorker(config);
    await waitUntil('the first screenshots', async () => (await readyCount(harness, versionId)) >= 3, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const readyAtKill = await readyCount(harness, versionId);
    expect(readyAtKill).toBeLessThan(30);

    startWorker(config);
    await waitUntil('the whole batch', async () => (await readyCount(harness, versionId)) === 30, {
      timeoutMs: 90_000,
      intervalMs: 100,
    });
    await expectEveryScreenshot(harness, versionId, 30);
    const rows = await prisma.sectionScreenshot.findMany({ where: { versionId } });
    expect(new Set(rows.map((row) => row.url)).size).toBe(30);
    if (config.storage.kind !== 'local') throw new Error('local storage expected');
    const storageDir = config.storage.dir;
    const shards = await readdir(storageDir);
    const files = (await Promise.all(shards.map((shard) => readdir(join(storageDir, shard))))).flat();
    // One file per screenshot and one for the thumbnail: nothing stored twice, nothing half written (a blob's
    // name is the hash of its bytes, so a complete one hashes to its name). The killed worker may leave the
    // partial it was writing under its temporary name (never a blob's), of a blob the restarted worker then
    // wrote whole.
    const blobs = files.filter((file) => !file.endsWith('.tmp'));
    const { thumbnailAsset } = await prisma.project.findUniqueOrThrow({
      where: { key: projectKey },
      select: { thumbnailAsset: { select: { url: true } } },
    });
    const urls = [...rows.map((row) => row.url!), thumbnailAsset!.url];
    expect(blobs.sort()).toEqual(urls.map((url) => url.slice('/assets/'.length)).sort());
    for (const blob of blobs) {
      const bytes = await readFile(join(storageDir, blob.slice(0, 2), blob));
      expect(blobName(bytes, 'image/png')).toBe(blob);
    }
    for (const partial of files.filter((file) => file.endsWith('.tmp')))
      expect(blobs).toContain(partial.slice(0, partial.indexOf('.png') + '.png'.length));

    // Each job completed once; those the dead worker held were taken up again (stalled), not lost.
    const queue = new Queue('section-screenshot', {
      connection: { url: redisUrl },
      prefix: config.jobs.prefix,
    });
    try {
      const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']);
      const ours = jobs.filter((job) => job.data.versionId === versionId);
      expect(ours).toHaveLength(30);
      expect(await Promise.all(ours.map((job) => job.getState()))).toEqual(Array(30).fill('completed'));
      expect(ours.filter((job) => job.stalledCounter > 0).length).toBeGreaterThan(0);
    } finally {
      await queue.close();
    }
  }, 180_000);
});
