// The load benches' data (issue 9 §4): a PostgreSQL database of their own (`folio_load`, or LOAD_DATABASE)
// on the server DATABASE_URL names, migrated, with the demo seed plus 10,000 projects (LOAD_PROJECTS) of
// three pages of two sections each, searchable, spread over 100 accounts and the demo ones. Idempotent:
// a complete database is reused, after removing what earlier bench runs wrote; one that an interrupted
// setup left half-written is dropped and built again.
import { resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '#folio/config';
import { migrateDatabase, openDatabase, PrismaClient } from '#folio/db';
import {
  type DemoCredentials,
  demoKeys,
  demoUsers,
  sampleProjects,
  seedDemo,
  starterLibrary,
} from '#folio/seed';
import { type ManyProjectsOptions, seedManyProjects } from '../seed-many-projects.js';
import { writtenTitles } from './mcp-traffic.js';

export const loadScale: Required<ManyProjectsOptions> = {
  projects: Number(process.env.LOAD_PROJECTS ?? 10_000),
  accounts: 100,
  ownerMemberships: 10,
  pagesPerProject: 3,
  sectionsPerPage: 2,
  inDemoAccounts: true,
};

/** What the traffic picks its arguments from, as the demo owner's key sees the data. */
export interface LoadFixtures {
  /** Projects the demo owner sees, with their pages. */
  projects: { key: string; pageKeys: string[] }[];
  /** Projects the demo owner may edit (create_page targets); their accounts and teams have credits. */
  editable: string[];
  searches: string[];
  starterLibrary: string;
  /** The demo owner's personal account, where AI-made projects go. */
  ownerAccountKey: string;
}

export interface LoadDatabase {
  url: string;
  /** DATA_DIR of every process (LOAD_DATA_DIR, default .data/load). */
  dataDir: string;
  demo: DemoCredentials;
  fixtures: LoadFixtures;
  /** Runs `work` on a Prisma client of its own, closed after (so none stays open across a fault). */
  withPrisma<T>(work: (prisma: PrismaClient) => Promise<T>): Promise<T>;
}

/** Words agents search for, each matching some of the bench projects (the last one as a prefix). */
const searches = [
  'coffee',
  'yoga studio',
  'bakery',
  'dental clinic',
  'wedding photo',
  'wine',
  'lisbon flor',
  'climbing',
];
const demoPassword = 'load bench password';
const credits = 1_000_000;
const editorRoles: ('owner' | 'admin' | 'editor')[] = ['owner', 'admin', 'editor'];

function databaseUrls() {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = process.env.LOAD_DATABASE ?? 'folio_load';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`LOAD_DATABASE: not a plain database name: ${name}`);
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { name, admin: admin.toString(), url: url.toString() };
}

async function admin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

type State = 'empty' | 'complete' | { partial: string };

/** Whether the bulk data is all there (after the cleanup of earlier runs' writes). */
async function bulkState(prisma: PrismaClient): Promise<State> {
  const accounts = await prisma.account.count({ where: { name: { startsWith: 'Bench account ' } } });
  if (accounts === 0) return 'empty';
  const projects = (await prisma.project.count()) - sampleProjects.length;
  const [{ unsearchable }] = await prisma.$queryRaw<{ unsearchable: bigint }[]>`
    SELECT count(*) AS unsearchable FROM "Project" WHERE search IS NULL`;
  if (accounts === loadScale.accounts && projects === loadScale.projects && unsearchable === 0n)
    return 'complete';
  return {
    partial: `${accounts} bench accounts, ${projects} bench projects, ${unsearchable} without search`,
  };
}

async function demoOwnerId(prisma: PrismaClient): Promise<string> {
  return (await prisma.user.findUniqueOrThrow({ where: { email: demoUsers.owner.email } })).id;
}

