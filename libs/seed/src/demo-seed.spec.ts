import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashApiKey, verifyPassword } from '#folio/identity';
import { prefixTsQuery, Prisma, type PrismaClient } from '#folio/db';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { starterLibrary, teamLibrary } from './content/index.js';
import { readDemoCredentials } from './demo-credentials.js';
import { demoKeys, demoUsers, seedDemo, type SeedOptions } from './demo-seed.js';

const tables = [
  'User',
  'Account',
  'Membership',
  'Team',
  'TeamMember',
  'Workspace',
  'Project',
  'Page',
  'Section',
  'ProjectVersion',
  'Publication',
  'Library',
  'LibrarySection',
  'Template',
  'ApiKey',
  'CreditEntry',
];

/** Every row of the seeded tables, minus the columns Prisma touches on any update. */
async function contents(prisma: PrismaClient): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await prisma.$queryRawUnsafe<{ rows: string | null }[]>(
      `SELECT string_agg(r, E'\\n' ORDER BY r) AS rows FROM (SELECT (to_jsonb(t) - 'updatedAt')::text AS r FROM "${table}" t) rows`,
    );
    result[table] = row.rows ?? '';
  }
  return result;
}

describe(seedDemo.name, () => {
  let db: MigratedTestDatabase;
  let options: SeedOptions;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    options = {
      dataDir: db.config.dataDir,
      publicBaseUrl: 'http://folio.test',
      demoPassword: 'seed-test-password',
    };
  });
  afterAll(() => db.dispose());

  it('leaves the same rows when run twice, and hands out the same credentials', async () => {
    const first = await seedDemo(db.prisma, options);
    const before = await contents(db.prisma);
    const second = await seedDemo(db.prisma, options);
    expect(second).toEqual(first);
    expect(await contents(db.prisma)).toEqual(before);
    expect(await readDemoCredentials(options.dataDir)).toEqual(first);
  });

  it('makes an organization and a team with credits, and a team-limited workspace', async () => {
    const account = await db.prisma.account.findUniqueOrThrow({
      where: { key: demoKeys.account },
      include: { teams: true, workspaces: true },
    });
    expect(account.kind).toBe('organization');
    expect(account.credits).toBeGreaterThan(0);
    expect(account.teams).toHaveLength(1);
    expect(account.teams[0].credits).toBeGreaterThan(0);
    expect(account.workspaces).toHaveLength(2);
    expect(account.workspaces.filter((w) => w.teamId === account.teams[0].id)).toHaveLength(1);
    const ledger = await db.prisma.creditEntry.aggregate({
      where: { accountId: account.id },
      _sum: { delta: true },
    });
    expect(ledger._sum.delta).toBe(account.credits + account.teams[0].credits);
  });

  it("gives the owner's personal account credits of its own, granted in the ledger, and the viewer's none", async () => {
    const owner = await db.prisma.account.findUniqueOrThrow({
      where: { key: demoKeys.ownerPersonalAccount },
    });
    const viewer = await db.prisma.account.findUniqueOrThrow({
      where: { key: demoKeys.viewerPersonalAccount },
    });
    expect(owner.credits).toBeGreaterThan(0);
    expect(viewer.credits).toBe(0);
    const grants = await db.prisma.creditEntry.findMany({ where: { accountId: owner.id } });
    expect(grants.map((entry) => entry.delta)).toEqual([owner.credits]);
  });

  it('makes an owner and a viewer who can log in with the demo password, and a working owner key', async () => {
    const credentials = (await readDemoCredentials(options.dataDir))!;
    const owner = await db.prisma.user.findUniqueOrThrow({
      where: { email: demoUsers.owner.email },
      include: { memberships: { include: { account: true } } },
    });
    const viewer = await db.prisma.user.findUniqueOrThrow({
      where: { email: demoUsers.viewer.email },
      include: { memberships: { include: { account: true } } },
    });
    await expect(verifyPassword(owner.passwordHash, 'seed-test-password')).resolves.toBe(true);
    await expect(verifyPassword(viewer.passwordHash, 'seed-test-password')).resolves.toBe(true);
    const roleIn = (user: typeof owner) =>
      user.memberships.find((m) => m.account.key === demoKeys.account)?.role;
    expect(roleIn(owner)).toBe('owner');
    expect(roleIn(viewer)).toBe('viewer');

    const key = await db.prisma.apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(credentials.apiKey) } });
    expect(key.userId).toBe(owner.id);
    expect(key.revokedAt).toBeNull();
    expect([...key.scopes].sort()).toEqual(['create:project', 'edit:project', 'list:project']);
    expect(JSON.stringify(await db.prisma.apiKey.findMany())).not.toContain(credentials.apiKey);
  });

  it('replaces the demo key when the credentials file no longer knows it', async () => {
    const { rm } = await import('node:fs/promises');
    const old = (await readDemoCredentials(options.dataDir))!.apiKey;
    await rm(`${options.dataDir}/demo-credentials.json`);
    const fresh = await seedDemo(db.prisma, options);
    expect(fresh.apiKey).not.toBe(old);
    const oldKey = await db.prisma.apiKey.findUniqueOrThrow({ where: { hash: hashApiKey(old) } });
    expect(oldKey.revokedAt).not.toBeNull();
  });

  it('ships an AI-enabled public starter library, a team-limited library and a published template', async () => {
    const starter = await db.prisma.library.findFirstOrThrow({
      where: { ownerAccountId: null },
      include: { _count: { select: { sections: true } } },
    });
    expect(starter.aiEnabled).toBe(true);
    expect(starter._count.sections).toBeGreaterThanOrEqual(24);
    const teamLibrary = await db.prisma.library.findFirstOrThrow({ where: { teamId: { not: null } } });
    expect(teamLibrary.ownerAccountId).not.toBeNull();
    const template = await db.prisma.template.findUniqueOrThrow({
      where: { key: (await readDemoCredentials(options.dataDir))!.templateKey },
    });
    expect(template.published).toBe(true);
    const schema = template.schema as { sectionTypes: { fields: { kind: string }[] }[]; pinned: unknown[] };
    expect(schema.sectionTypes.length).toBeGreaterThanOrEqual(3);
    const kinds = schema.sectionTypes.flatMap((t) => t.fields.map((f) => f.kind));
    expect(kinds).toEqual(expect.arrayContaining(['text', 'html', 'image', 'style']));
    expect(schema.pinned.length).toBeGreaterThanOrEqual(1);
  });

  it('analyses the AI-enabled libraries it seeds, and re-analyses one whose analysis went stale', async () => {
    for (const library of [starterLibrary, teamLibrary]) {
      const stored = await db.prisma.library.findUniqueOrThrow({
        where: { key: library.key },
        include: { sections: { orderBy: { order: 'asc' } } },
      });
      expect(stored.aiEnabled).toBe(true);
      expect(stored.analyzedAt).not.toBeNull();
      expect(stored.sections.map((s) => (s.analysis as { role?: string } | null)?.role)).toEqual(
        library.sections.map((s) => s.role),
      );
    }

    const section = starterLibrary.sections[0];
    await db.prisma.librarySection.update({ where: { key: section.key }, data: { analysis: Prisma.DbNull } });
    const before = await db.prisma.library.findUniqueOrThrow({ where: { key: starterLibrary.key } });
    await seedDemo(db.prisma, options);
    const after = await db.prisma.library.findUniqueOrThrow({ where: { key: starterLibrary.key } });
    expect(after.analyzedAt!.getTime()).toBeGreaterThan(before.analyzedAt!.getTime());
    const restored = await db.prisma.librarySection.findUniqueOrThrow({ where: { key: section.key } });
    expect(restored.analysis).toMatchObject({ role: section.role });
  });

  it('makes two searchable sample projects with pages and sections, one published to a site and an embed', async () => {
    const projects = await db.prisma.project.findMany({
      include: { pages: { include: { _count: { select: { sections: true } } } }, publications: true },
      orderBy: { title: 'asc' },
    });
    expect(projects).toHaveLength(2);
    for (const project of projects) {
      expect(project.pages.length).toBeGreaterThanOrEqual(3);
      expect(project.pages.filter((p) => p.isHome)).toHaveLength(1);
      expect(project.pages.every((p) => p._count.sections > 0)).toBe(true);
      const theme = project.theme as Record<string, Record<string, unknown>>;
      for (const group of ['colors', 'textStyles', 'spacing', 'radii'])
        expect(Object.keys(theme[group]).length).toBeGreaterThan(2);
      expect((project.swatches as unknown[]).length).toBeGreaterThan(0);
    }
    const published = projects.filter((p) => p.publications.length > 0);
    expect(published).toHaveLength(1);
    expect(published[0].publications.map((p) => p.kind).sort()).toEqual(['embed', 'site']);

    for (const project of projects) {
      const word = project.title.split(/\s+/)[0];
      const found = await db.prisma.$queryRaw<{ key: string }[]>`
        SELECT key FROM "Project" WHERE search @@ to_tsquery('english', ${prefixTsQuery(word)})`;
      expect(found.map((f) => f.key)).toContain(project.key);
    }
  });
});
