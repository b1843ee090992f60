// Publishing, publish state and the resolvers on a real database: an organization's two-page café, published
// at northwind-coffee, and its team's project, seen by the owner, a viewer and a stranger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { walkElements } from '#folio/content';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { IdentityModule } from '#folio/identity';
import {
  editFirstSection,
  editFirstText,
  firstText,
  newCafeOrganization,
  startTestModule,
  type TestModule,
  type TestProject,
  type TestUser,
} from '#folio/testing';
import { DraftChangedError, VersionService } from '#folio/versions';
import { EmbedCodeService } from './embed-code.service.js';
import { EmbedResolver } from './embed-resolver.service.js';
import { PublishService } from './publish.service.js';
import { PublishingModule } from './publishing.module.js';
import { SiteResolver } from './site-resolver.service.js';

const base = 'http://folio.test';

describe('publishing', () => {
  let app: TestModule;
  let versions: VersionService;
  let publishing: PublishService;
  let sites: SiteResolver;
  let embeds: EmbedResolver;
  let embedCode: EmbedCodeService;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let northwind: TestProject;
  let atlas: TestProject;

  beforeAll(async () => {
    app = await startTestModule([PublishingModule, IdentityModule], { PUBLIC_BASE_URL: base });
    versions = app.get(VersionService);
    publishing = app.get(PublishService);
    sites = app.get(SiteResolver);
    embeds = app.get(EmbedResolver);
    embedCode = app.get(EmbedCodeService);

    ({ owner, viewer, stranger, northwind, atlas } = await newCafeOrganization(app));
    await publishing.publish(owner.actor, northwind.projectKey, {
      destination: 'site',
      slug: 'northwind-coffee',
    });
  });
  afterAll(() => app?.close());

  describe(PublishService.name, () => {
    it('publishes a site: it resolves by slug and path, and publish state shows it', async () => {
      const result = await publishing.publish(owner.actor, northwind.projectKey, {
        destination: 'site',
        slug: 'northwind-spring',
      });
      expect(result).toMatchObject({
        projectKey: northwind.projectKey,
        destination: 'site',
        published: true,
        slug: 'northwind-spring',
        url: `${base}/sites/northwind-spring/`,
      });
      const latest = (await versions.list(owner.actor, northwind.projectKey))[0];
      expect(latest).toMatchObject({ number: result.version, reason: 'publish' });

      const home = await sites.resolve('northwind-spring', '');
      expect(home?.page.isHome).toBe(true);
      expect(home).toMatchObject({
        projectKey: northwind.projectKey,
        version: result.version,
        publishedAt: result.publishedAt,
      });
      const other = home!.snapshot.pages.find((p) => !p.isHome)!;
      await expect(sites.resolve('northwind-spring', `/${other.path}/`)).resolves.toMatchObject({
        page: { key: other.key },
      });
      await expect(sites.resolve('NORTHWIND-SPRING', other.path)).resolves.toMatchObject({
        page: { key: other.key },
      });
      await expect(sites.resolve('northwind-spring', 'no/such/page')).resolves.toBeNull();
      await expect(sites.resolve('northwind-coffee', '')).resolves.toBeNull(); // the old slug moved with the row
      await expect(sites.resolve('nobody', '')).resolves.toBeNull();

      const state = (await publishing.publishState([northwind.projectId, atlas.projectId])).get(
        northwind.projectId,
      )!;
      expect(state.published).toBe(true);
      expect(state.destinations).toContainEqual({
        kind: 'site',
        url: `${base}/sites/northwind-spring/`,
        publishedAt: result.publishedAt,
      });
      expect(state.slug).toBe('northwind-spring');
    });

    it('republishes a saved version, keeping the slug; an unknown version is NotFoundError', async () => {
      const { number } = await versions.save(owner.actor, northwind.projectKey);
      const result = await publishing.publish(owner.actor, northwind.projectKey, {
        destination: 'site',
        versionNumber: number,
      });
      expect(result).toMatchObject({ version: number, slug: 'northwind-spring' });
      expect((await sites.resolve('northwind-spring', ''))?.version).toBe(number);
      expect((await versions.list(owner.actor, northwind.projectKey))[0].number).toBe(number); // no new version
      await expect(
        publishing.publish(owner.actor, northwind.projectKey, {
          destination: 'site',
          versionNumber: 9_999,
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('reads `hosting`, the former name of the site destination, as the site (kept for one release)', async () => {
      const result = await publishing.publish(owner.actor, northwind.projectKey, {
        destination: 'hosting' as 'site',
      });
      expect(result).toMatchObject({
        destination: 'site',
        published: true,
        slug: 'northwind-spring',
        url: `${base}/sites/northwind-spring/`,
      });
    });

    it('makes a slug from the title when none is given, and refuses one that another site holds', async () => {
      const result = await publishing.publish(owner.actor, atlas.projectKey, { destination: 'site' });
      expect(result.slug).toMatch(/^atlas-analytics/);
      await expect(
        publishing.publish(owner.actor, atlas.projectKey, {
          destination: 'site',
          slug: 'northwind-spring',
        }),
      ).rejects.toBeInstanceOf(ConflictError);
      await expect(
        publishing.publish(owner.actor, atlas.projectKey, { destination: 'site', slug: 'Not A Slug!' }),
      ).rejects.toMatchObject({ problems: [{ path: 'slug' }] });
      await app.prisma.publication.deleteMany({ where: { projectId: atlas.projectId } });
    });

    it('suggests the title slug in publish state, which a publish without a slug takes while it is free', async () => {
      const slugOf = async () =>
        (await publishing.publishState([atlas.projectId])).get(atlas.projectId)!.slug;
      expect(await slugOf()).toBe('atlas-analytics');
      // A title whose slug another project's site has: the publish makes the address its own with its key.
      await app.prisma.project.update({
        where: { id: atlas.projectId },
        data: { title: 'Northwind Spring' },
      });
      try {
        expect(await slugOf()).toBe('northwind-spring');
        const result = await publishing.publish(owner.actor, atlas.projectKey, { destination: 'site' });
        expect(result.slug).toBe(`northwind-spring-${atlas.projectKey.toLowerCase()}`);
        expect(await slugOf()).toBe(result.slug);
      } finally {
        await app.prisma.publication.deleteMany({ where: { projectId: atlas.projectId } });
        await app.prisma.project.update({
          where: { id: atlas.projectId },
          data: { title: 'Atlas Analytics' },
        });
      }
    });

    it('publishes to embed: the index script URL in the result and in publish state', async () => {
      const result = await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
      const home = await app.prisma.page.findFirstOrThrow({
        where: { projectId: northwind.projectId, isHome: true },
      });
      expect(result.url).toBe(`${base}/embed/${northwind.projectKey}/${home.key}.js`);
      const state = (await publishing.publishState([northwind.projectId])).get(northwind.projectId)!;
      expect(state.destinations.map((d) => d.kind)).toEqual(['site', 'embed']);
      expect(state.destinations[1]).toEqual({
        kind: 'embed',
        url: result.url,
        publishedAt: result.publishedAt,
      });
    });

    it('links an embed published before its config kept the index page to the home page of its version', async () => {
      const { url } = await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
      // As rows written before Publication.config held indexPageKey are.
      await app.prisma.publication.updateMany({
        where: { projectId: northwind.projectId, kind: 'embed' },
        data: { config: {} },
      });
      const state = (await publishing.publishState([northwind.projectId])).get(northwind.projectId)!;
      expect(state.destinations.find((d) => d.kind === 'embed')?.url).toBe(url);
    });

    it('reports an unpublished project as such', async () => {
      const unpublished = await publishing.publishState([atlas.projectId]);
      expect(unpublished.get(atlas.projectId)).toEqual({
        published: false,
        destinations: [],
        slug: 'atlas-analytics',
      });
      expect((await publishing.publishState([])).size).toBe(0);
    });

    it('checks the request: webhook settings are required the first time', async () => {
      await expect(
        publishing.publish(owner.actor, northwind.projectKey, { destination: 'webhook' }),
      ).rejects.toMatchObject({
        problems: [{ path: 'webhookUrl' }, { path: 'webhookSecret' }],
      });
      await expect(
        publishing.publish(owner.actor, northwind.projectKey, { destination: 'ftp' as 'site' }),
      ).rejects.toBeInstanceOf(InvalidInputError);
    });

    it('needs edit access to publish', async () => {
      await expect(
        publishing.publish(viewer.actor, northwind.projectKey, { destination: 'site' }),
      ).rejects.toBeInstanceOf(ForbiddenError);
    });

    it('publishes the draft only at the revision a person reviewed: one written since is refused, nothing published', async () => {
      const { revision } = await app.prisma.project.findUniqueOrThrow({
        where: { id: atlas.projectId },
        select: { revision: true },
      });
      const stateBefore = await publishing.publishState([atlas.projectId]);
      const versionsBefore = await app.prisma.projectVersion.count({ where: { projectId: atlas.projectId } });
      await expect(
        publishing.publish(owner.actor, atlas.projectKey, { destination: 'embed' }, revision - 1),
      ).rejects.toThrow(DraftChangedError);
      expect(await publishing.publishState([atlas.projectId])).toEqual(stateBefore);
      expect(await app.prisma.projectVersion.count({ where: { projectId: atlas.projectId } })).toBe(
        versionsBefore,
      );
    });
  });

  describe(EmbedResolver.name, () => {
    it('serves the published version, never the draft', async () => {
      const published = await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
      const home = await embeds.resolveIndex(northwind.projectKey);
      if ('error' in home) throw new Error(home.error);
      const publishedText = firstText(home.page.sections[0].tree).text;

      await editFirstText(app.prisma, northwind.projectId, 'Draft headline nobody may see');
      const again = await embeds.resolve(northwind.projectKey, home.page.key);
      if ('error' in again) throw new Error(again.error);
      expect(again.version).toBe(published.version);
      expect(firstText(again.page.sections[0].tree).text).toBe(publishedText);
      expect(JSON.stringify(again)).not.toContain('Draft headline nobody may see');
      const site = await sites.resolve('northwind-spring', '');
      expect(JSON.stringify(site)).not.toContain('Draft headline nobody may see');
      await editFirstText(app.prisma, northwind.projectId, publishedText!);
    });

    it('says not_published for a project never published as an embed, and no_such_page for unknown pages', async () => {
      const atlasHome = await app.prisma.page.findFirstOrThrow({
        where: { projectId: atlas.projectId, isHome: true },
      });
      await expect(embeds.resolve(atlas.projectKey, atlasHome.key)).resolves.toEqual({
        error: 'not_published',
      });
      await expect(embeds.resolve('prNoSuchKey1', atlasHome.key)).resolves.toEqual({
        error: 'not_published',
      });
      await expect(embeds.resolve(northwind.projectKey, atlasHome.key)).resolves.toEqual({
        error: 'no_such_page',
      });
    });

    it('hands the page its assets by key', async () => {
      const restore = await editFirstSection(app.prisma, northwind.projectId, ({ tree }) => {
        firstText(tree).asset = 'asHeroImage1';
      });
      await app.prisma.asset.create({
        data: {
          key: 'asHeroImage1',
          projectId: northwind.projectId,
          kind: 'image',
          url: 'https://img.example/hero.jpg',
        },
      });
      await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
      const home = await embeds.resolveIndex(northwind.projectKey);
      if ('error' in home) throw new Error(home.error);
      expect(home.assets).toEqual({
        asHeroImage1: expect.objectContaining({
          key: 'asHeroImage1',
          url: 'https://img.example/hero.jpg',
          status: 'ready',
        }),
      });
      await restore();
      await app.prisma.asset.delete({ where: { key: 'asHeroImage1' } });
      await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
    });
  });

  describe(EmbedCodeService.name, () => {
    it('builds the snippet, URL, page list and documented options for a published page', async () => {
      await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
      const code = await embedCode.build(viewer.actor, northwind.projectKey, {
        options: { shadowdom: true, target: '#slot', templateVariables: { title: 'Hi "there"' } },
      });
      const home = (
        await app.prisma.page.findFirstOrThrow({ where: { projectId: northwind.projectId, isHome: true } })
      ).key;
      expect(code.pageKey).toBe(home);
      const query = new URLSearchParams({
        shadowdom: '1',
        target: '#slot',
        templateVariables: JSON.stringify({ title: 'Hi "there"' }),
      });
      expect(code.embedUrl).toBe(`${base}/embed/${northwind.projectKey}/${home}.js?${query}`);
      expect(code.scriptTag).toBe(
        `<script src="${code.embedUrl.replace(/&/g, '&amp;')}" data-target="#slot" async></script>`,
      );
      expect(code.readiness).toEqual({
        ready: true,
        checks: [
          {
            name: 'published',
            ok: true,
            message: expect.stringMatching(/^Published as an embed: version \d+/),
          },
          { name: 'page', ok: true, message: expect.any(String) },
          { name: 'assets', ok: true, message: expect.any(String) },
        ],
      });
      expect(code.pages.filter((p) => p.isIndex)).toEqual([
        { pageKey: home, title: expect.any(String), path: '', isIndex: true },
      ]);
      expect(code.options).toEqual({
        fill: { value: false, description: expect.stringContaining('height') },
        shadowdom: { value: true, description: expect.stringContaining('shadow root') },
        containerMode: { value: false, description: expect.stringContaining('container') },
        target: { value: '#slot', description: expect.stringContaining('selector') },
        templateVariables: {
          value: { title: 'Hi "there"' },
          description: expect.stringContaining('field values'),
        },
      });
    });

    it('says why an unpublished project is not ready', async () => {
      const code = await embedCode.build(owner.actor, atlas.projectKey, { options: {} });
      expect(code.readiness.ready).toBe(false);
      expect(code.readiness.checks[0]).toMatchObject({
        name: 'published',
        ok: false,
        message: expect.stringMatching(/Not published/),
      });
      expect(code.readiness.checks[1]).toMatchObject({ name: 'page', ok: false });
      expect(code.pages.length).toBeGreaterThan(0);
      expect(code.scriptTag).toBe(`<script src="${code.embedUrl}" async></script>`);
    });

    it('says when the page is missing from the published version', async () => {
      await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
      const page = await app.prisma.page.create({
        data: {
          key: 'pgLateAdded01',
          projectId: northwind.projectId,
          title: 'Late page',
          path: 'late',
          order: 99,
        },
      });
      const code = await embedCode.build(owner.actor, northwind.projectKey, {
        pageKey: page.key,
        options: {},
      });
      expect(code.readiness.ready).toBe(false);
      expect(code.readiness.checks.find((c) => c.name === 'page')).toEqual({
        name: 'page',
        ok: false,
        message: expect.stringMatching(/not in the published version \d+; publish again/),
      });
      await app.prisma.page.delete({ where: { id: page.id } });
      await expect(
        embedCode.build(owner.actor, northwind.projectKey, { pageKey: 'pgNoSuchPage1', options: {} }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('says when assets of the page are pending or failed', async () => {
      const restore = await editFirstSection(app.prisma, northwind.projectId, ({ tree }) => {
        const [first, second] = [...walkElements(tree)];
        first.asset = 'asPendingImg1';
        second.asset = 'asFailedImg01';
      });
      await app.prisma.asset.createMany({
        data: [
          {
            key: 'asPendingImg1',
            projectId: northwind.projectId,
            kind: 'image',
            url: 'https://img.example/a.jpg',
            status: 'pending',
          },
          {
            key: 'asFailedImg01',
            projectId: northwind.projectId,
            kind: 'image',
            url: 'https://img.example/b.jpg',
            status: 'failed',
          },
        ],
      });
      await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });

      const code = await embedCode.build(owner.actor, northwind.projectKey, { options: {} });
      expect(code.readiness.ready).toBe(false);
      const assets = code.readiness.checks.find((c) => c.name === 'assets')!;
      expect(assets.ok).toBe(false);
      expect(assets.message).toMatch(/1 still being generated or uploaded \(asPendingImg1\)/);
      expect(assets.message).toMatch(/1 failed \(asFailedImg01\)/);

      await app.prisma.asset.updateMany({
        where: { projectId: northwind.projectId },
        data: { status: 'ready' },
      });
      expect(
        (await embedCode.build(owner.actor, northwind.projectKey, { options: {} })).readiness.ready,
      ).toBe(true);

      await restore();
      await app.prisma.asset.deleteMany({ where: { key: { in: ['asPendingImg1', 'asFailedImg01'] } } });
      await publishing.publish(owner.actor, northwind.projectKey, { destination: 'embed' });
    });

    it('refuses unknown or malformed options', async () => {
      await expect(
        embedCode.build(owner.actor, northwind.projectKey, {
          options: { fill: 'yes' } as unknown as { fill: boolean },
        }),
      ).rejects.toMatchObject({ problems: [{ path: 'options.fill' }] });
    });
  });

  describe('access', () => {
    it('answers NotFoundError to a user of another account for every method', async () => {
      const calls: [string, () => Promise<unknown>][] = [
        [
          'publish site',
          () => publishing.publish(stranger.actor, northwind.projectKey, { destination: 'site' }),
        ],
        [
          'publish embed',
          () => publishing.publish(stranger.actor, northwind.projectKey, { destination: 'embed' }),
        ],
        [
          'publish webhook',
          () =>
            publishing.publish(stranger.actor, northwind.projectKey, {
              destination: 'webhook',
              webhookUrl: 'https://hooks.example/folio',
              webhookSecret: 'a-long-enough-secret',
            }),
        ],
        ['embed code', () => embedCode.build(stranger.actor, northwind.projectKey, { options: {} })],
        [
          'embed code, team project',
          () => embedCode.build(stranger.actor, atlas.projectKey, { options: {} }),
        ],
      ];
      for (const [name, call] of calls) {
        await expect(
          call().then(
            () => name,
            (error: unknown) => [name, error],
          ),
        ).resolves.toEqual([name, expect.any(NotFoundError)]);
      }
    });
  });

  describe('two projects publishing at once', () => {
    it('gives a new slug to one of them and answers ConflictError to the other', async () => {
      const outcomes = await Promise.allSettled(
        [northwind, atlas].map((project) =>
          publishing.publish(owner.actor, project.projectKey, { destination: 'site', slug: 'contested' }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const [rejected] = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(rejected.reason).toBeInstanceOf(ConflictError);
      expect(await app.prisma.publication.count({ where: { slug: 'contested' } })).toBe(1);
    });
  });
});
