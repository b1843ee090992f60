import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Element, newPublicKey, type TemplateSchema, walkElements } from '#folio/content';
import { asJson } from '#folio/db';
import { ProjectRepository } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import { applyTemplateValues, instanceKey, instantiatePrototype } from '#folio/render';
import { demoTemplate } from '#folio/seed';
import { demoPerson, fakeClock, startTestApp, type TestApp } from '#folio/testing';
import { EmbedService, resolutionTtlMs } from './embed.service.js';

// Sites and embed scripts over real HTTP, on the real api app and the seeded demo data: Northwind is
// published (site slug northwind-coffee, embed) at version 1; Atlas is not published.

/** A project's draft as a saved version would take it: the project and its pages with their sections. */
async function draftOf(app: TestApp, projectKey: string) {
  const projects = app.get(ProjectRepository);
  const { project, pages } = await projects.snapshot((await projects.findByKey(projectKey))!.id);
  return { ...project, pages };
}

type Draft = Awaited<ReturnType<typeof draftOf>>;
type DraftPage = Draft['pages'][number];

const draftMarker = 'Draft headline that was never published';

let app: TestApp;
let database: TestApp['database'];
let base: string;
let northwind: Draft;
let atlas: Draft;
let home: DraftPage;
let coffee: DraftPage;
let hero: DraftPage['sections'][number];

beforeAll(async () => {
  app = await startTestApp({ app: 'api', demo: true });
  ({ database, baseUrl: base } = app);
  const projects = app.demo!.projects;
  northwind = await draftOf(app, projects.find((p) => p.title === 'Northwind Coffee Roasters')!.key);
  atlas = await draftOf(app, projects.find((p) => !p.published)!.key);
  home = northwind.pages.find((page) => page.isHome)!;
  coffee = northwind.pages.find((page) => page.path === 'coffee')!;
  hero = home.sections.find((section) => section.type === 'hero')!;
  // The draft moves on after publishing: nothing below may ever show it.
  await database.prisma.section.update({
    where: { key: hero.key },
    data: { tree: asJson(withHeadline(hero.tree, draftMarker)) },
  });
});
afterAll(() => app?.close());

function withHeadline(tree: Element, text: string): Element {
  const copy = structuredClone(tree);
  for (const element of walkElements(copy)) if (element.tag === 'h1') element.text = text;
  return copy;
}

function headlineOf(section: DraftPage['sections'][number]): string {
  return [...walkElements(section.tree)].find((element) => element.tag === 'h1')!.text!;
}

describe('GET /sites/:slug/*path', () => {
  it('serves the published home page as a document caches revalidate, with a weak, version-based ETag', async () => {
    const response = await fetch(`${base}/sites/northwind-coffee/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"v1-[A-Za-z0-9_-]+"$/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(headlineOf(hero));
    expect(html).not.toContain(draftMarker);
    // Site-relative links stay on the site.
    expect(html).toContain('href="/sites/northwind-coffee/coffee"');
    // The policy runs the document's own inline scripts only, by hash.
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(policy).not.toContain("unsafe-inline'; script");

    const again = await fetch(`${base}/sites/northwind-coffee/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${base}/sites/northwind-coffee/`, {
      headers: { 'if-none-match': '"v0-old"' },
    });
    expect(stale.status).toBe(200);
  });

  it('serves other pages by path, and the home page without the trailing slash', async () => {
    const page = await fetch(`${base}/sites/northwind-coffee/coffee`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<title>${coffee.title} · ${northwind.title}</title>`);
    expect((await fetch(`${base}/sites/northwind-coffee`)).status).toBe(200);
  });

  it.each([['/sites/no-such-site/'], ['/sites/atlas/'], ['/sites/Not_A_Slug/']])(
    'answers %s, where no site is, with a plain readable 404 page',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<h1>Page not found</h1>');
      expect(html).not.toContain('<script');
    },
  );

  it.each([['/sites/northwind-coffee/no/such/page'], ['/sites/northwind-coffee/Not_A_Path']])(
    'answers %s, inside a site, with its own not-found page: its navbar, footer and a link home',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain(`<title>Page not found · ${northwind.title}</title>`);
      expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html).toContain('href="/sites/northwind-coffee/"');
      const frame = home.sections.filter((section) => section.type === 'navbar' || section.type === 'footer');
      for (const section of frame) expect(html).toContain(`data-section-key="${section.key}"`);
      expect(html).not.toContain(`data-section-key="${hero.key}"`);
    },
  );
});