/** Removes what earlier runs wrote (pages and projects by title), and refills the credits AI pages spend. */
async function resetRunLeftovers(prisma: PrismaClient): Promise<void> {
  const ownerId = await demoOwnerId(prisma);
  await prisma.page.deleteMany({ where: { title: { startsWith: writtenTitles.page } } });
  await prisma.project.deleteMany({ where: { title: { startsWith: writtenTitles.project } } });
  const editableAccounts = {
    memberships: { some: { userId: ownerId, role: { in: editorRoles } } },
  };
  await prisma.account.updateMany({ where: editableAccounts, data: { credits } });
  await prisma.team.updateMany({ where: { account: editableAccounts }, data: { credits } });
}

/** Argument pools: a sample of 3000 visible projects and 500 editable ones. */
async function fixtures(prisma: PrismaClient): Promise<LoadFixtures> {
  const ownerId = await demoOwnerId(prisma);
  const member = { memberships: { some: { userId: ownerId } } };
  const visible = await prisma.project.findMany({
    where: { account: member },
    select: { key: true, pages: { select: { key: true } } },
    orderBy: { id: 'asc' },
    take: 3000,
  });
  const editable = await prisma.project.findMany({
    where: { account: { memberships: { some: { userId: ownerId, role: { in: editorRoles } } } } },
    select: { key: true },
    orderBy: { id: 'asc' },
    take: 500,
  });
  return {
    projects: visible.map((project) => ({
      key: project.key,
      pageKeys: project.pages.map((page) => page.key),
    })),
    editable: editable.map((project) => project.key),
    searches,
    starterLibrary: starterLibrary.key,
    ownerAccountKey: demoKeys.ownerPersonalAccount,
  };
}

export async function prepareLoadDatabase(): Promise<LoadDatabase> {
  const started = performance.now();
  const urls = databaseUrls();
  const dataDir = resolve(process.env.LOAD_DATA_DIR ?? '.data/load');
  const { database } = loadConfig(
    { DATABASE_URL: urls.url, DATA_DIR: dataDir, DATABASE_POOL_SIZE: '4' },
    { seedDemo: false },
  );
  const withPrisma = async <T>(work: (prisma: PrismaClient) => Promise<T>): Promise<T> => {
    const handle = await openDatabase(database);
    const prisma = new PrismaClient({ adapter: handle.adapter });
    try {
      return await work(prisma);
    } finally {
      await prisma.$disconnect();
      await handle.release();
    }
  };
  const migrateAndSeed = async () => {
    const handle = await openDatabase(database);
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.release();
    }
    return withPrisma((prisma) =>
      seedDemo(prisma, { dataDir, publicBaseUrl: 'http://127.0.0.1', demoPassword }),
    );
  };

  await admin(urls.admin, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [urls.name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${urls.name}`);
  });
  let demo = await migrateAndSeed();
  let state = await withPrisma(async (prisma) => {
    await resetRunLeftovers(prisma);
    return bulkState(prisma);
  });
  if (typeof state === 'object') {
    console.log(`Database ${urls.name} is incomplete (${state.partial}): building it again.`);
    await admin(urls.admin, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${urls.name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${urls.name}`);
    });
    demo = await migrateAndSeed();
    state = 'empty';
  }
  if (state === 'empty') {
    const bulkStarted = performance.now();
    await withPrisma(async (prisma) => {
      await seedManyProjects(prisma, loadScale);
      await resetRunLeftovers(prisma);
    });
    const { projects, pagesPerProject, sectionsPerPage } = loadScale;
    console.log(
      `Bulk data: ${projects} projects, ${projects * pagesPerProject} pages, ${projects * pagesPerProject * sectionsPerPage} sections written and indexed in ${((performance.now() - bulkStarted) / 1000).toFixed(1)} s`,
    );
  }
  const picked = await withPrisma(fixtures);
  const [total, visible] = await withPrisma((prisma) =>
    Promise.all([
      prisma.project.count(),
      prisma.project.count({
        where: { account: { memberships: { some: { user: { email: demoUsers.owner.email } } } } },
      }),
    ]),
  );
  console.log(
    `Database ${urls.name} ${state === 'complete' ? 'reused' : 'built'}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${total} projects, ${visible} of them visible to the demo owner's key`,
  );
  return { url: urls.url, dataDir, demo, fixtures: picked, withPrisma };
}
