import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type PrismaService } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { ProjectAccess, ProjectRepository } from '#folio/projects';
import { seedDemo } from '#folio/seed';
import {
  addPendingPicture,
  createMigratedTestDatabase,
  demoActors,
  type MigratedTestDatabase,
} from '#folio/testing';
import { PagePreviewService } from './page-preview.service.js';

describe(PagePreviewService.name, () => {
  let db: MigratedTestDatabase;
  let service: PagePreviewService;
  let owner: Actor;
  let stranger: Actor;
  const northwind = () =>
    db.prisma.project.findFirstOrThrow({ where: { title: { startsWith: 'Northwind' } } });

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    await seedDemo(db.prisma, { ...db.config, demoPassword: 'preview-test-password' });
    const projects = new ProjectRepository(db.prisma as unknown as PrismaService);
    service = new PagePreviewService(db.config, projects, new ProjectAccess(projects));
    ({ owner, stranger } = await demoActors(db.prisma));
  });
  afterAll(() => db.dispose());

  it('renders the home page by default, every section marked, width rules as container queries', async () => {
    const { key } = await northwind();
    const preview = await service.preview(owner, key);
    const home = await db.prisma.page.findFirstOrThrow({
      where: { project: { key }, isHome: true },
      include: { sections: { orderBy: { order: 'asc' } } },
    });
    expect(preview.pageKey).toBe(home.key);
    expect(preview.sections.map((s) => s.sectionKey)).toEqual(home.sections.map((s) => s.key));
    for (const { key: sectionKey } of home.sections)
      expect(preview.html).toContain(`data-section-key="${sectionKey}"`);
    expect(preview.css).toMatch(/@container folio-page \(max-width: 767px\)/);
    expect(preview.breakpoints).toEqual([
      { name: 'desktop', label: 'Desktop', width: 1280 },
      { name: 'tablet', label: 'Tablet', width: 820 },
      { name: 'mobile', label: 'Mobile', width: 390 },
    ]);
  });

  it('counts pictures still rendering and shows them as placeholders until they are ready', async () => {
    const { key } = await northwind();
    const picture = await addPendingPicture(db.prisma, key, '/blobs/drawn.png');
    try {
      const pending = await service.preview(owner, key);
      expect(pending.pendingImages).toBe(1);
      expect(pending.html).toMatch(new RegExp(`id="${picture.elementKey}"[^>]*data-asset-status="pending"`));

      await picture.ready();
      const ready = await service.preview(owner, key);
      expect(ready.pendingImages).toBe(0);
      // Absolute: the view shows the page on another origin.
      expect(ready.html).toContain(`src="${db.config.publicBaseUrl}/blobs/drawn.png"`);
    } finally {
      await picture.remove();
    }
  });

  it('answers another account as it answers a project that does not exist', async () => {
    const { key } = await northwind();
    const theirs = await service.preview(stranger, key).catch((error: unknown) => error);
    const unknown = await service.preview(stranger, 'prNoSuchProj1').catch((error: unknown) => error);
    expect(theirs).toBeInstanceOf(NotFoundError);
    expect((theirs as Error).message.replace(key, 'KEY')).toBe(
      (unknown as Error).message.replace('prNoSuchProj1', 'KEY'),
    );
  });

  it('names the pages there are when asked for one that is not', async () => {
    await expect(service.preview(owner, (await northwind()).key, 'pgNoSuchPage1')).rejects.toThrow(
      /has no page pgNoSuchPage1\. Its pages: /,
    );
  });
});
