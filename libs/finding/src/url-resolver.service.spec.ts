// URL resolution on a real database with the demo data, Northwind's site published at northwind-spring.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { PublishService } from '#folio/publishing';
import { seedDemo } from '#folio/seed';
import {
  compileWithDatabase,
  createMigratedTestDatabase,
  demoActors,
  type MigratedTestDatabase,
} from '#folio/testing';
import { FindingModule } from './finding.module.js';
import { UrlResolver } from './url-resolver.service.js';

const base = 'http://folio.test';

describe(UrlResolver.name, () => {
  let db: MigratedTestDatabase;
  let app: TestingModule;
  let urls: UrlResolver;
  let northwind: { key: string; id: string };
  let atlas: { key: string; id: string };

  beforeAll(async () => {
    db = await createMigratedTestDatabase({ PUBLIC_BASE_URL: base });
    const credentials = await seedDemo(db.prisma, {
      dataDir: db.config.dataDir,
      publicBaseUrl: base,
      demoPassword: 'url-resolver-test-password',
    });
    const project = async (prefix: string) => {
      const key = credentials.projects.find((p) => p.title.startsWith(prefix))!.key;
      return { key, id: (await db.prisma.project.findUniqueOrThrow({ where: { key } })).id };
    };
    northwind = await project('Northwind');
    atlas = await project('Atlas');

    app = await compileWithDatabase(db, [FindingModule]);
    urls = app.get(UrlResolver);
    const { owner } = await demoActors(db.prisma);
    await app
      .get(PublishService)
      .publish(owner, northwind.key, { destination: 'hosting', slug: 'northwind-spring' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it('resolves site, editor and embed URLs to their project and page', async () => {
    const pages = await db.prisma.page.findMany({
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
    const home = (await db.prisma.page.findFirstOrThrow({ where: { projectId: northwind.id, isHome: true } }))
      .key;
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
