/**
 * Screenshot budgets: 40 sections screenshotted, end to end from the save to all 40 PNGs stored and recorded,
 * ≤ 20 s with one worker (issue 7); and screenshots follow content (issue 31): from a draft write changing
 * 10 sections (a template update) to their screenshots and the new thumbnail stored, ≤ 20 s. Two setups, each
 * measured over BENCH_RUNS saves and writes (default 3) after the demo's own screenshots are done; the first
 * save includes Chromium's launch:
 * - PostgreSQL + Redis: the api app in this process queues, one `apps/worker` process (from the build) works;
 * - embedded (PGlite, no Redis): the api app queues and works in-process, as `npm start` runs.
 * Run: npm run bench:screenshots   (DATABASE_URL default postgres://postgres@127.0.0.1:5432/test, REDIS_URL
 * default redis://127.0.0.1:6379; a throwaway database is created and dropped.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type AppConfig } from '#folio/config';
import { VersionService } from '#folio/versions';
import { demoUsers, seedDemo } from '#folio/seed';
import {
  createMigratedTestDatabase,
  createTestApiKey,
  demoActors,
  type MigratedTestDatabase,
  ownAddress,
  waitUntil,
} from '#folio/testing';
import { createApiApp } from '../apps/api/src/api.app.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const sections = 40;
const budgetMs = 20_000;

/**
 * 40 sections of the demo template's kinds, texts changed on every run so each save is new work: the first
 * `changed` sections say `run`, the others `base`.
 */
function body(run: number, changed = sections, base = run) {
  const kinds = [
    (n: number, run: number) => ({
      _type: 'hero',
      title: `Headline ${n} r${run}`,
      subtitle: `A subtitle for section ${n}`,
    }),
    (n: number, run: number) => ({
      _type: 'body',
      heading: `Heading ${n} r${run}`,
      content: `<p>Paragraph ${n} with <strong>bold</strong> words, run ${run}.</p>`,
    }),
    (n: number, run: number) => ({
      _type: 'quote',
      quote: `“Quote ${n}, run ${run}.”`,
      author: `Author ${n}`,
    }),
  ];
  return {
    id: 'screenshot-bench',
    title: 'Screenshot bench',
    pages: [
      {
        id: 'home',
        title: 'Home',
        data: Array.from({ length: sections }, (_, n) => ({
          id: `s${n}`,
          ...kinds[n % kinds.length](n, n < changed ? run : base),
        })),
      },
    ],
  };
}

/** Creates or updates (a template update) the bench's project from `template`. */
async function upsert(bench: Bench, template: ReturnType<typeof body>): Promise<string> {
  const created = await fetch(`${bench.base}/project/create-from-template/tplLaunchKit01`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': bench.key },
    body: JSON.stringify(template),
  });
  if (!created.ok) throw new Error(`create-from-template answered ${created.status}`);
  return ((await created.json()) as { projectKey: string }).projectKey;
}

/** Waits until the draft's screenshots are taken up to its revision; the ms it took from `started`. */
async function draftSettled(bench: Bench, projectKey: string, label: string, started: number) {
  const { prisma } = bench.db;
  await waitUntil(
    label,
    async () => {
      const project = await prisma.project.findUniqueOrThrow({
        where: { key: projectKey },
        select: { revision: true, screenshotsRevision: true },
      });
      return project.screenshotsRevision >= project.revision;
    },
    { timeoutMs: 120_000, intervalMs: 25 },
  );
  return performance.now() - started;
}

