import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Element, newPublicKey, walkElements } from '#folio/content';
import { InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, IdentityModule } from '#folio/identity';
import { draftAuthor, ProjectWriter } from '#folio/projects';
import {
  type ExportedElement,
  iconSvg,
  type RenderContext,
  renderSectionHtml,
  sectionCss,
  withServedFonts,
} from '#folio/render';
import { demoKeys, sampleProjects, seedDemo, starterLibrary } from '#folio/seed';
import { answerTextBytes } from './answer-budget.js';
import { demoActors, editFirstSection, startTestModule, type TestModule } from '#folio/testing';
import { ExportsModule } from './exports.module.js';
import {
  type ExportedProjectSection,
  maxExportedSections,
  type OutlinedSection,
  type SectionExport,
  type SectionExportRequest,
  SectionExportService,
  type SectionReference,
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
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const fullSections = (answer: SectionExport) =>
  answer.pages.flatMap((page) => page.sections) as (ExportedProjectSection & SectionReference)[];

describe(SectionExportService.name, () => {
  let app: TestModule;
  let service: SectionExportService;
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;

  beforeAll(async () => {
    app = await startTestModule([ExportsModule, IdentityModule]);
    await seedDemo(app.prisma, {
      dataDir: app.db.config.dataDir,
      publicBaseUrl: app.db.config.publicBaseUrl,
      demoPassword: 'export-test-password',
    });
    service = app.get(SectionExportService);
    ({ owner, viewer, stranger } = await demoActors(app));
  });
  afterAll(() => app?.close());

  const projectId = async (key: string) =>
    (await app.prisma.project.findUniqueOrThrow({ where: { key } })).id;

  /** The answer to one call (its images dropped). */
  const exportOnce = async (actor: Actor, projectKey: string, request: SectionExportRequest) =>
    (await service.export(actor, projectKey, request)).answer;

  /** Every part of an export, following each answer's `truncated.next` as an agent would. */
  async function walk(actor: Actor, projectKey: string, request: SectionExportRequest) {
    const parts: SectionExport[] = [];
    let args: Record<string, unknown> | undefined = { projectKey, ...request };
    while (args && parts.length < 50) {
      const { projectKey: key, ...next } = args as unknown as { projectKey: string } & SectionExportRequest;
      const part = await exportOnce(actor, key, next);
      parts.push(part);
      args = part.truncated?.next;
    }
    return parts;
  }

  /**
   * A project in the demo studio with pages of these many sections (hero designs by default); every hero
   * image uses one ready project asset.
   */
  async function setup(sectionsPerPage: number[], design: SectionDesign = heroDesign) {
    const account = await app.prisma.account.findUniqueOrThrow({ where: { key: demoKeys.account } });
    const hero = design;
    const assetKey = newPublicKey();
    const imageKey = [...walkElements(hero.tree)].find((e) => e.type === 'image')?.key;
    const withAsset = (element: Element): Element => ({
      ...element,
      ...(element.key === imageKey ? { asset: assetKey } : {}),
      ...(element.children ? { children: element.children.map(withAsset) } : {}),
    });
    const { projectId } = await app.prisma.$transaction((tx) =>
      new ProjectWriter().insertProject(
        tx,
        {
          accountId: account.id,
          workspaceId: null,
          createdById: owner.userId,
          title: 'Long site',
          preset: northwind.preset,
          theme: northwind.theme,
          breakpoints: northwind.breakpoints,
          swatches: northwind.swatches,
        },
        sectionsPerPage.map((count, order) => ({
          key: newPublicKey(),
          title: `Page ${order + 1}`,
          path: order === 0 ? '' : `page-${order + 1}`,
          isHome: order === 0,
          order,
          sections: Array.from({ length: count }, (_, i) => ({
            key: newPublicKey(),
            title: `Section ${order + 1}.${i + 1}`,
            type: 'hero',
            tree: withAsset(hero.tree),
            styles: hero.styles,
            interactions: [],
          })),
        })),
      ),
    );
    await app.prisma.asset.create({
      data: {
        key: assetKey,
        projectId,
        kind: 'image',
        url: 'https://cdn.example.com/hero.png',
        width: 1200,
        height: 800,
        status: 'ready',
      },
    });
    const project = await app.prisma.project.findUniqueOrThrow({
      where: { id: projectId },
      include: { pages: { orderBy: { order: 'asc' }, include: { sections: { orderBy: { order: 'asc' } } } } },
    });
    return { project, assetKey, imageKey };
  }

  it('exports every page and section once over its parts, each within the budget, repeats by reference', async () => {
    const parts = await walk(viewer, northwind.key, defaults);

    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(bytesOf(part)).toBeLessThanOrEqual(answerTextBytes);
      expect(part).toMatchObject({
        projectKey: northwind.key,
        versionNumber: 1,
        theme: withServedFonts(northwind.theme, app.db.config.publicBaseUrl),
        breakpoints: northwind.breakpoints,
        swatches: northwind.swatches,
      });
    }
    expect(parts[parts.length - 1].truncated).toBeUndefined();
    const sections = parts.flatMap(fullSections);
    expect(sections.map((s) => s.sectionKey)).toEqual(
      northwind.pages.flatMap((page) => page.sections.map((s) => s.key)),
    );
    expect([...new Set(parts.flatMap((p) => p.pages.map((page) => page.pageKey)))]).toEqual(
      northwind.pages.map((page) => page.key),
    );

    // The navbar and footer of every page after the first refer to the home page's.
    const designs = new Map(northwind.pages.flatMap((page) => page.sections).map((s) => [s.key, s]));
    const [homeNavbar, homeFooter] = [northwind.pages[0].sections[0], northwind.pages[0].sections.at(-1)!];
    for (const page of northwind.pages.slice(1)) {
      const [navbar, footer] = [page.sections[0], page.sections.at(-1)!];
      const references = sections.filter((s) => s.sectionKey === navbar.key || s.sectionKey === footer.key);
      expect(references.map((s) => s.sameAs)).toEqual([homeNavbar.key, homeFooter.key]);
    }
    const ctx: RenderContext = {
      preset: northwind.preset,
      theme: northwind.theme,
      breakpoints: northwind.breakpoints,
    };
    const byKey = new Map(sections.map((s) => [s.sectionKey, s]));
    for (const section of sections) {
      const design = designs.get(section.sectionKey)!;
      expect(section.title).toBe(design.title);
      if (section.sameAs) {
        // A reference rebuilds as its original with this section's element keys.
        const original = byKey.get(section.sameAs)!;
        const tree = rekeyed(expand(original.elementTree, original.assets), section.elementKeys);
        expect(tree).toEqual(design.tree);
        continue;
      }
      expect(expand(section.elementTree, section.assets)).toEqual(design.tree);
      const rebuilt = {
        ...design,
        type: design.role,
        interactions: [],
        tree: expand(section.elementTree, section.assets),
      };
      expect(renderSectionHtml(rebuilt, ctx)).toBe(
        renderSectionHtml({ ...design, type: design.role, interactions: [] }, ctx),
      );
      expect(section.css!.map((css) => css.breakpoint)).toEqual(['desktop', 'tablet', 'mobile']);
      expect(section.interactions!.length).toBe((design.interactions ?? []).length);
      expect(section).not.toHaveProperty('html');
      expect(section).not.toHaveProperty('models');
    }
  });

  it('shrinks the default export by at least 40 % against one entry per section in full', async () => {
    const parts = await walk(viewer, northwind.key, defaults);
    const { pages: _pages, truncated: _truncated, icons, ...envelope } = parts[0];
    const paths = Object.assign({}, ...parts.map((part) => part.icons!.paths)) as Record<string, string>;
    const compact =
      bytesOf(envelope) +
      bytesOf({ ...icons, paths }) +
      bytesOf(parts.flatMap((part) => part.pages.flatMap((p) => p.sections)));
    // As it was exported before: every section in full, trees as stored, media URLs in the tree and in
    // assets, icons' SVG in each asset, one CSS rule per element, null fields written out.
    const ctx: RenderContext = {
      preset: northwind.preset,
      theme: northwind.theme,
      breakpoints: northwind.breakpoints,
    };
    const sections = parts.flatMap(fullSections);
    const originals = new Map(sections.filter((s) => !s.sameAs).map((s) => [s.sectionKey, s]));
    const before = northwind.pages.map((page) => ({
      pageKey: page.key,
      title: page.title,
      path: page.path,
      sections: page.sections.map((design) => {
        const exported = sections.find((s) => s.sectionKey === design.key)!;
        const assets = (originals.get(exported.sameAs ?? design.key)!.assets ?? []).map((asset) => ({
          kind: asset.kind,
          url: asset.url ?? null,
          width: asset.width ?? (asset.icon ? 24 : null),
          height: asset.height ?? (asset.icon ? 24 : null),
          elementKey: asset.elementKey,
          svg: asset.icon ? iconSvg(asset.icon) : asset.svg,
          family: asset.family,
        }));
        const section = { ...design, type: design.role, interactions: design.interactions ?? [] };
        return {
          sectionKey: design.key,
          title: design.title,
          screenshotUrl: null,
          elementTree: design.tree,
          css: sectionCss(section, ctx),
          assets,
          interactions: design.interactions ?? [],
        };
      }),
    }));
    const { themeCss: _added, ...envelopeBefore } = envelope;
    expect(compact).toBeLessThanOrEqual(0.6 * bytesOf({ ...envelopeBefore, pages: before }));
  });

  it('exports the current draft, and says no version was saved for a project never saved', async () => {
    const section = atlas.pages[0].sections[0];
    await editFirstSection(app.prisma, await projectId(atlas.key), (draft) => {
      draft.title = 'Edited hero';
    });

    const exported = await exportOnce(owner, atlas.key, defaults);

    expect(exported.versionNumber).toBeNull();
    expect(exported.pages[0].sections[0]).toMatchObject({ sectionKey: section.key, title: 'Edited hero' });
  });

  it('adds HTML and raw content models when asked, and leaves out CSS and interactions when not', async () => {
    const [first, second] = northwind.pages[0].sections;
    const model = { headline: 'Roasted to order' };
    await editFirstSection(app.prisma, await projectId(northwind.key), (draft) => {
      draft.model = model;
    });

    const exported = await exportOnce(owner, northwind.key, {
      pageKey: northwind.pages[0].key,
      includeCss: false,
      includeInteractions: false,
      includeHtml: true,
      includeModels: true,
    });

    const [withModel, withoutModel] = fullSections(exported);
    expect(withModel.models).toEqual(model);
    expect(withoutModel.models).toBeNull();
    expect(withModel.html).toContain(`id="${first.tree.key}"`);
    expect(withoutModel.html).toContain(`id="${second.tree.key}"`);
    expect(withModel).not.toHaveProperty('css');
    expect(withModel).not.toHaveProperty('interactions');
  });

  it('renders with the project’s assets: a ready asset’s URL and size replace the element’s own', async () => {
    const { project, imageKey } = await setup([1]);
    const exported = await exportOnce(owner, project.key, { ...defaults, includeHtml: true });

    const [section] = fullSections(exported);
    expect(section.assets.find((asset) => asset.elementKey === imageKey)).toMatchObject({
      kind: 'image',
      url: 'https://cdn.example.com/hero.png',
      width: 1200,
      height: 800,
    });
    expect(section.html).toContain('https://cdn.example.com/hero.png');
    // The element's own src (an inline SVG placeholder) gives way to the asset, whose URL says it once.
    expect(findElement(section.elementTree, imageKey!)).not.toHaveProperty('src');
    expect(section.html).not.toContain('data:image/svg+xml');
  });

  it('narrows to one page, and names the project’s pages when the page key is unknown', async () => {
    const page = northwind.pages[2];
    const exported = await exportOnce(viewer, northwind.key, {
      ...defaults,
      pageKey: page.key,
      detail: 'outline',
    });
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
    const exported = await exportOnce(viewer, northwind.key, { ...defaults, sectionKeys: wanted });
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

  it(`returns at most ${maxExportedSections} sections, says which are left, and continues where it stopped`, async () => {
    const { project } = await setup([20, 25, 5], tinyDesign);
    const [first, second, third] = project.pages;

    const exported = await exportOnce(owner, project.key, defaults);

    expect(exported.pages.map((page) => page.pageKey)).toEqual([first.key, second.key]);
    const returned = [...first.sections, ...second.sections.slice(0, 20)].map((s) => s.key);
    expect(sectionKeysOf(exported.pages)).toEqual(returned);
    const { truncated } = exported;
    expect(truncated).toMatchObject({ totalSections: 50, returned: maxExportedSections });
    expect(truncated!.notReturned).toEqual([
      { pageKey: second.key, sectionKeys: second.sections.slice(20).map((s) => s.key) },
      { pageKey: third.key, sectionKeys: third.sections.map((s) => s.key) },
    ]);
    expect(truncated!.next).toMatchObject({
      projectKey: project.key,
      ...defaults,
      cursor: expect.any(String),
    });

    const parts = await walk(owner, project.key, defaults);
    expect(parts.map((part) => sectionKeysOf(part.pages).length)).toEqual([40, 10]);
    expect(parts.flatMap((part) => sectionKeysOf(part.pages))).toEqual(
      project.pages.flatMap((page) => page.sections.map((s) => s.key)),
    );
  });

  it('refuses a cursor made for another selection or another state of the project', async () => {
    const { project } = await setup([30, 20], tinyDesign);
    const { next } = (await exportOnce(owner, project.key, defaults)).truncated!;
    const cursor = next.cursor as string;

    const otherPage = exportOnce(owner, project.key, { ...defaults, pageKey: project.pages[1].key, cursor });
    await expect(otherPage).rejects.toBeInstanceOf(InvalidInputError);
    await expect(
      exportOnce(owner, project.key, { ...defaults, cursor: 'not-a-cursor' }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    await app.prisma.$transaction(async (tx) => {
      await tx.section.delete({ where: { key: project.pages[1].sections[0].key } });
      await new ProjectWriter().newRevision(tx, project.id, {
        author: draftAuthor(owner),
        summary: 'deleted 1 section',
      });
    });
    const stale = exportOnce(owner, project.key, { ...defaults, cursor });
    await expect(stale).rejects.toThrow(/call again without cursor/);
  });

  it('outlines Northwind in under 8 KB: every section with its type, digest and the size of its full export', async () => {
    const outline = await exportOnce(viewer, northwind.key, { ...defaults, detail: 'outline' });

    expect(bytesOf(outline)).toBeLessThan(8_000);
    expect(outline.truncated).toBeUndefined();
    expect(outline).not.toHaveProperty('theme');
    const entries = outline.pages.flatMap((page) => page.sections) as OutlinedSection[];
    expect(entries.map((e) => e.sectionKey)).toEqual(
      northwind.pages.flatMap((p) => p.sections.map((s) => s.key)),
    );
    const hero = entries.find((e) => e.sectionKey === northwind.pages[0].sections[1].key)!;
    expect(hero).toMatchObject({ type: 'hero', screenshotUrl: null });
    expect(hero.digest).toContain('Coffee roasted');
    expect(hero.digest!.length).toBeLessThanOrEqual(56);
    expect(hero.digest).toMatch(/^Coffee roasted this week/);
    expect(entries.filter((e) => e.sameAs)).toHaveLength((northwind.pages.length - 1) * 2);

    const full = (await walk(viewer, northwind.key, defaults)).flatMap(fullSections);
    for (const entry of entries) {
      expect(entry.bytes).toBe(bytesOf(full.find((s) => s.sectionKey === entry.sectionKey)));
    }
  });

  it('lists a page without sections once over a walk, where it falls in page order', async () => {
    const { project } = await setup([30, 0, 30, 0], tinyDesign);
    const parts = await walk(owner, project.key, defaults);
    expect(parts.flatMap((part) => part.pages.map((page) => page.pageKey))).toEqual(
      [0, 1, 2, 2, 3].map((index) => project.pages[index].key),
    );
  });

  it('returns a section too large for any answer without its content, saying what was left out', async () => {
    const huge: SectionDesign = {
      ...tinyDesign,
      tree: {
        key: 'hugeRoot01',
        type: 'frame',
        children: [1, 2].map((n) => ({
          key: `hugeText0${n}`,
          type: 'text' as const,
          text: 'word '.repeat(18_000),
        })),
      },
    };
    const { project } = await setup([1], huge);
    const { pages } = await exportOnce(owner, project.key, defaults);
    expect(pages[0].sections[0]).toEqual({
      sectionKey: project.pages[0].sections[0].key,
      title: 'Section 1.1',
      type: 'hero',
      screenshotUrl: null,
      omitted: ['elementTree', 'css', 'assets', 'interactions', 'html', 'models'],
    });
  });

  it('writes every URL absolute: our own assets under PUBLIC_BASE_URL', async () => {
    const { project, imageKey, assetKey } = await setup([1]);
    const path = `/assets/${'a'.repeat(64)}.png`;
    await app.prisma.asset.update({ where: { key: assetKey }, data: { url: path } });
    const [section] = fullSections(await exportOnce(owner, project.key, { ...defaults, includeHtml: true }));
    const url = `${app.db.config.publicBaseUrl}${path}`;
    expect(section.assets.find((asset) => asset.elementKey === imageKey)!.url).toBe(url);
    expect(section.html).toContain(`src="${url}"`);
    // Theme fonts are served by Folio: Fraunces headings and Inter text for Northwind's theme.
    const font = (family: string, file: string) => ({
      kind: 'font',
      family,
      url: `${app.db.config.publicBaseUrl}/fonts/${file}`,
    });
    expect(section.assets.filter((asset) => asset.kind === 'font')).toEqual([
      font('Fraunces', 'fraunces-latin-wght-normal.woff2'),
      font('Inter', 'inter-latin-wght-normal.woff2'),
    ]);
  });

  it('keeps an answer for its revision only: the read after a write shows the new content', async () => {
    const outline = { ...defaults, detail: 'outline' as const };
    const before = await exportOnce(owner, atlas.key, outline);
    expect(await exportOnce(owner, atlas.key, outline)).toBe(before); // kept: the same answer again
    await expect(exportOnce(stranger, atlas.key, outline)).rejects.toBeInstanceOf(NotFoundError);

    const restore = await editFirstSection(app.prisma, await projectId(atlas.key), (draft) => {
      draft.title = 'Written after the read';
    });
    const after = await exportOnce(owner, atlas.key, outline);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.pages[0].sections[0].title).toBe('Written after the read');

    await restore();
    const restored = await exportOnce(owner, atlas.key, outline);
    expect(restored.revision).toBe(before.revision + 2);
    expect(restored.pages[0].sections[0].title).toBe(before.pages[0].sections[0].title);
  });

  it('answers NotFoundError alike for a project the actor cannot see and one that does not exist', async () => {
    // One at a time: a second refusal must not land before the first is awaited (unhandled until then).
    const hidden = exportOnce(stranger, northwind.key, defaults);
    await expect(hidden).rejects.toBeInstanceOf(NotFoundError);
    const missing = exportOnce(stranger, 'prNoSuchKey1', defaults);
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    const text = async (p: Promise<unknown>, key: string) =>
      p.catch((error: Error) => error.message.replace(key, '<key>'));
    expect(await text(hidden, northwind.key)).toBe(await text(missing, 'prNoSuchKey1'));
  });
});

/** A one-element section: small enough that the section cap, not the byte budget, ends an answer. */
type SectionDesign = (typeof starterLibrary.sections)[number];

const heroDesign = starterLibrary.sections.find((s) => s.title === 'Hero — split with image')!;

const tinyDesign = {
  title: 'Tiny',
  role: 'hero',
  tree: { key: 'tinyRoot01', type: 'text' as const, text: 'Hi' },
  styles: {},
} as unknown as SectionDesign;

/** The stored tree back from an exported one: implied types, and media URLs from the assets. */
function expand(element: ExportedElement, assets: { elementKey?: string; url?: string }[]): Element {
  const urls = new Map(assets.filter((a) => a.url).map((a) => [a.elementKey, a.url!]));
  const restore = (e: ExportedElement): Element => {
    const { children, type, ...rest } = e;
    const full: Element = { ...rest, type: type ?? (e.text === undefined ? 'frame' : 'text') };
    if (full.src === undefined && urls.has(e.key)) full.src = urls.get(e.key);
    if (children) full.children = children.map(restore);
    return full;
  };
  return restore(element);
}

/** The tree with its element keys replaced, in depth-first order, by `keys`. */
function rekeyed(tree: Element, keys: string[]): Element {
  const copy = structuredClone(tree);
  [...walkElements(copy)].forEach((element, index) => (element.key = keys[index]));
  return copy;
}

function findElement(tree: ExportedElement, key: string): ExportedElement | undefined {
  if (tree.key === key) return tree;
  for (const child of tree.children ?? []) {
    const found = findElement(child, key);
    if (found) return found;
  }
  return undefined;
}
