// Project reads on a real database: an organization's café and its team's project, a template made from a
// project, seen by the owner, a viewer and a stranger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Element, type TemplateSchema, walkElements } from '#folio/content';
import { asJson } from '#folio/db';
import { ForbiddenError, NotFoundError } from '#folio/errors';
import { type Actor, IdentityModule } from '#folio/identity';
import { TemplateCatalog, TemplatesModule } from '#folio/templates';
import { newCafeOrganization, newProject, startTestModule, type TestModule } from '#folio/testing';
import { ProjectAccess } from './project-access.service.js';
import { ProjectRepository } from './project.repository.js';
import { ProjectsModule } from './projects.module.js';

describe(ProjectRepository.name, () => {
  let app: TestModule;
  let projects: ProjectRepository;
  let access: ProjectAccess;
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let northwindKey: string;
  let atlasKey: string;
  /** A template of the organization's with a `hero` section type (its `title` field) and a pinned announcement. */
  let templateKey: string;

  beforeAll(async () => {
    app = await startTestModule([ProjectsModule, IdentityModule, TemplatesModule]);
    projects = app.get(ProjectRepository);
    access = app.get(ProjectAccess);
    const cafe = await newCafeOrganization(app);
    [owner, viewer, stranger] = [cafe.owner.actor, cafe.viewer.actor, cafe.stranger.actor];
    [northwindKey, atlasKey] = [cafe.northwind.projectKey, cafe.atlas.projectKey];
    const prototypes = await newProject(app, cafe.owner, {
      title: 'Café prototypes',
      accountKey: cafe.organization.key,
      pages: [{ sections: [{ title: 'Hero', type: 'hero' }, { title: 'Announcement' }] }],
    });
    const [{ sectionKeys, headingKeys }] = prototypes.pages;
    templateKey = (
      await app.get(TemplateCatalog).createFromProject(owner, {
        projectKey: prototypes.projectKey,
        title: 'Café',
        sectionTypes: [
          {
            sectionKey: sectionKeys[0],
            type: 'hero',
            fields: [{ name: 'title', kind: 'text', elementKey: headingKeys[0], target: 'text' }],
          },
        ],
        pinned: [
          {
            sectionKey: sectionKeys[1],
            id: 'announcement',
            placement: 'top',
            fields: [{ name: 'text', kind: 'text', elementKey: headingKeys[1], target: 'text' }],
          },
        ],
      })
    ).templateKey;
  });
  afterAll(() => app?.close());

  describe(`${ProjectAccess.name}.findAccessible`, () => {
    it('returns the project with what rendering needs for a member of its account', async () => {
      const project = await access.findAccessible(owner, northwindKey, 'edit');
      expect(project).toMatchObject({
        key: northwindKey,
        title: expect.stringMatching(/^Northwind/),
        teamId: null,
        preset: 'desktop',
        templateKey: null,
      });
      expect(project.theme.colors).toBeDefined();
      expect(project.breakpoints.map((b) => b.name)).toEqual(expect.arrayContaining(['desktop', 'mobile']));
    });

    it('gives a viewer view access and refuses edit with ForbiddenError', async () => {
      await expect(access.findAccessible(viewer, northwindKey, 'view')).resolves.toMatchObject({
        key: northwindKey,
      });
      await expect(access.findAccessible(viewer, northwindKey, 'edit')).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    });

    it('answers NotFoundError for another account and for unknown keys alike', async () => {
      await expect(access.findAccessible(stranger, northwindKey, 'view')).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(access.findAccessible(stranger, atlasKey, 'view')).rejects.toBeInstanceOf(NotFoundError);
      await expect(access.findAccessible(owner, 'prNoSuchKey1', 'view')).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('scopes a team workspace to its team (and the account owner)', async () => {
      const atlas = await access.findAccessible(owner, atlasKey, 'edit');
      expect(atlas.teamId).not.toBeNull();
      await expect(access.findAccessible(viewer, atlasKey, 'view')).resolves.toMatchObject({
        key: atlasKey,
      });
    });
  });

  describe('snapshot', () => {
    it('holds every page and section in order, with trees, styles and interactions', async () => {
      const { id } = await access.findAccessible(owner, northwindKey, 'view');
      const snapshot = await projects.snapshot(id);
      const rows = await app.prisma.page.findMany({
        where: { projectId: id },
        orderBy: { order: 'asc' },
        include: { sections: { orderBy: { order: 'asc' } } },
      });
      expect(snapshot.project).toMatchObject({ key: northwindKey, preset: 'desktop' });
      expect(snapshot.pages.map((p) => p.key)).toEqual(rows.map((p) => p.key));
      expect(snapshot.pages[0].sections.map((s) => s.key)).toEqual(rows[0].sections.map((s) => s.key));
      expect(snapshot.pages[0].sections[0].tree).toEqual(rows[0].sections[0].tree);
      expect(snapshot.pages.filter((p) => p.isHome)).toHaveLength(1);
      expect(snapshot.pinnedValues).toEqual({});
      expect(snapshot).not.toHaveProperty('templateFields');
      expect(snapshot).not.toHaveProperty('templatePinned');
    });

    it("adds the template's field bindings by section type, its pinned items, and pinned values", async () => {
      const template = await app.prisma.template.findUniqueOrThrow({ where: { key: templateKey } });
      const { id } = await access.findAccessible(owner, northwindKey, 'view');
      await app.prisma.project.update({ where: { id }, data: { templateId: template.id } });
      await app.prisma.pinnedValue.create({
        data: { projectId: id, pinnedId: 'announcement', value: { text: 'Hi' } },
      });
      try {
        const snapshot = await projects.snapshot(id);
        expect(Object.keys(snapshot.templateFields ?? {})).toContain('hero');
        expect(snapshot.templateFields!.hero.map((f) => f.name)).toContain('title');
        expect(snapshot.templatePinned).toEqual((template.schema as unknown as TemplateSchema).pinned);
        expect(snapshot.templatePinned!.map((p) => p.id)).toContain('announcement');
        expect(snapshot.pinnedValues).toEqual({ announcement: { text: 'Hi' } });
        expect((await access.findAccessible(owner, northwindKey, 'view')).templateKey).toBe(template.key);
      } finally {
        await app.prisma.project.update({ where: { id }, data: { templateId: null } });
        await app.prisma.pinnedValue.deleteMany({ where: { projectId: id } });
      }
    });
  });

  it('lists pages without their sections, and assets (all or by key)', async () => {
    const { id } = await access.findAccessible(owner, northwindKey, 'view');
    const pages = await projects.pages(id);
    expect(pages[0]).toEqual({
      key: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      path: '',
      isHome: true,
      status: expect.any(Number),
    });
    await app.prisma.asset.createMany({
      data: [
        {
          key: 'asPhoto00001',
          projectId: id,
          kind: 'image',
          url: 'https://img.example/1.jpg',
          width: 800,
          height: 600,
        },
        {
          key: 'asPhoto00002',
          projectId: id,
          kind: 'image',
          url: 'https://img.example/2.jpg',
          status: 'pending',
        },
      ],
    });
    expect((await projects.assets(id)).map((a) => [a.key, a.status])).toEqual([
      ['asPhoto00001', 'ready'],
      ['asPhoto00002', 'pending'],
    ]);
    expect(await projects.assets(id, ['asPhoto00002'])).toEqual([
      {
        key: 'asPhoto00002',
        kind: 'image',
        url: 'https://img.example/2.jpg',
        width: null,
        height: null,
        mime: null,
        svg: null,
        status: 'pending',
      },
    ]);
    expect(await projects.assets(id, [])).toEqual([]);
  });

  it('locates projects and their pages by key, for URL resolution', async () => {
    const { id } = await access.findAccessible(owner, northwindKey, 'view');
    const [home] = await projects.pages(id);
    const atlasHome = (await projects.pages((await access.findAccessible(owner, atlasKey, 'view')).id))[0];
    await expect(projects.locate(northwindKey)).resolves.toEqual({ pageFound: false });
    await expect(projects.locate(northwindKey, home.key)).resolves.toEqual({ pageFound: true });
    await expect(projects.locate(northwindKey, atlasHome.key)).resolves.toEqual({ pageFound: false });
    await expect(projects.locate('prNoSuchKey1')).resolves.toBeNull();
  });

  it('keeps snapshots plain JSON: a stored snapshot reads back equal', async () => {
    const { id } = await access.findAccessible(owner, northwindKey, 'view');
    const snapshot = await projects.snapshot(id);
    const stored = await app.prisma.projectVersion.create({
      data: { projectId: id, number: 99, reason: 'save', snapshot: asJson(snapshot) },
    });
    expect(stored.snapshot).toEqual(snapshot);
    const texts = [...walkElements(snapshot.pages[0].sections[0].tree as Element)].filter((e) => e.text);
    expect(texts.length).toBeGreaterThan(0);
    await app.prisma.projectVersion.delete({ where: { id: stored.id } });
  });
});
