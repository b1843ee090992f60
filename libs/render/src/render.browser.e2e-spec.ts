/** The renderer's output in a real browser (Chromium): what a visitor sees at each width, and the interactions. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, type Interaction, type SnapshotSection } from '#folio/content';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterRendering, launchChromium } from '#folio/testing';
import { interactionsScript } from './interactions-runtime.js';
import { renderDocument, renderPage } from './page.js';
import { type RenderContext, type RenderOptions } from './render.types.js';
import { northwindTheme, sampleProjects, snapshotSection } from '#folio/seed';

const artifacts = resolve(process.cwd(), 'test/artifacts');
const northwind = sampleProjects[0];
const ctx: RenderContext = { preset: 'desktop', theme: northwindTheme, breakpoints: defaultBreakpoints };

/** A row that becomes a column on phones; tablets (and so phones) get a gap. */
const layout: SnapshotSection = {
  key: 'sectLayout1',
  title: 'Layout',
  type: 'features',
  tree: {
    key: 'layoutRoot',
    type: 'frame',
    tag: 'section',
    children: [
      { key: 'layoutText', type: 'text', text: 'One', textStyle: 'h1' },
      { key: 'layoutMore', type: 'text', text: 'Two' },
    ],
  },
  styles: {
    desktop: { layoutRoot: { display: 'flex', 'flex-direction': 'row' } },
    tablet: { layoutRoot: { gap: '8px' } },
    mobile: { layoutRoot: { 'flex-direction': 'column' } },
  },
  interactions: [],
};

/** The same look written mobile-first. */
const layoutMobileFirst: SnapshotSection = {
  ...layout,
  styles: {
    mobile: { layoutRoot: { display: 'flex', 'flex-direction': 'column', gap: '8px' } },
    desktop: { layoutRoot: { 'flex-direction': 'row', gap: 'normal' } },
  },
};

let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

async function open(
  html: string,
  width: number,
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setContent(html, { waitUntil: 'load' });
  return page;
}

function documentOf(
  sections: SnapshotSection[],
  context: RenderContext = ctx,
  options?: RenderOptions,
): string {
  return renderDocument(renderPage(sections, context, options), { title: 'Render test' });
}

async function style(page: Page, id: string, property: string): Promise<string> {
  return page.evaluate(
    ([key, prop]) => getComputedStyle(document.getElementById(key)!).getPropertyValue(prop),
    [id, property],
  );
}

async function styleAt(html: string, width: number, id: string, property: string): Promise<string> {
  const page = await open(html, width);
  try {
    return await style(page, id, property);
  } finally {
    await page.context().close();
  }
}

async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shadow = document.getElementById('host')?.shadowRoot;
    const animations = [...document.getAnimations(), ...(shadow?.getAnimations() ?? [])];
    return Promise.all(animations.map((a) => a.finished));
  });
}

