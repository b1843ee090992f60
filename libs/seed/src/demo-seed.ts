import { isDeepStrictEqual } from 'node:util';
import { type ProjectSnapshot, newPublicKey, type SnapshotSection } from '#folio/content';
import { asJson, type PrismaClient } from '#folio/db';
import { hashApiKey, hashPassword, newApiKey, scopes } from '#folio/identity';
import { analyzeLibrarySection, LibraryAnalysisService, LibraryRepository } from '#folio/libraries';
import { ProjectWriter } from '#folio/projects';
import { demoTemplate, sampleProjects, starterLibrary, teamLibrary } from './content/index.js';
import { type LibrarySeed, type ProjectSeed, type SectionDesign } from './content/seed-content.types.js';
import { type DemoCredentials, readDemoCredentials, writeDemoCredentials } from './demo-credentials.js';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Fixed public keys, so links and tutorials stay valid across machines and re-seeds. */
export const demoKeys = {
  account: 'acDemoStudio1',
  team: 'tmAtlasTeam01',
  studioWorkspace: 'wsStudio0001',
  teamWorkspace: 'wsAtlasTeam1',
  ownerPersonalAccount: 'acOwnerPers01',
  viewerPersonalAccount: 'acViewerPers1',
} as const;

export const demoUsers = {
  owner: { email: 'owner@demo.folio.test', name: 'Olivia Owner' },
  viewer: { email: 'viewer@demo.folio.test', name: 'Victor Viewer' },
} as const;

const demoKeyName = 'Demo key';
// The owner's personal account is where a call without `accountKey` lands, so the first AI page works there too.
const seedCredits = { account: 500, team: 200, ownerPersonal: 100 };

export interface SeedOptions {
  dataDir: string;
  publicBaseUrl: string;
  demoPassword: string;
}

/**
 * Writes the demo data (idempotent: what exists is kept, what is missing is created; the public
 * starter library and the demo template follow the code). Returns the demo credentials and writes
 * them to `$DATA_DIR/demo-credentials.json`.
 */
export async function seedDemo(prisma: PrismaClient, options: SeedOptions): Promise<DemoCredentials> {
  const owner = await upsertUser(prisma, demoUsers.owner, options.demoPassword);
  const viewer = await upsertUser(prisma, demoUsers.viewer, options.demoPassword);
  const { account, team, workspaces } = await seedOrganization(prisma, owner.id, viewer.id);
  await seedPersonalAccount(prisma, owner.id, {
    key: demoKeys.ownerPersonalAccount,
    name: `${demoUsers.owner.name}'s account`,
    credits: seedCredits.ownerPersonal,
  });
  await seedPersonalAccount(prisma, viewer.id, {
    key: demoKeys.viewerPersonalAccount,
    name: `${demoUsers.viewer.name}'s account`,
    credits: 0,
  });

  await seedLibrary(prisma, starterLibrary, { ownerAccountId: null, teamId: null });
  await seedLibrary(prisma, teamLibrary, { ownerAccountId: account.id, teamId: team.id });
  await prisma.template.upsert({
    where: { key: demoTemplate.key },
    create: {
      key: demoTemplate.key,
      accountId: account.id,
      title: demoTemplate.title,
      description: demoTemplate.description,
      published: true,
      schema: asJson(demoTemplate.schema),
    },
    update: {
      title: demoTemplate.title,
      description: demoTemplate.description,
      schema: asJson(demoTemplate.schema),
    },
  });
  for (const project of sampleProjects) {
    const workspaceId = project.workspace === 'team' ? workspaces.team : workspaces.studio;
    await seedProject(prisma, project, { accountId: account.id, workspaceId, ownerId: owner.id });
  }

  const apiKey = await ensureDemoApiKey(prisma, owner.id, options.dataDir);
  const credentials: DemoCredentials = {
    baseUrl: options.publicBaseUrl,
    password: options.demoPassword,
    users: { owner: demoUsers.owner.email, viewer: demoUsers.viewer.email },
    apiKey,
    accountKey: demoKeys.account,
    templateKey: demoTemplate.key,
    projects: sampleProjects.map((p) => ({ key: p.key, title: p.title, published: p.published })),
  };
  await writeDemoCredentials(options.dataDir, credentials);
  return credentials;
}

