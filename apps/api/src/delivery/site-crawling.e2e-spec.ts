import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaService } from '#folio/db';
import { ProjectCreator } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import {
  editFirstText,
  newProject,
  newUser,
  startTestApp,
  type TestApp,
  type TestProject,
  type TestUser,
} from '#folio/testing';

// What crawlers and caches get of published sites, over real HTTP on the api app, where sites share
// PUBLIC_BASE_URL: each site's sitemap, the origin's robots.txt, validators that make a publish visible on
// the next request, and noindex on what is not a published page.

describe('sites for crawlers and caches', () => {
  let app: TestApp;
  let owner: TestUser;
  let bakery: TestProject;
  let publicBase: string;

  const publish = (project: TestProject, slug: string) =>
    app.get(PublishService).publish(owner.actor, project.projectKey, { destination: 'site', slug });
  const publishedAt = async (project: TestProject) =>
    (
      await app.get(PrismaService).publication.findFirstOrThrow({
        where: { projectId: project.projectId, kind: 'site' },
        select: { publishedAt: true },
      })
    ).publishedAt.toISOString();

  beforeAll(async () => {
    app = await startTestApp({ app: 'api' });
    publicBase = app.config.publicBaseUrl;
    owner = await newUser(app);
    bakery = await newProject(app, owner, {
      title: 'Crumb Bakery',
      pages: [
        { sections: [{ title: 'Fresh bread daily' }] },
        { title: 'Menu', sections: [{ title: 'Sourdough' }] },
      ],
    });
    await publish(bakery, 'crumb');
    await publish(await newProject(app, owner, { title: 'Anchor Books' }), 'anchor');
  });

  afterAll(() => app?.close());

  it('lists every published page in the site’s sitemap, last modified when it was published', async () => {
    const answer = await fetch(`${app.baseUrl}/sites/crumb/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const lastmod = await publishedAt(bakery);
    expect(await answer.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `  <url><loc>${publicBase}/sites/crumb/</loc><lastmod>${lastmod}</lastmod></url>\n` +
        `  <url><loc>${publicBase}/sites/crumb/menu</loc><lastmod>${lastmod}</lastmod></url>\n` +
        '</urlset>\n',
    );
  });

  it('lists a page added to the draft only once it is published', async () => {
    await app.get(ProjectCreator).createPage(owner.actor, bakery.projectKey, { title: 'Visit us' });
    const before = await (await fetch(`${app.baseUrl}/sites/crumb/sitemap.xml`)).text();
    expect(before).not.toContain('/sites/crumb/visit-us');
    await publish(bakery, 'crumb');
    const after = await (await fetch(`${app.baseUrl}/sites/crumb/sitemap.xml`)).text();
    expect(after).toContain(
      `<loc>${publicBase}/sites/crumb/visit-us</loc><lastmod>${await publishedAt(bakery)}</lastmod>`,
    );
  });

  it('answers robots.txt on PUBLIC_BASE_URL: sites, their assets and fonts allowed, every sitemap named', async () => {
    const answer = await fetch(`${app.baseUrl}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe(
      [
        'User-agent: *',
        'Allow: /sites/',
        'Allow: /assets/',
        'Allow: /fonts/',
        'Disallow: /',
        '',
        `Sitemap: ${publicBase}/sites/anchor/sitemap.xml`,
        `Sitemap: ${publicBase}/sites/crumb/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('answers a sitemap of no site with a 404', async () => {
    expect((await fetch(`${app.baseUrl}/sites/nobody/sitemap.xml`)).status).toBe(404);
  });

  it.each(['/sites/crumb/', '/sites/crumb/sitemap.xml', '/robots.txt'])(
    'lets caches keep %s but revalidate it: a weak ETag, 304 while it is current',
    async (path) => {
      const first = await fetch(`${app.baseUrl}${path}`);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      const again = await fetch(`${app.baseUrl}${path}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    },
  );

  it('shows a publish on the next request, whatever the cache held', async () => {
    const first = await fetch(`${app.baseUrl}/sites/crumb/`);
    const etag = first.headers.get('etag')!;
    expect(await first.text()).toContain('Fresh bread daily');
    await editFirstText(app.prisma, bakery.projectId, 'Rye on Fridays');
    const unpublished = await fetch(`${app.baseUrl}/sites/crumb/`, { headers: { 'if-none-match': etag } });
    expect(unpublished.status).toBe(304);
    await publish(bakery, 'crumb');
    const next = await fetch(`${app.baseUrl}/sites/crumb/`, { headers: { 'if-none-match': etag } });
    expect(next.status).toBe(200);
    expect(next.headers.get('etag')).not.toBe(etag);
    expect(await next.text()).toContain('Rye on Fridays');
  });

  it('keeps search engines off drafts, the editor’s preview and embed scripts, not off sites', async () => {
    const editor = await fetch(`${app.baseUrl}/editor/${bakery.projectKey}`, {
      headers: { cookie: owner.cookie },
    });
    expect(editor.status).toBe(200);
    expect(editor.headers.get('x-robots-tag')).toBe('noindex');
    await app.get(PublishService).publish(owner.actor, bakery.projectKey, { destination: 'embed' });
    const embed = await fetch(`${app.baseUrl}/embed/${bakery.projectKey}/${bakery.homePageKey}.js`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('x-robots-tag')).toBe('noindex');
    expect((await fetch(`${app.baseUrl}/sites/crumb/`)).headers.get('x-robots-tag')).toBeNull();
  });
});