describe('rendered pages in Chromium', () => {
  it('applies a mobile override only below 768 px for the desktop preset', async () => {
    const html = documentOf([layout]);
    const at = (width: number, property = 'flex-direction') => styleAt(html, width, 'layoutRoot', property);
    expect(await at(1280)).toBe('row');
    expect(await at(768)).toBe('row');
    expect(await at(767)).toBe('column');
    expect(await at(390)).toBe('column');
    // Tablet overrides reach phones too, unless the mobile styles say otherwise.
    expect(await at(1024, 'row-gap')).toBe('normal');
    expect(await at(1023, 'row-gap')).toBe('8px');
    expect(await at(390, 'row-gap')).toBe('8px');
  });

  it('builds up from the mobile styles for the mobile preset', async () => {
    const html = documentOf([layoutMobileFirst], { ...ctx, preset: 'mobile' });
    const at = (width: number) => styleAt(html, width, 'layoutRoot', 'flex-direction');
    expect(await at(390)).toBe('column');
    expect(await at(1023)).toBe('column');
    expect(await at(1024)).toBe('row');
  });

  it('shows a seed page’s phone layout at 390 px and its desktop layout at 1280 px', async () => {
    const sections = northwind.pages[0].sections.map(snapshotSection);
    const html = documentOf(sections, { ...ctx, linkBase: '/sites/northwind' });
    const keywords = [
      'flex-direction',
      'display',
      'text-align',
      'align-items',
      'justify-content',
      'flex-wrap',
    ];
    const checks = sections.flatMap((s) =>
      Object.entries(s.styles.mobile ?? {}).flatMap(([key, declarations]) =>
        Object.entries(declarations)
          .filter(
            ([property, value]) =>
              keywords.includes(property) && s.styles.desktop?.[key]?.[property] !== value,
          )
          .map(([property, value]) => ({
            key,
            property,
            mobile: value,
            desktop: s.styles.desktop?.[key]?.[property],
          })),
      ),
    );
    expect(checks.length).toBeGreaterThan(3);

    for (const [width, expected] of [
      [390, 'mobile'],
      [1280, 'desktop'],
    ] as const) {
      const page = await open(html, width, { reducedMotion: 'reduce' });
      for (const check of checks) {
        if (check[expected] === undefined) continue;
        // Flex and grid items are blockified: an inline-flex item computes to flex.
        const actual = (await style(page, check.key, check.property)).replace(/^inline-/, '');
        expect({ ...check, width, actual }).toEqual({
          ...check,
          width,
          actual: check[expected].replace(/^inline-/, ''),
        });
      }
      await page.screenshot({ path: `${artifacts}/render-northwind-home-${width}.png`, fullPage: true });
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });

  it('turns theme tokens into custom properties and text styles into fonts', async () => {
    const page = await open(documentOf([layout]), 1280);
    const root = await page.evaluate(() => {
      const el = document.querySelector('.folio-page')!;
      const s = getComputedStyle(el);
      return {
        primary: s.getPropertyValue('--color-primary'),
        space: s.getPropertyValue('--space-xl'),
        background: s.backgroundColor,
      };
    });
    expect(root).toEqual({ primary: '#9A4A24', space: '2.25rem', background: 'rgb(251, 246, 239)' });
    expect(await style(page, 'layoutText', 'font-family')).toMatch(/^"?Fraunces"?,/);
    expect(await style(page, 'layoutText', 'font-weight')).toBe('600');
    expect(await style(page, 'layoutMore', 'color')).toBe('rgb(43, 29, 20)');
    await page.context().close();
  });

  it('never runs a script written into text', async () => {
    const hostile: SnapshotSection = {
      ...layout,
      tree: {
        ...layout.tree,
        children: [
          {
            key: 'hostileTxt',
            type: 'text',
            tag: 'div',
            text: '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2"><a id="bad" href="javascript:window.pwned=3">Click</a><svg onload="window.pwned=4"></svg>',
          },
        ],
      },
    };
    const page = await open(documentOf([hostile]), 1280);
    await page.click('#hostileTxt a');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.textContent('#hostileTxt')).toBe('Click');
    await page.context().close();
  });

  it('lays a container-mode page out by its slot: a 400 px slot in a 1400 px window gets the phone layout', async () => {
    const hero = snapshotSection(northwind.pages[0].sections.find((s) => s.role === 'hero')!);
    const host = (options: RenderOptions) => {
      const page = renderPage([layout, hero], ctx, options);
      return `<!DOCTYPE html><html lang="en"><head><title>Host</title><style>${page.css}</style></head><body><div style="width:400px">${page.html}</div></body></html>`;
    };
    const contained = await open(host({ containerMode: true }), 1400);
    const plain = await open(host({}), 1400);
    expect(await style(contained, 'layoutRoot', 'flex-direction')).toBe('column');
    expect(await style(plain, 'layoutRoot', 'flex-direction')).toBe('row');
    // Fluid type follows the slot too: the container-mode headline is phone-sized.
    const size = async (page: Page) =>
      parseFloat(await page.$eval(`#${hero.tree.key} h1`, (el) => getComputedStyle(el).fontSize));
    expect(await size(contained)).toBeLessThan(await size(plain));
    expect(await size(contained)).toBeLessThanOrEqual(40);
    await contained.screenshot({ path: `${artifacts}/render-container-400-in-1400.png` });
    await contained.context().close();
    await plain.context().close();
  });
});

