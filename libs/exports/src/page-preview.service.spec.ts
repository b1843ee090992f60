// Page previews on a real database: an organization's two-page café, seen by its owner and a stranger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NotFoundError } from '#folio/errors';
import { type Actor, IdentityModule } from '#folio/identity';
import {
  addPendingPicture,
  editFirstSection,
  newCafeOrganization,
  startTestModule,
  type TestModule,
} from '#folio/testing';
import { ExportsModule } from './exports.module.js';
import { PagePreviewService } from './page-preview.service.js';

describe(PagePreviewService.name, () => {
  let app: TestModule;
  let service: PagePreviewService;
  let owner: Actor;
  let stranger: Actor;
  let northwind: { key: string };

  beforeAll(async () => {
    app = await startTestModule([ExportsModule, IdentityModule]);
    service = app.get(PagePreviewService);
    const cafe = await newCafeOrganization(app);
    [owner, stranger] = [cafe.owner.actor, cafe.stranger.actor];
    northwind = { key: cafe.northwind.projectKey };
    // A rule for phones only, so the page has a width rule.
    await editFirstSection(app.prisma, cafe.northwind.projectId, ({ tree, styles }) => {
      styles.mobile = { [tree.key]: { padding: '8px' } };
    });
  });
  afterAll(() => app?.close());

  it('renders the home page by default, every section marked, width rules as container queries', async () => {
    const { key } = northwind;
    const preview = await service.preview(owner, key);
    const home = await app.prisma.page.findFirstOrThrow({
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
    const { key } = northwind;
    const picture = await addPendingPicture(app.prisma, key, '/blobs/drawn.png');
    try {
      const pending = await service.preview(owner, key);
      expect(pending.pendingImages).toBe(1);
      expect(pending.html).toMatch(new RegExp(`id="${picture.elementKey}"[^>]*data-asset-status="pending"`));

      await picture.ready();
      const ready = await service.preview(owner, key);
      expect(ready.pendingImages).toBe(0);
      // Absolute: the view shows the page on another origin.
      expect(ready.html).toContain(`src="${app.db.config.publicBaseUrl}/blobs/drawn.png"`);
    } finally {
      await picture.remove();
    }
  });

  it('answers another account as it answers a project that does not exist', async () => {
    const { key } = northwind;
    const theirs = await service.preview(stranger, key).catch((error: unknown) => error);
    const unknown = await service.preview(stranger, 'prNoSuchProj1').catch((error: unknown) => error);
    expect(theirs).toBeInstanceOf(NotFoundError);
    expect((theirs as Error).message.replace(key, 'KEY')).toBe(
      (unknown as Error).message.replace('prNoSuchProj1', 'KEY'),
    );
  });

  it('names the pages there are when asked for one that is not', async () => {
    await expect(service.preview(owner, northwind.key, 'pgNoSuchPage1')).rejects.toThrow(
      /has no page pgNoSuchPage1\. Its pages: /,
    );
  });
});