async function upsertUser(prisma: PrismaClient, user: { email: string; name: string }, password: string) {
  const existing = await prisma.user.findUnique({ where: { email: user.email } });
  if (existing) return existing;
  return prisma.user.create({ data: { ...user, passwordHash: await hashPassword(password) } });
}

async function seedOrganization(prisma: PrismaClient, ownerId: string, viewerId: string) {
  return prisma.$transaction(async (tx) => {
    let account = await tx.account.findUnique({ where: { key: demoKeys.account } });
    if (!account) {
      account = await tx.account.create({
        data: {
          key: demoKeys.account,
          name: 'Demo Studio',
          kind: 'organization',
          credits: seedCredits.account,
        },
      });
      await tx.creditEntry.create({
        data: { accountId: account.id, delta: seedCredits.account, reason: 'demo grant' },
      });
    }
    let team = await tx.team.findUnique({ where: { key: demoKeys.team } });
    if (!team) {
      team = await tx.team.create({
        data: { key: demoKeys.team, accountId: account.id, name: 'Atlas team', credits: seedCredits.team },
      });
      await tx.creditEntry.create({
        data: { accountId: account.id, teamId: team.id, delta: seedCredits.team, reason: 'demo grant' },
      });
    }
    for (const [userId, role] of [
      [ownerId, 'owner'],
      [viewerId, 'viewer'],
    ] as const) {
      await tx.membership.upsert({
        where: { userId_accountId: { userId, accountId: account.id } },
        create: { userId, accountId: account.id, role },
        update: {},
      });
    }
    await tx.teamMember.upsert({
      where: { teamId_userId: { teamId: team.id, userId: viewerId } },
      create: { teamId: team.id, userId: viewerId, role: 'viewer' },
      update: {},
    });
    const studio = await tx.workspace.upsert({
      where: { key: demoKeys.studioWorkspace },
      create: { key: demoKeys.studioWorkspace, accountId: account.id, name: 'Studio' },
      update: {},
    });
    const teamWorkspace = await tx.workspace.upsert({
      where: { key: demoKeys.teamWorkspace },
      create: { key: demoKeys.teamWorkspace, accountId: account.id, teamId: team.id, name: 'Atlas (team)' },
      update: {},
    });
    return { account, team, workspaces: { studio: studio.id, team: teamWorkspace.id } };
  });
}

async function seedPersonalAccount(
  prisma: PrismaClient,
  userId: string,
  account: { key: string; name: string; credits: number },
) {
  await prisma.$transaction(async (tx) => {
    if (await tx.account.findUnique({ where: { key: account.key } })) return;
    const { id } = await tx.account.create({
      data: { ...account, kind: 'personal', memberships: { create: { userId, role: 'owner' } } },
    });
    if (account.credits > 0) {
      await tx.creditEntry.create({ data: { accountId: id, delta: account.credits, reason: 'demo grant' } });
    }
  });
}

async function seedLibrary(
  prisma: PrismaClient,
  library: LibrarySeed,
  owner: { ownerAccountId: string | null; teamId: string | null },
) {
  const libraryId = await prisma.$transaction(async (tx) => {
    const fields = { title: library.title, description: library.description, aiEnabled: true, ...owner };
    const { id: libraryId } = await tx.library.upsert({
      where: { key: library.key },
      create: { key: library.key, ...fields },
      update: fields,
    });
    // Sections follow the code: drop the ones no longer shipped, then upsert the rest in order.
    await tx.librarySection.deleteMany({
      where: { libraryId, key: { notIn: library.sections.map((s) => s.key) } },
    });
    await tx.librarySection.updateMany({ where: { libraryId }, data: { order: { increment: 10_000 } } });
    for (const [order, section] of library.sections.entries()) {
      const content = {
        title: section.title,
        order,
        tree: asJson(section.tree),
        styles: section.styles,
        interactions: asJson(section.interactions ?? []),
      };
      await tx.librarySection.upsert({
        where: { key: section.key },
        create: { key: section.key, libraryId, ...content },
        update: content,
      });
    }
    return libraryId;
  });
  // Seeded with AI on, so it needs its analysis; re-running it only when the stored one is missing or
  // out of date keeps re-seeding from touching analyzedAt.
  if (!(await analysisIsCurrent(prisma, libraryId, library))) {
    await new LibraryAnalysisService(new LibraryRepository(prisma)).analyze(libraryId);
  }
}

