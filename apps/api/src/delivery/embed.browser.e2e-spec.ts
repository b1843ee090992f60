import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { type Browser, type Page } from 'playwright-core';
import {
  type Element,
  type Interaction,
  newPublicKey,
  type TemplateSchema,
  walkElements,
} from '#folio/content';
import { asJson, type PrismaClient } from '#folio/db';
import { ProjectRepository } from '#folio/projects';
import { embedScriptUrl, type EmbedOptions } from '#folio/publishing';
import { type DemoCredentials, seedDemo } from '#folio/seed';
import {
  afterRendering,
  BrowserClient,
  launchChromium,
  startHostPages,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// Embeds on a page of another origin, published sites and the editor, in Chromium, against the real app
// (api and auth on one port, as `npm start` runs them) and the seeded demo data.

const artifacts = resolve(process.cwd(), 'test/artifacts');

type Draft = Awaited<ReturnType<typeof draftOf>>;

interface BrowserSetup {
  prisma: PrismaClient;
  app: TestApp;
  /** http://localhost:<port>: Folio's public base URL. */
  base: string;
  demo: DemoCredentials;
  /** Serves host pages from http://127.0.0.1:<other port>: another origin than Folio's. */
  host: { origin: string; page(body: string, head?: string): string };
  browser: Browser;
  close(): Promise<void>;
}

async function setup(): Promise<BrowserSetup> {
  // The demo is seeded after the start, so the app owes no screenshots of it.
  const app = await startTestApp({ app: 'standalone', ownAddress: true });
  const { baseUrl: base, prisma } = app;
  const demo = await seedDemo(prisma, app.config);
  const hostPages = await startHostPages();
  const { origin, pages } = hostPages;

  const browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
  return {
    prisma,
    app,
    base,
    demo,
    host: {
      origin,
      page(body, head = '') {
        const path = `/host/${pages.size + 1}`;
        pages.set(
          path,
          `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,">${head}</head>\n<body>\n${body}\n</body>\n</html>\n`,
        );
        return `${origin}${path}`;
      },
    },
    browser,
    async close() {
      await browser.close();
      await hostPages.close();
      await app.close();
    },
  };
}

/** A fresh page that records console errors (and CSP violations) and warnings. */
async function openPage(s: BrowserSetup, viewport = { width: 1280, height: 860 }) {
  const context = await s.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return { page, errors, warnings, close: () => context.close() };
}

/**
 * Scrolls through the page so every enterViewport interaction plays, and waits for the animations to
 * end: a full-page screenshot then shows the page as a visitor who scrolled would see it.
 */
async function revealAll(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await afterRendering(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
}

/** Waits for running animations (the load interactions) to end. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  const path = resolve(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** A project's draft as a saved version would take it: the project and its pages with their sections. */
async function draftOf(app: TestApp, projectKey: string) {
  const projects = app.get(ProjectRepository);
  const { project, pages } = await projects.snapshot((await projects.findByKey(projectKey))!.id);
  return { ...project, pages };
}

function element(tree: Element, test: (element: Element) => boolean): Element {
  const found = [...walkElements(tree)].find(test);
  if (!found) throw new Error('no such element in the seeded section');
  return found;
}

const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

/** The snippet as the embed-code builder writes it. */
function snippet(s: BrowserSetup, projectKey: string, pageKey: string, options: EmbedOptions = {}): string {
  const target = options.target ? ` data-target="${options.target}"` : '';
  return `<script src="${embedScriptUrl(s.base, projectKey, pageKey, options)}"${target} async></script>`;
}

/** Logs in through the real login form and returns a client that holds the session cookie. */
async function loggedIn(s: BrowserSetup): Promise<BrowserClient> {
  const client = new BrowserClient();
  const form = await (await client.request(`${s.base}/login`)).text();
  const done = await client.submit(`${s.base}/login`, form, {
    email: s.demo.users.owner,
    password: s.demo.password,
  });
  if (new URL(done.url).pathname !== '/account') throw new Error(`login failed: ${done.response.status}`);
  return client;
}

/** The demo template's hero section type, and the prototype keys of the elements its fields bind. */
async function templateHero(s: BrowserSetup) {
  const template = await s.prisma.template.findUniqueOrThrow({ where: { key: s.demo.templateKey } });
  const heroType = (template.schema as unknown as TemplateSchema).sectionTypes.find(
    (t) => t.type === 'hero',
  )!;
  const boundKey = (name: string) => {
    const binding = heroType.fields.find((field) => field.name === name)!.binding;
    if (!('elementKey' in binding)) throw new Error(`the ${name} field binds an element`);
    return binding.elementKey;
  };
  return { template, heroType, titleKey: boundKey('title'), ctaKey: boundKey('ctaLabel') };
}

/**
 * A project made from the demo template, like `sourceKey`'s: one page with the template's hero section
 * (plus `interactions`), published to embed through the editor's own form post. Returns its keys.
 */
async function publishedTemplateProject(
  s: BrowserSetup,
  sourceKey: string,
  title: string,
  interactions: Interaction[] = [],
): Promise<{ projectKey: string; pageKey: string }> {
  const { template, heroType } = await templateHero(s);
  const source = await s.prisma.project.findUniqueOrThrow({ where: { key: sourceKey } });
  const owner = await s.prisma.user.findUniqueOrThrow({ where: { email: s.demo.users.owner } });
  const project = await s.prisma.project.create({
    data: {
      key: newPublicKey(),
      accountId: source.accountId,
      workspaceId: source.workspaceId,
      createdById: owner.id,
      title,
      theme: source.theme as object,
      breakpoints: source.breakpoints as object,
      templateId: template.id,
      pages: {
        create: {
          key: newPublicKey(),
          title: 'Home',
          path: '',
          isHome: true,
          order: 0,
          sections: {
            create: {
              key: newPublicKey(),
              order: 0,
              title: 'Hero',
              type: 'hero',
              tree: asJson(heroType.prototype.tree),
              styles: asJson(heroType.prototype.styles),
              interactions: asJson([...heroType.prototype.interactions, ...interactions]),
            },
          },
        },
      },
    },
    include: { pages: true },
  });
  const client = await loggedIn(s);
  const published = await client.request(`${s.base}/editor/${project.key}/publish`, {
    method: 'POST',
    body: new URLSearchParams({ destination: 'embed' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base },
  });
  expect(published.status).toBe(303);
  return { projectKey: project.key, pageKey: project.pages[0].key };
}

describe('embeds, sites and the editor in Chromium', () => {
  let s: BrowserSetup;
  let northwind: Draft;
  let home: Draft['pages'][number];
  let hero: Draft['pages'][number]['sections'][number];
  let headline: string;

  beforeAll(async () => {
    s = await setup();
    northwind = await draftOf(
      s.app,
      s.demo.projects.find((p) => p.title === 'Northwind Coffee Roasters')!.key,
    );
    home = northwind.pages.find((page) => page.isHome)!;
    hero = home.sections.find((section) => section.type === 'hero')!;
    headline = plain(element(hero.tree, (e) => e.tag === 'h1').text!);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('renders the published section on a plain host page of another origin, never the draft', async () => {
    // The draft moves on after publishing; the embed keeps showing version 1.
    const draft = structuredClone(hero.tree);
    element(draft, (e) => e.tag === 'h1').text = 'A draft headline nobody published';
    await s.prisma.section.update({ where: { key: hero.key }, data: { tree: asJson(draft) } });

    const { page, errors, close } = await openPage(s);
    const url = s.host.page(snippet(s, northwind.key, home.key));
    expect(new URL(url).origin).not.toBe(new URL(s.base).origin);
    await page.goto(url);
    const heading = page.getByRole('heading', { level: 1, name: headline });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(await page.locator(`[data-section-key="${hero.key}"]`).count()).toBe(1);
    expect(await page.getByText('A draft headline nobody published').count()).toBe(0);
    // Mounted where the script tag is: the embed sits right before it in the body.
    expect(
      await page.evaluate(() => document.querySelector('[data-folio-embed]')?.nextElementSibling?.tagName),
    ).toBe('SCRIPT');
    await settle(page);
    await screenshot(page, 'embed-host-plain', false);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a readable notice, and none of the content, for a project not published as an embed', async () => {
    const atlas = await draftOf(s.app, s.demo.projects.find((p) => !p.published)!.key);
    const atlasHome = atlas.pages.find((page) => page.isHome)!;
    const { page, warnings, close } = await openPage(s);
    await page.goto(s.host.page(`<h1>Our partner</h1>\n${snippet(s, atlas.key, atlasHome.key)}`));
    const notice = page.getByText('This Folio project is not published as an embed yet');
    await notice.waitFor();
    expect(await notice.isVisible()).toBe(true);
    expect(warnings.some((w) => w.includes('not published as an embed yet'))).toBe(true);
    const atlasHeadline = plain(
      element(atlasHome.sections.find((x) => x.type === 'hero')!.tree, (e) => e.tag === 'h1').text!,
    );
    expect(await page.getByText(atlasHeadline).count()).toBe(0);
    await screenshot(page, 'embed-not-published', false);
    await close();
  });

  it("with shadowdom, the host page's CSS does not restyle the embed", async () => {
    const hostCss = '<style>p { color: red !important; }</style>';
    const paragraphColor = (page: Page) =>
      page
        .locator('[data-folio-embed] p')
        .first()
        .evaluate((p) => getComputedStyle(p).color);

    const exposed = await openPage(s);
    await exposed.page.goto(s.host.page(snippet(s, northwind.key, home.key), hostCss));
    await exposed.page.locator('[data-folio-embed] p').first().waitFor();
    // Without a shadow root the host's rule wins: the check below can fail.
    expect(await paragraphColor(exposed.page)).toBe('rgb(255, 0, 0)');
    await exposed.close();

    const isolated = await openPage(s);
    await isolated.page.goto(s.host.page(snippet(s, northwind.key, home.key, { shadowdom: true }), hostCss));
    await isolated.page.locator('[data-folio-embed] p').first().waitFor();
    expect(
      await isolated.page.evaluate(() => document.querySelector('[data-folio-embed]')!.shadowRoot !== null),
    ).toBe(true);
    expect(await paragraphColor(isolated.page)).not.toBe('rgb(255, 0, 0)');
    expect(await isolated.page.getByRole('heading', { level: 1, name: headline }).isVisible()).toBe(true);
    await settle(isolated.page);
    await screenshot(isolated.page, 'embed-shadowdom', false);
    expect(isolated.errors).toEqual([]);
    await isolated.close();
  });

  it('with containerMode, a 400 px slot in a 1400 px viewport gets the mobile layout', async () => {
    const layout = element(hero.tree, (e) => e.name === 'Layout');
    const highlights = element(hero.tree, (e) => e.name === 'Highlights');
    const slot = (options: EmbedOptions) =>
      s.host.page(
        `<div style="display:flex;gap:24px"><div id="slot" style="width:400px;flex:none;outline:1px dashed #999">${snippet(s, northwind.key, home.key, options)}</div><p style="flex:1">The rest of the host page.</p></div>`,
      );
    const layoutOf = async (page: Page) => {
      await page.locator(`#${layout.key}`).waitFor();
      return page.evaluate(
        ([gridId, rowId]) => ({
          columns: getComputedStyle(document.getElementById(gridId)!).gridTemplateColumns.split(' ').length,
          direction: getComputedStyle(document.getElementById(rowId)!).flexDirection,
          slotWidth: document.getElementById('slot')!.getBoundingClientRect().width,
        }),
        [layout.key, highlights.key],
      );
    };

    const windowed = await openPage(s, { width: 1400, height: 900 });
    await windowed.page.goto(slot({}));
    // Media queries follow the 1400 px window: the desktop layout, squeezed into 400 px.
    expect(await layoutOf(windowed.page)).toEqual({ columns: 2, direction: 'row', slotWidth: 400 });
    await windowed.close();

    const contained = await openPage(s, { width: 1400, height: 900 });
    await contained.page.goto(slot({ containerMode: true }));
    expect(await layoutOf(contained.page)).toEqual({ columns: 1, direction: 'column', slotWidth: 400 });
    await revealAll(contained.page);
    await screenshot(contained.page, 'embed-container-mode');
    expect(contained.errors).toEqual([]);
    await contained.close();
  });

  it('renders into a target element, and with fill takes its full height', async () => {
    const rootClass = `folio-embed-${home.key}`;
    const measure = async (slotHeight: string, options: EmbedOptions) => {
      const { page, errors, close } = await openPage(s);
      await page.goto(
        s.host.page(
          `<header><h2>Host header</h2></header>\n<div id="embed-slot" style="height:${slotHeight}"><p>Loading…</p></div>\n<footer>Host footer</footer>\n${snippet(s, northwind.key, home.key, { target: '#embed-slot', ...options })}`,
        ),
      );
      await page.locator(`#embed-slot [data-folio-embed] .${rootClass}`).waitFor();
      // Measured once the embed's fonts are in: a fallback font lays the page out at another height.
      await page.waitForFunction(() => [...document.fonts].every((font) => font.status !== 'loading'));
      const result = await page.evaluate((selector) => {
        const host = document.querySelector('#embed-slot [data-folio-embed]')!;
        return {
          loading: document.body.textContent!.includes('Loading…'),
          host: Math.round(host.getBoundingClientRect().height),
          root: Math.round(host.querySelector(selector)!.getBoundingClientRect().height),
        };
      }, `.${rootClass}`);
      expect(errors).toEqual([]);
      await close();
      return result;
    };
    const natural = await measure('auto', {});
    expect(natural.loading).toBe(false);
    const tall = `${natural.root + 400}px`;
    // In a taller slot the page keeps its own height, unless fill stretches it to the slot's.
    expect((await measure(tall, {})).root).toBe(natural.root);
    expect(await measure(tall, { fill: true })).toEqual({
      loading: false,
      host: natural.root + 400,
      root: natural.root + 400,
    });
  });

  it('templateVariables replaces a template text field', async () => {
    const { heroType, titleKey } = await templateHero(s);
    const prototypeTitle = plain(element(heroType.prototype.tree, (e) => e.key === titleKey).text!);

    // A project made from the template: one page with the template's hero section.
    const { projectKey, pageKey } = await publishedTemplateProject(s, northwind.key, 'Spring launch');
    const { page, errors, warnings, close } = await openPage(s);
    await page.goto(s.host.page(snippet(s, projectKey, pageKey)));
    await page.getByRole('heading', { level: 1, name: prototypeTitle }).waitFor();

    const headlineFromHost = 'Spring sale: every plan half price';
    await page.goto(
      s.host.page(
        snippet(s, projectKey, pageKey, { templateVariables: { title: headlineFromHost, nope: 'x' } }),
      ),
    );
    await page.getByRole('heading', { level: 1, name: headlineFromHost }).waitFor();
    expect(await page.getByText(prototypeTitle).count()).toBe(0);
    expect(warnings.some((w) => w.includes('nope'))).toBe(true);
    await settle(page);
    await screenshot(page, 'embed-template-variables', false);
    expect(errors).toEqual([]);
    await close();
  });

  it('two embeds side by side: light-DOM embeds of one page share no ids, styles or interactions', async () => {
    const { titleKey, ctaKey } = await templateHero(s);
    // A click on the button dims the headline: it must dim in that embed only.
    const dim: Interaction = {
      trigger: { type: 'click', elementKey: ctaKey },
      actions: [
        {
          targetKey: titleKey,
          keyframes: [{ opacity: 1 }, { opacity: 0.25 }],
          timing: { duration: 60, fill: 'forwards' },
        },
      ],
    };
    const { projectKey, pageKey } = await publishedTemplateProject(s, northwind.key, 'Two embeds', [dim]);
    // The button links to the headline: a same-page link that must stay inside its own embed.
    const red = { title: 'Red embed', '--accent': '#c81e1e', ctaUrl: `#${titleKey}` };
    const blue = { title: 'Blue embed', '--accent': '#1e40af', ctaUrl: `#${titleKey}` };
    const slot = (name: string, options: EmbedOptions) =>
      `<div id="${name}" style="height:1500px">${snippet(s, projectKey, pageKey, options)}</div>`;
    const { page, errors, close } = await openPage(s, { width: 1600, height: 900 });
    await page.goto(
      s.host.page(
        `<div style="display:grid;grid-template-columns:repeat(4,1fr);gap:8px">${[
          slot('a', { templateVariables: red }),
          slot('b', { templateVariables: blue, fill: true }),
          // The same script as the first one, once more.
          slot('c', { templateVariables: red }),
          slot('d', { templateVariables: { title: 'Shadow embed' }, shadowdom: true }),
        ].join('')}</div>`,
      ),
    );
    for (const name of ['a', 'b', 'c', 'd'])
      await page.locator(`#${name} [data-folio-embed]`).getByRole('heading', { level: 1 }).waitFor();

    const look = () =>
      page.evaluate(
        ([title, cta]) => {
          const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
          const embeds = Object.fromEntries(
            ['a', 'b', 'c'].map((name) => {
              const host = document.querySelector<HTMLElement>(`#${name} > [data-folio-embed]`)!;
              const suffix = host.dataset.folioEmbed!.replace(/^[^/]+\/[^-]+/, '');
              const heading = host.querySelector('h1')!;
              const button = host.querySelector<HTMLAnchorElement>(`#${cta}${suffix}`)!;
              return [
                name,
                {
                  suffix,
                  heading: heading.id === `${title}${suffix}` ? heading.textContent : 'wrong id',
                  opacity: getComputedStyle(heading).opacity,
                  animations: heading.getAnimations().length,
                  button: getComputedStyle(button).backgroundColor,
                  linksInside: host.querySelector(button.getAttribute('href')!) === heading,
                  host: Math.round(host.getBoundingClientRect().height),
                  root: Math.round(host.querySelector('div')!.getBoundingClientRect().height),
                },
              ];
            }),
          );
          return { duplicates: ids.filter((id, i) => ids.indexOf(id) !== i), embeds };
        },
        [titleKey, ctaKey],
      );

    const before = await look();
    expect(before.duplicates).toEqual([]);
    const { a, b, c } = before.embeds;
    // Numbered in the order they mounted (async scripts): one of each.
    expect([a.suffix, b.suffix, c.suffix].sort()).toEqual(['', '-2', '-3']);
    expect([a.heading, b.heading, c.heading]).toEqual(['Red embed', 'Blue embed', 'Red embed']);
    // Each embed's own --accent, whatever the others set.
    expect([a.button, b.button, c.button]).toEqual([
      'rgb(200, 30, 30)',
      'rgb(30, 64, 175)',
      'rgb(200, 30, 30)',
    ]);
    expect([a.linksInside, b.linksInside, c.linksInside]).toEqual([true, true, true]);
    // fill stretches the second embed to its slot, and only that one.
    expect(b).toMatchObject({ host: 1500, root: 1500 });
    expect(a.root).toBeLessThan(1500);
    expect(c.root).toBe(a.root);
    expect([a.opacity, b.opacity, c.opacity]).toEqual(['1', '1', '1']);
    // The shadow-DOM embed of the same page renders apart, with its own variables.
    expect(await page.locator('#d [data-folio-embed]').getByRole('heading', { level: 1 }).textContent()).toBe(
      'Shadow embed',
    );

    // A click in the second embed plays its interaction there, and nowhere else.
    await page.locator(`#b #${ctaKey}${b.suffix}`).click();
    await page.waitForFunction(
      (selector) => getComputedStyle(document.querySelector(selector)!).opacity === '0.25',
      `#b #${titleKey}${b.suffix}`,
    );
    const after = (await look()).embeds;
    expect([after.a.opacity, after.b.opacity, after.c.opacity]).toEqual(['1', '0.25', '1']);
    expect([after.a.animations, after.c.animations]).toEqual([0, 0]);
    expect(
      await page
        .locator('#d [data-folio-embed]')
        .getByRole('heading', { level: 1 })
        .evaluate((h) => getComputedStyle(h).opacity),
    ).toBe('1');
    await screenshot(page, 'embed-two-side-by-side', false);
    expect(errors).toEqual([]);
    await close();
  });

  it('serves a published site page that passes html-validate and logs no console errors', async () => {
    const response = await fetch(`${s.base}/sites/northwind-coffee/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const report = await new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(html);
    const problems = report.results.flatMap((result) =>
      result.messages
        .filter((m) => m.severity === 2)
        .map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`),
    );
    expect(problems).toEqual([]);

    const { page, errors, close } = await openPage(s);
    await page.goto(`${s.base}/sites/northwind-coffee/`);
    await page.waitForLoadState('load');
    expect(await page.getByRole('heading', { level: 1, name: headline }).isVisible()).toBe(true);
    // Let the interactions runtime play; a CSP refusal or a runtime error would show in `errors`.
    await revealAll(page);
    await screenshot(page, 'site-home');
    expect(errors).toEqual([]);

    const coffee = northwind.pages.find((p) => p.path === 'coffee')!;
    await page.locator(`a[href="/sites/northwind-coffee/coffee"]`).first().click();
    await page.waitForURL(`${s.base}/sites/northwind-coffee/coffee`);
    expect(await page.title()).toContain(coffee.title);
    await settle(page);
    await screenshot(page, 'site-coffee', false);
    expect(errors).toEqual([]);

    const missing = await page.goto(`${s.base}/sites/northwind-coffee/no-such-page`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await screenshot(page, 'site-404', false);
    await close();
  });

  it('shows the editor behind login: pages, preview, versions, and a publish dialog that gives the embed code', async () => {
    const { page, errors, close } = await openPage(s, { width: 1440, height: 900 });
    await page.goto(`${s.base}/editor/${northwind.key}`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(s.demo.users.owner);
    await page.getByLabel('Password').fill(s.demo.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.base}/editor/${northwind.key}`);

    const pageLinks = page.getByRole('navigation', { name: 'Pages' }).getByRole('link');
    expect(await pageLinks.count()).toBe(northwind.pages.length);
    for (const p of northwind.pages)
      expect(await page.getByRole('link', { name: new RegExp(`^${p.title}`) }).count()).toBeGreaterThan(0);
    const preview = page.frameLocator('iframe.preview-frame');
    // The draft: the headline changed in the first test shows here, and only here.
    await preview.getByRole('heading', { level: 1, name: 'A draft headline nobody published' }).waitFor();
    expect(await page.getByRole('list', { name: 'Versions' }).textContent()).toMatch(/Version 1\s*Published/);
    // The preview shows the page once its fonts and the images in view are in and its load animations have
    // played (a looping one never ends).
    const previewFrame = await (await page.locator('iframe.preview-frame').elementHandle())!.contentFrame();
    await previewFrame!.waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        [...document.images].every(
          (image) => image.complete || image.getBoundingClientRect().top > window.innerHeight,
        ) &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
    );
    await screenshot(page, 'editor-page', false);

    // Keyboard: Tab to "Publish…", Enter opens the dialog, Escape closes it.
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Publish…');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Publish/ });
    await dialog.waitFor();
    await screenshot(page, 'editor-publish-dialog', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Publish…' }).click();
    await dialog.getByLabel(/Isolate styles/).check();
    await dialog.getByRole('button', { name: 'Get embed code' }).click();
    const code = page.getByLabel('Embed code');
    await code.waitFor();
    const tag = await code.inputValue();
    expect(tag).toBe(
      `<script src="${s.base}/embed/${northwind.key}/${home.key}.js?shadowdom=1" async></script>`,
    );
    expect(await page.getByRole('dialog').getByText('is published as an embed').isVisible()).toBe(true);
    await screenshot(page, 'editor-embed-code', false);
    // Publishing made a new version, now listed.
    expect(await page.getByRole('list', { name: 'Versions' }).textContent()).toMatch(/Version 2\s*Published/);
    expect(errors).toEqual([]);

    // The snippet, pasted into a page of another origin, shows the version just published.
    const host = await openPage(s);
    await host.page.goto(s.host.page(tag));
    await host.page.getByRole('heading', { level: 1, name: 'A draft headline nobody published' }).waitFor();
    await host.close();
    await close();
  });
});