describe('GET /embed/:projectKey/:pageKey.js', () => {
  const url = (projectKey: string, pageKey: string, query = '') =>
    `${base}/embed/${projectKey}/${pageKey}.js${query ? `?${query}` : ''}`;

  it('answers any origin with the published page as JavaScript, cacheable, with an ETag', async () => {
    const response = await fetch(url(northwind.key, home.key), {
      headers: { origin: 'https://host.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('etag')).toMatch(/^"v1-/);
    const script = await response.text();
    expect(script).toContain(hero.key);
    expect(script).toContain(JSON.stringify(headlineOf(hero)).slice(1, -1));
    expect(script).not.toContain(draftMarker);
    expect(() => new Function(script)).not.toThrow();

    const again = await fetch(url(northwind.key, home.key), {
      headers: { 'if-none-match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('renders each (version, options) once: a repeat request is served from memory', async () => {
    const embeds = app.get(EmbedService);
    const first = await (await fetch(url(northwind.key, coffee.key, 'shadowdom=1&fill=1'))).text();
    const renders = embeds.renders;
    const second = await (await fetch(url(northwind.key, coffee.key, 'fill=1&shadowdom=1&cb=123'))).text();
    expect(second).toBe(first);
    expect(embeds.renders).toBe(renders);
    await fetch(url(northwind.key, coffee.key, 'shadowdom=1&fill=1&containerMode=1'));
    expect(embeds.renders).toBe(renders + 1);
  });

  it('answers an unpublished project with a readable message and none of its content', async () => {
    const atlasHome = atlas.pages.find((page) => page.isHome)!;
    const response = await fetch(url(atlas.key, atlasHome.key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const script = await response.text();
    expect(script).toContain('This Folio project is not published as an embed yet');
    expect(script).toContain('console.warn');
    for (const section of atlasHome.sections) expect(script).not.toContain(section.key);
    expect(() => new Function(script)).not.toThrow();
  });

  it.each([
    [
      'an unknown page',
      () => url(northwind.key, 'NoSuchPage1'),
      'is not part of the published embed version',
    ],
    ['an unknown project', () => url('NoSuchProject', home.key), 'not published as an embed yet'],
    ['a bad flag', () => url(northwind.key, home.key, 'shadowdom=maybe'), 'invalid options'],
    ['bad JSON', () => url(northwind.key, home.key, 'templateVariables=%7Bnope'), 'invalid options'],
  ])('answers %s with a message script', async (_, target, message) => {
    const response = await fetch(target());
    expect(response.status).toBe(200);
    const script = await response.text();
    expect(script).toContain(message);
    expect(script).not.toContain(hero.key);
  });

  it('moves to a newly published version once the looked-up one is resolutionTtlMs old: new content, new ETag', async () => {
    // The embed reuses a looked-up version by the time Date tells.
    const clock = fakeClock(jest);
    try {
      const before = await fetch(url(northwind.key, home.key));
      const { actor } = await demoPerson(app, 'owner');
      const result = await app.get(PublishService).publish(actor, northwind.key, { destination: 'embed' });
      expect(result.version).toBe(2);
      const stale = await fetch(url(northwind.key, home.key));
      expect(stale.headers.get('etag')).toBe(before.headers.get('etag'));
      await stale.arrayBuffer();

      clock.advance(resolutionTtlMs);
      const after = await fetch(url(northwind.key, home.key));
      expect(after.headers.get('etag')).toMatch(/^"v2-/);
      expect(await after.text()).toContain(draftMarker);
    } finally {
      clock.restore();
    }
    // The site still serves version 1: only the embed destination was published.
    expect(await (await fetch(`${base}/sites/northwind-coffee/`)).text()).not.toContain(draftMarker);
  });
});

describe('embedded assets', () => {
  it("get absolute URLs on Folio's origin, since the host page is on another", async () => {
    const project = await database.prisma.project.findUniqueOrThrow({ where: { key: northwind.key } });
    const asset = await database.prisma.asset.create({
      data: {
        key: newPublicKey(),
        projectId: project.id,
        kind: 'image',
        url: '/assets/roast-profile.png',
        width: 640,
        height: 480,
        status: 'ready',
      },
    });
    const section = coffee.sections[0];
    const tree = structuredClone(section.tree);
    tree.children = [
      ...(tree.children ?? []),
      { key: newPublicKey(), type: 'image', asset: asset.key, alt: 'Roast profile' },
    ];
    await database.prisma.section.update({ where: { key: section.key }, data: { tree: asJson(tree) } });
    const { actor } = await demoPerson(app, 'owner');
    await app.get(PublishService).publish(actor, northwind.key, { destination: 'embed' });
    app.get(EmbedService).forget(northwind.key);

    const script = await (await fetch(`${base}/embed/${northwind.key}/${coffee.key}.js`)).text();
    expect(script).toContain(`src=\\"${database.config.publicBaseUrl}/assets/roast-profile.png\\"`);
    expect(script).not.toContain('src=\\"/assets/roast-profile.png');
  });
});

describe('pinned template items', () => {
  const values = { title: 'Spring launch is here' };
  const pinnedMessage = 'Doors open Monday at nine';
  const project = { key: newPublicKey(), homeKey: newPublicKey(), heroKey: newPublicKey() };

  /** A project made from the demo template: a home page with a hero, listing the announcement bar. */
  beforeAll(async () => {
    const template = await database.prisma.template.findUniqueOrThrow({ where: { key: demoTemplate.key } });
    const heroType = (template.schema as unknown as TemplateSchema).sectionTypes.find(
      (t) => t.type === 'hero',
    )!;
    const source = await database.prisma.project.findUniqueOrThrow({ where: { key: northwind.key } });
    const hero = applyTemplateValues(
      {
        key: project.heroKey,
        title: 'Hero',
        type: 'hero',
        ...instantiatePrototype(heroType.prototype, project.heroKey),
      },
      heroType.fields,
      values,
    );
    await database.prisma.project.create({
      data: {
        key: project.key,
        accountId: source.accountId,
        workspaceId: source.workspaceId,
        createdById: source.createdById,
        title: 'Spring launch',
        theme: source.theme as object,
        breakpoints: source.breakpoints as object,
        templateId: template.id,
        pinnedValues: { create: { pinnedId: 'announcement', value: { message: pinnedMessage } } },
        pages: {
          create: {
            key: project.homeKey,
            title: 'Home',
            path: '',
            isHome: true,
            order: 0,
            pinnedIds: ['retired', 'announcement'],
            sections: {
              create: {
                key: hero.key,
                order: 0,
                title: hero.title,
                type: hero.type,
                tree: asJson(hero.tree),
                styles: asJson(hero.styles),
                interactions: asJson(hero.interactions),
                model: asJson({ template: { _type: 'hero', values } }),
              },
            },
          },
        },
      },
    });
    const { actor } = await demoPerson(app, 'owner');
    await app.get(PublishService).publish(actor, project.key, { destination: 'site', slug: 'spring-launch' });
    await app.get(PublishService).publish(actor, project.key, { destination: 'embed' });
  });

  const announcementKey = () => instanceKey(project.key, 'pinned/announcement');

  it('shows the items the page lists above its own sections on the published site', async () => {
    const html = await (await fetch(`${base}/sites/spring-launch/`)).text();
    expect(html).toContain(`data-section-key="${announcementKey()}"`);
    expect(html.indexOf(pinnedMessage)).toBeGreaterThan(0);
    expect(html.indexOf(pinnedMessage)).toBeLessThan(html.indexOf(values.title));
    expect(html.match(/data-section-key=/g)).toHaveLength(2);
  });

  it('renders them in embeds too, where templateVariables change only the page’s own sections', async () => {
    const templateVariables = JSON.stringify({
      title: 'Hello from the host',
      message: 'Not for pinned items',
    });
    const query = new URLSearchParams({ templateVariables });
    const script = await (await fetch(`${base}/embed/${project.key}/${project.homeKey}.js?${query}`)).text();
    expect(script).toContain(announcementKey());
    expect(script).toContain(pinnedMessage);
    expect(script).toContain('Hello from the host');
    expect(script).not.toContain(values.title);
    expect(script).not.toContain('Not for pinned items');
  });

  it('shows them in the editor’s preview of the draft', async () => {
    const { cookie } = await demoPerson(app, 'owner');
    const html = await (await fetch(`${base}/editor/${project.key}`, { headers: { cookie } })).text();
    const preview = /srcdoc="([^"]*)"/.exec(html)![1];
    expect(preview).toContain(announcementKey());
    expect(preview).toContain(pinnedMessage);
  });
});