describe('interactions runtime', () => {
  const fade = (type: Interaction['trigger']['type'], trigger: string, target: string): Interaction => ({
    trigger: { type, elementKey: trigger },
    actions: [
      {
        targetKey: target,
        keyframes: [{ opacity: 1 }, { opacity: 0.25 }],
        timing: { duration: 60, easing: 'linear', fill: 'forwards' },
      },
    ],
  });
  const playground = (interactions: Interaction[], spacer = '0'): SnapshotSection => ({
    key: 'sectPlay001',
    title: 'Playground',
    type: 'content',
    tree: {
      key: 'playRoot01',
      type: 'frame',
      children: [
        { key: 'playButton', type: 'button', text: 'Play' },
        { key: 'playTarget', type: 'text', text: 'Target' },
        { key: 'playSpacer', type: 'frame' },
        { key: 'playBelow1', type: 'text', text: 'Below the fold' },
      ],
    },
    styles: { desktop: { playSpacer: { height: spacer } } },
    interactions,
  });
  const opacity = (page: Page, id: string) => style(page, id, 'opacity');

  it('plays an animation on click', async () => {
    const page = await open(documentOf([playground([fade('click', 'playButton', 'playTarget')])]), 1280);
    expect(await opacity(page, 'playTarget')).toBe('1');
    await page.click('#playButton');
    await animationsDone(page);
    expect(await opacity(page, 'playTarget')).toBe('0.25');
    await page.context().close();
  });

  it('plays on hover and returns when the pointer leaves', async () => {
    const page = await open(documentOf([playground([fade('hover', 'playButton', 'playTarget')])]), 1280);
    await page.hover('#playButton');
    await animationsDone(page);
    expect(await opacity(page, 'playTarget')).toBe('0.25');
    await page.mouse.move(1200, 700);
    await animationsDone(page);
    expect(await opacity(page, 'playTarget')).toBe('1');
    await page.context().close();
  });

  it('plays on load', async () => {
    const page = await open(documentOf([playground([fade('load', 'playRoot01', 'playTarget')])]), 1280);
    await animationsDone(page);
    expect(await opacity(page, 'playTarget')).toBe('0.25');
    await page.context().close();
  });

  it('holds a reveal at its first frame until the trigger scrolls into view', async () => {
    const reveal: Interaction = {
      trigger: { type: 'enterViewport', elementKey: 'playBelow1' },
      actions: [
        {
          targetKey: 'playBelow1',
          keyframes: [{ opacity: 0 }, { opacity: 1 }],
          timing: { duration: 60, delay: 20, fill: 'both' },
        },
      ],
    };
    const page = await open(documentOf([playground([reveal], '3000px')]), 1280);
    // Held: its animation is made and paused, and stays so once the page has seen what is in view.
    await page.waitForFunction(() => document.getAnimations().length === 1);
    await afterRendering(page);
    expect(await page.evaluate(() => document.getAnimations()[0].playState)).toBe('paused');
    expect(await opacity(page, 'playBelow1')).toBe('0');
    await page.evaluate(() => document.getElementById('playBelow1')!.scrollIntoView());
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
    expect(await opacity(page, 'playBelow1')).toBe('1');
    await page.context().close();
  });

  it('stays still for visitors who prefer reduced motion', async () => {
    const page = await open(documentOf([playground([fade('load', 'playRoot01', 'playTarget')])]), 1280, {
      reducedMotion: 'reduce',
    });
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    expect(await opacity(page, 'playTarget')).toBe('1');
    await page.context().close();
  });

  it('finds its elements inside a shadow root', async () => {
    const rendered = renderPage([playground([])], ctx);
    const script = interactionsScript(
      [fade('click', 'playButton', 'playTarget')],
      'document.getElementById("host").shadowRoot',
    );
    const page = await open(
      '<!DOCTYPE html><html lang="en"><head><title>Shadow</title></head><body><div id="host"></div></body></html>',
      1280,
    );
    await page.evaluate(
      ([html, css, js]) => {
        const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
        shadow.innerHTML = `<style>${css}</style>${html}`;
        new Function(js)();
      },
      [rendered.html, rendered.css, script],
    );
    await page.click('#playButton');
    await animationsDone(page);
    expect(
      await page.evaluate(
        () =>
          getComputedStyle(document.getElementById('host')!.shadowRoot!.getElementById('playTarget')!)
            .opacity,
      ),
    ).toBe('0.25');
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