/** 10 of the draft's 40 sections changed by a template update → their screenshots and the thumbnail stored. */
async function measureDraft(label: string, bench: Bench): Promise<void> {
  const { prisma } = bench.db;
  const changed = 10;
  const projectKey = await upsert(bench, body(100));
  await draftSettled(bench, projectKey, 'the draft', performance.now());
  const project = await prisma.project.findUniqueOrThrow({
    where: { key: projectKey },
    select: { id: true },
  });
  const state = () =>
    Promise.all([
      prisma.contentScreenshot.count({ where: { projectId: project.id } }),
      prisma.project.findUniqueOrThrow({ where: { id: project.id }, select: { thumbnailHash: true } }),
    ]);
  const durations: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const [shotsBefore, { thumbnailHash }] = await state();
    const started = performance.now();
    await upsert(bench, body(100 + run, changed, 100));
    durations.push(await draftSettled(bench, projectKey, `draft run ${run}`, started));
    const [shotsAfter, after] = await state();
    if (shotsAfter - shotsBefore !== changed || after.thumbnailHash === thumbnailHash)
      throw new Error(
        `run ${run}: ${shotsAfter - shotsBefore} new screenshots, thumbnail renewed: ${after.thumbnailHash !== thumbnailHash}`,
      );
  }
  report(
    `${label}: ${changed} of ${sections} draft sections changed, write → screenshots and thumbnail`,
    durations,
  );
}

function report(what: string, durations: number[]): void {
  const shown = durations.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ');
  const worst = Math.max(...durations);
  const verdict = worst <= budgetMs ? 'met' : 'MISSED';
  console.log(
    `${what}: ${shown} (worst ${(worst / 1000).toFixed(2)} s; budget ${budgetMs / 1000} s ${verdict})`,
  );
}

async function measure(label: string, bench: Bench): Promise<void> {
  const { prisma } = bench.db;
  await waitUntil(
    'the demo',
    async () => (await prisma.sectionScreenshot.count({ where: { status: 'pending' } })) === 0,
    { timeoutMs: 120_000, intervalMs: 25 },
  );
  const { owner } = await demoActors({ get: (token) => bench.api.get(token) });
  const durations: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const projectKey = await upsert(bench, body(run));
    const started = performance.now();
    const { number } = await bench.api.get(VersionService).save(owner, projectKey);
    const version = await prisma.projectVersion.findFirstOrThrow({
      where: { number, project: { key: projectKey } },
    });
    await waitUntil(
      `run ${run}`,
      async () =>
        (await prisma.sectionScreenshot.count({ where: { versionId: version.id, status: 'ready' } })) ===
        sections,
      // A fine poll: the interval is part of the figure.
      { timeoutMs: 120_000, intervalMs: 25 },
    );
    durations.push(performance.now() - started);
  }
  report(`${label}: ${sections} sections, save → all stored`, durations);
}

function startWorker(config: AppConfig): ChildProcess {
  if (config.database.kind !== 'postgres' || config.storage.kind !== 'local')
    throw new Error('PostgreSQL only');
  return spawn(process.execPath, [join(process.cwd(), 'dist/apps/worker/src/main.js')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: config.database.url,
      REDIS_URL: config.jobs.redisUrl!,
      JOBS_PREFIX: config.jobs.prefix,
      STORAGE_DIR: config.storage.dir,
      DATA_DIR: config.dataDir,
      PUBLIC_BASE_URL: config.publicBaseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
}

interface Bench {
  db: MigratedTestDatabase;
  api: NestExpressApplication;
  base: string;
  key: string;
}

async function bench(label: string, env: Record<string, string | undefined>, withWorker: boolean) {
  const db = await createMigratedTestDatabase({ ...(await ownAddress()), LOG_LEVEL: 'warn', ...env });
  await seedDemo(db.prisma, {
    dataDir: db.config.dataDir,
    publicBaseUrl: db.config.publicBaseUrl,
    demoPassword: 'a demo password',
  });
  const key = await createTestApiKey(db.prisma, demoUsers.owner.email, ['list:project', 'create:project']);
  // With a worker process the api only queues; without, it works the queue itself.
  const api = await createApiApp(db.config, withWorker ? 'producer' : 'worker');
  await api.listen(db.config.port);
  const worker = withWorker ? startWorker(db.config) : undefined;
  try {
    const running = { db, api, base: db.config.publicBaseUrl, key };
    await measure(label, running);
    await measureDraft(label, running);
  } finally {
    worker?.kill('SIGTERM');
    await api.close();
    await db.dispose();
  }
}

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
await bench(
  'PostgreSQL + Redis, one worker process',
  { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  true,
);
const postgres = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
await bench('embedded (PGlite, in-process jobs)', {}, false);
process.env.DATABASE_URL = postgres;