async function analysisIsCurrent(prisma: PrismaClient, libraryId: string, library: LibrarySeed) {
  const stored = await prisma.library.findUniqueOrThrow({
    where: { id: libraryId },
    select: { analyzedAt: true, sections: { select: { key: true, analysis: true } } },
  });
  const analyses = new Map(stored.sections.map((section) => [section.key, section.analysis]));
  return (
    stored.analyzedAt !== null &&
    library.sections.every((section) =>
      isDeepStrictEqual(analyses.get(section.key), analyzeLibrarySection(section)),
    )
  );
}

async function seedProject(
  prisma: PrismaClient,
  seed: ProjectSeed,
  place: { accountId: string; workspaceId: string; ownerId: string },
) {
  if (await prisma.project.findUnique({ where: { key: seed.key }, select: { id: true } })) return;
  await prisma.$transaction(
    async (tx) => {
      const { project, pages } = seedSnapshot(seed);
      const { projectId } = await new ProjectWriter().insertProject(
        tx,
        {
          ...project,
          accountId: place.accountId,
          workspaceId: place.workspaceId,
          createdById: place.ownerId,
        },
        pages.map((page, order) => ({ ...page, order })),
      );
      if (seed.published) await publishSeedProject(tx, seed, projectId, place.ownerId);
    },
    { timeout: 60_000 },
  );
}

/** A section design of the seed's content as a version snapshot holds it. */
export function snapshotSection(design: SectionDesign): SnapshotSection {
  return {
    key: design.key,
    title: design.title,
    type: design.role,
    tree: design.tree,
    styles: design.styles,
    interactions: design.interactions ?? [],
  };
}

/** The sample as a version snapshot: its rows are written from the same shape. */
function seedSnapshot(seed: ProjectSeed): ProjectSnapshot {
  return {
    project: {
      key: seed.key,
      title: seed.title,
      description: seed.description,
      tags: seed.tags,
      preset: seed.preset,
      theme: seed.theme,
      breakpoints: seed.breakpoints,
      swatches: seed.swatches,
    },
    pages: seed.pages.map((page) => ({
      key: page.key,
      title: page.title,
      description: page.description,
      path: page.path,
      isHome: page.isHome,
      pinnedIds: [],
      sections: page.sections.map(snapshotSection),
    })),
    pinnedValues: {},
  };
}

/** Version 1 of a published sample, live on its site and as an embed. */
async function publishSeedProject(tx: Tx, seed: ProjectSeed, projectId: string, authorId: string) {
  const snapshot = seedSnapshot(seed);
  const version = await tx.projectVersion.create({
    data: {
      projectId,
      number: 1,
      reason: 'publish',
      authorId,
      snapshot: asJson(snapshot),
    },
  });
  await tx.publication.createMany({
    data: [
      { projectId, kind: 'site', versionId: version.id, slug: seed.slug ?? seed.key.toLowerCase() },
      // As PublishService records it, so publish state never has to open the snapshot.
      { projectId, kind: 'embed', versionId: version.id, config: { indexPageKey: indexPageKey(snapshot) } },
    ],
  });
}

function indexPageKey(snapshot: ProjectSnapshot): string | null {
  return (snapshot.pages.find((page) => page.isHome) ?? snapshot.pages[0])?.key ?? null;
}

/**
 * The demo owner's key. Only its hash is stored, so the text lives in demo-credentials.json; when that
 * file no longer matches the database, the old demo key is revoked and a new one made.
 */
async function ensureDemoApiKey(prisma: PrismaClient, userId: string, dataDir: string): Promise<string> {
  const known = (await readDemoCredentials(dataDir))?.apiKey;
  if (known) {
    const stored = await prisma.apiKey.findUnique({ where: { hash: hashApiKey(known) } });
    if (stored && stored.userId === userId && !stored.revokedAt) return known;
  }
  const key = newApiKey('sk');
  await prisma.$transaction([
    prisma.apiKey.updateMany({
      where: { userId, name: demoKeyName, source: 'manual', revokedAt: null },
      data: { revokedAt: new Date() },
    }),
    prisma.apiKey.create({
      data: {
        key: newPublicKey(),
        userId,
        name: demoKeyName,
        prefix: key.prefix,
        hash: key.hash,
        scopes: [...scopes],
        source: 'manual',
      },
    }),
  ]);
  return key.text;
}
