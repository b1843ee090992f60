// URL resolution on a real database: a two-page café whose site is published at northwind-spring, and
// another project of the same owner.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdentityModule } from '#folio/identity';
import { PublishService } from '#folio/publishing';
import { newProject, newUser, startTestModule, type TestModule } from '#folio/testing';
import { FindingModule } from './finding.module.js';
import { UrlResolver } from './url-resolver.service.js';

const base = 'http://folio.test';

describe(UrlResolver.name, () => {
  let app: TestModule;
  let urls: UrlResolver;
  let northwind: { key: string; id: string };
  let atlas: { key: string; id: string };

  beforeAll(async () => {
    app = await startTestModule([FindingModule, IdentityModule], { PUBLIC_BASE_URL: base });
    urls = app.get(UrlResolver);
    const owner = await newUser(app);
    const cafe = await newProject(app, owner, {
      title: 'Northwind Coffee Roasters',
      pages: [{ sections: [{ title: 'Welcome' }] }, { title: 'Visit us', sections: [{ title: 'Hours' }] }],
    });
    northwind = { key: cafe.projectKey, id: cafe.projectId };
    const other = await newProject(app, owner, { title: 'Atlas Studio' });
    atlas = { key: other.projectKey, id: other.projectId };
    await app
      .get(PublishService)
      .publish(owner.actor, northwind.key, { destination: 'site', slug: 'northwind-spring' });
  });
  afterAll(() => app?.close());

  it('resolves site, editor and embed URLs to their project and page', async () => {
    const pages = await app.prisma.page.findMany({
      where: { projectId: northwind.id },
      orderBy: { order: 'asc' },
    });
    const home = pages.find((p) => p.isHome)!;
    const other = pages.find((p) => !p.isHome)!;
    await expect(urls.resolve(`${base}/sites/northwind-spring/`)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: home.key,
    });
    await expect(urls.resolve(`${base}/sites/northwind-spring`)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: home.key,
    });
    await expect(urls.resolve(`${base}/sites/northwind-spring/${other.path}?utm=x#top`)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: other.key,
    });
    await expect(urls.resolve(`${base}/sites/northwind-spring/gone`)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: null,
    });
    await expect(urls.resolve(`${base}/editor/${northwind.key}`)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: null,
    });
    await expect(urls.resolve(`  ${base}/editor/${northwind.key}/${other.key}  `)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: other.key,
    });
    await expect(urls.resolve(`${base}/embed/${northwind.key}/${home.key}.js?shadowdom=1`)).resolves.toEqual({
      projectKey: northwind.key,
      pageKey: home.key,
    });
    await expect(urls.resolve(`${base}/editor/${atlas.key}/${home.key}`)).resolves.toEqual({
      projectKey: atlas.key,
      pageKey: null,
    });
  });

  it('answers null for anything else', async () => {
    const home = (
      await app.prisma.page.findFirstOrThrow({ where: { projectId: northwind.id, isHome: true } })
    ).key;
    for (const url of [
      '',
      'not a url',
      'northwind-spring',
      `https://elsewhere.example/editor/${northwind.key}`,
      `https://folio.test/editor/${northwind.key}`,
      `${base}/editor/prNoSuchKey1`,
      `${base}/editor/${northwind.key}/${home}/extra`,
      `${base}/editor/%E0%A4%A`,
      `${base}/editor/<script>`,
      `${base}/sites/nobody-here/`,
      `${base}/sites/`,
      `${base}/embed/${northwind.key}/${home}`,
      `${base}/embed/${northwind.key}`,
      `${base}/account`,
      `${base}/`,
      'javascript:alert(1)',
    ]) {
      expect([url, await urls.resolve(url)]).toEqual([url, null]);
    }
  });
});
