import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Element, newPublicKey, walkElements } from '#folio/content';
import { asJson, type PrismaService } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { ProjectRepository } from '#folio/projects';
import { demoKeys, sampleProjects, seedDemo, starterLibrary } from '#folio/seed';
import { createMigratedTestDatabase, demoActors, type MigratedTestDatabase } from '#folio/testing';
import { SectionExportRepository } from './section-export.repository.js';
import {
  maxExportedSections,
  type SectionExportRequest,
  SectionExportService,
} from './section-export.service.js';

const [northwind, atlas] = sampleProjects;
const defaults: SectionExportRequest = {
  includeCss: true,
  includeInteractions: true,
  includeHtml: false,
  includeModels: false,
};
const sectionKeysOf = (pages: { sections: { sectionKey: string }[] }[]) =>
  pages.flatMap((page) => page.sections.map((section) => section.sectionKey));

describe(SectionExportService.name, () => {
  let db: MigratedTestDatabase;
  let service: SectionExportService;
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    await seedDemo(db.prisma, {
      dataDir: db.config.dataDir,
      publicBaseUrl: db.config.publicBaseUrl,
      demoPassword: 'export-test-password',
    });
    const prisma = db.prisma as unknown as PrismaService;
    service = new SectionExportService(
      db.config,
      new ProjectRepository(prisma),
      new SectionExportRepository(prisma),
    );
    ({ owner, viewer, stranger } = await demoActors(db.prisma));
  });
  afterAll(() => db.dispose());

  /**
   * A project in the demo studio with pages of these many sections (hero designs); every hero image uses
   * one ready project asset.
   */
  async function setup(sectionsPerPage: number[]) {
    const account = await db.prisma.account.findUniqueOrThrow({ where: { key: demoKeys.account } });
    const hero = starterLibrary.sections.find((s) => s.title === 'Hero — split with image')!;
    const assetKey = newPublicKey();
    const imageKey = [...walkElements(hero.tree)].find((e) => e.type === 'image')!.key;
    const withAsset = (element: Element): Element => ({
      ...element,
      ...(element.key === imageKey ? { asset: assetKey } : {}),
      ...(element.children ? { children: element.children.map(withAsset) } : {}),
    });
    const project = await db.prisma.project.create({
      data: {
        key: newPublicKey(),
        accountId: account.id,
        title: 'Long site',
        preset: northwind.preset,
        theme: asJson(northwind.theme),
        breakpoints: asJson(northwind.breakpoints),
        swatches: asJson(northwind.swatches),
        assets: {
          create: {
            key: assetKey,
            kind: 'image',
            url: 'https://cdn.example.com/hero.png',
            width: 1200,
            height: 800,
            status: 'ready',
          },
        },
        pages: {
          create: sectionsPerPage.map((count, order) => ({
            key: newPublicKey(),
            title: `Page ${order + 1}`,
            path: order === 0 ? '' : `page-${order + 1}`,
            isHome: order === 0,
            order,
            sections: {
              create: Array.from({ length: count }, (_, i) => ({
                key: newPublicKey(),
                order: i,
                title: `Section ${order + 1}.${i + 1}`,
                type: 'hero',
                tree: asJson(withAsset(hero.tree)),
                styles: hero.styles,
              })),
            },
          })),
        },
      },
      include: { pages: { orderBy: { order: 'asc' }, include: { sections: { orderBy: { order: 'asc' } } } } },
    });
    return { project, assetKey, imageKey };
  }

  it('exports every page and section of the project in order, with its theme, breakpoints and swatches', async () => {
    const exported = await service.export(viewer, northwind.key, defaults);

    expect(exported).toMatchObject({
      projectKey: northwind.key,
      versionNumber: 1,
      theme: northwind.theme,
      breakpoints: northwind.breakpoints,
      swatches: northwind.swatches,
    });
    expect(exported.truncated).toBeUndefined();
    expect(exported.pages.map(({ pageKey, title, path }) => ({ pageKey, title, path }))).toEqual(
      northwind.pages.map((page) => ({ pageKey: page.key, title: page.title, path: page.path })),
    );
    expect(sectionKeysOf(exported.pages)).toEqual(
      northwind.pages.flatMap((page) => page.sections.map((s) => s.key)),
    );
    const designs = new Map(northwind.pages.flatMap((page) => page.sections).map((s) => [s.key, s]));
    for (const section of exported.pages.flatMap((page) => page.sections)) {
      const design = designs.get(section.sectionKey)!;
      expect(section).toMatchObject({ title: design.title, screenshotUrl: null, elementTree: design.tree });
      expect(section.css!.map((css) => css.breakpoint)).toEqual(['desktop', 'tablet', 'mobile']);
      expect(section.interactions).toEqual(design.interactions ?? []);
      expect(section).not.toHaveProperty('html');
      expect(section).not.toHaveProperty('models');
    }
  });

  it('exports the current draft, and says no version was saved for a project never saved', async () => {
    const section = atlas.pages[0].sections[0];
    await db.prisma.section.update({ where: { key: section.key }, data: { title: 'Edited hero' } });

    const exported = await service.export(owner, atlas.key, defaults);

    expect(exported.versionNumber).toBeNull();
    expect(exported.pages[0].sections[0]).toMatchObject({ sectionKey: section.key, title: 'Edited hero' });
  });

  it('adds HTML and raw content models when asked, and leaves out CSS and interactions when not', async () => {
    const [first, second] = northwind.pages[0].sections;
    const model = { headline: 'Roasted to order' };
    await db.prisma.section.update({ where: { key: first.key }, data: { model } });

    const exported = await service.export(owner, northwind.key, {
      pageKey: northwind.pages[0].key,
      includeCss: false,
      includeInteractions: false,
      includeHtml: true,
      includeModels: true,
    });

    const [withModel, withoutModel] = exported.pages[0].sections;
    expect(withModel.models).toEqual(model);
    expect(withoutModel.models).toBeNull();
    expect(withModel.html).toContain(`id="${first.tree.key}"`);
    expect(withoutModel.html).toContain(`id="${second.tree.key}"`);
    expect(withModel).not.toHaveProperty('css');
    expect(withModel).not.toHaveProperty('interactions');
  });

  it('renders with the project’s assets: a ready asset’s URL and size replace the element’s own', async () => {
    const { project, imageKey } = await setup([1]);
    const exported = await service.export(owner, project.key, { ...defaults, includeHtml: true });

    const [section] = exported.pages[0].sections;
    expect(section.assets.find((asset) => asset.elementKey === imageKey)).toMatchObject({
      kind: 'image',
      url: 'https://cdn.example.com/hero.png',
      width: 1200,
      height: 800,
    });
    expect(section.html).toContain('https://cdn.example.com/hero.png');
    // The element's own src (an inline SVG placeholder) gives way to the asset.
    expect([...walkElements(section.elementTree)].find((e) => e.key === imageKey)!.src).toMatch(
      /^data:image/,
    );
    expect(section.html).not.toContain('data:image/svg+xml');
  });

  it('narrows to one page, and names the project’s pages when the page key is unknown', async () => {
    const page = northwind.pages[2];
    const exported = await service.export(viewer, northwind.key, { ...defaults, pageKey: page.key });
    expect(exported.pages.map((p) => p.pageKey)).toEqual([page.key]);
    expect(sectionKeysOf(exported.pages)).toEqual(page.sections.map((s) => s.key));

    const unknown = service.export(viewer, northwind.key, { ...defaults, pageKey: 'pgNoSuchPage' });
    await expect(unknown).rejects.toBeInstanceOf(NotFoundError);
    const message = await unknown.catch((error: Error) => error.message);
    expect(message).toContain('pgNoSuchPage');
    for (const p of northwind.pages) expect(message).toContain(p.key);
  });

  it('narrows to sections in page order, leaving out pages without any, and lists the keys it cannot find', async () => {
    const wanted = [northwind.pages[3].sections[1].key, northwind.pages[0].sections[2].key];
    const exported = await service.export(viewer, northwind.key, { ...defaults, sectionKeys: wanted });
    expect(exported.pages.map((p) => p.pageKey)).toEqual([northwind.pages[0].key, northwind.pages[3].key]);
    expect(sectionKeysOf(exported.pages)).toEqual([...wanted].reverse());

    const missing = service.export(viewer, northwind.key, {
      ...defaults,
      sectionKeys: [wanted[0], 'seNoSuchOne1', 'seNoSuchTwo2'],
    });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    const message = await missing.catch((error: Error) => error.message);
    expect(message).toContain('seNoSuchOne1, seNoSuchTwo2');
    expect(message).not.toContain(wanted[0]);

    // A section of another page is not on the page asked for.
    await expect(
      service.export(viewer, northwind.key, {
        ...defaults,
        pageKey: northwind.pages[0].key,
        sectionKeys: [wanted[0]],
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it(`returns the first ${maxExportedSections} sections in page order and says how to narrow the call`, async () => {
    const { project } = await setup([20, 25, 5]);
    const [first, second, third] = project.pages;

    const exported = await service.export(owner, project.key, { ...defaults, includeCss: false });

    expect(exported.pages.map((page) => page.pageKey)).toEqual([first.key, second.key]);
    expect(sectionKeysOf(exported.pages)).toEqual([
      ...first.sections.map((s) => s.key),
      ...second.sections.slice(0, 20).map((s) => s.key),
    ]);
    expect(exported.truncated).toMatchObject({ totalSections: 50, returned: maxExportedSections });
    const { hint } = exported.truncated!;
    expect(hint).toContain('pageKey');
    expect(hint).toContain('sectionKeys');
    for (const [page, count] of [
      [first, 20],
      [second, 25],
      [third, 5],
    ] as const) {
      expect(hint).toContain(`${page.key} ("${page.title}"): ${count}`);
    }
    for (const section of [...second.sections.slice(20), ...third.sections])
      expect(hint).toContain(section.key);

    // Following the hint: one page at a time fits.
    const narrowed = await service.export(owner, project.key, { ...defaults, pageKey: second.key });
    expect(narrowed.truncated).toBeUndefined();
    expect(sectionKeysOf(narrowed.pages)).toHaveLength(25);
  });

  it('answers NotFoundError alike for a project the actor cannot see and one that does not exist', async () => {
    const hidden = service.export(stranger, northwind.key, defaults);
    const missing = service.export(stranger, 'prNoSuchKey1', defaults);
    await expect(hidden).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    const text = async (p: Promise<unknown>, key: string) =>
      p.catch((error: Error) => error.message.replace(key, '<key>'));
    expect(await text(hidden, northwind.key)).toBe(await text(missing, 'prNoSuchKey1'));
  });
});
