import { describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, walkElements, type Element, type SnapshotSection } from '#folio/content';
import { Truck } from 'lucide-static';
import { parse } from 'node-html-parser';
import { renderSectionHtml } from './element-html.js';
import { type AssetRef, type RenderContext } from './render.types.js';
import { northwindTheme, sampleProjects } from '#folio/seed';

const ctx: RenderContext = { preset: 'desktop', theme: northwindTheme, breakpoints: defaultBreakpoints };

function section(tree: Element): SnapshotSection {
  return { key: 'sectTest01', title: 'Test', type: 'content', tree, styles: {}, interactions: [] };
}

function frame(children: Element[], extra: Partial<Element> = {}): Element {
  return { key: 'rootFrame01', type: 'frame', children, ...extra };
}

function render(tree: Element, context: Partial<RenderContext> = {}) {
  return parse(renderSectionHtml(section(tree), { ...ctx, ...context }));
}

const northwindHome = sampleProjects[0].pages[0];

describe(renderSectionHtml.name, () => {
  it('gives every element its key as DOM id and the section root data-section-key', () => {
    const design = northwindHome.sections[1];
    const root = parse(
      renderSectionHtml(
        {
          key: design.key,
          title: design.title,
          type: design.role,
          tree: design.tree,
          styles: design.styles,
          interactions: [],
        },
        ctx,
      ),
    );
    const keys = [...walkElements(design.tree)].map((e) => e.key);
    for (const key of keys) expect(root.querySelectorAll(`[id="${key}"]`)).toHaveLength(1);
    const sectionRoot = root.querySelector(`#${design.tree.key}`)!;
    expect(sectionRoot.getAttribute('data-section-key')).toBe(design.key);
    expect(root.querySelectorAll('[data-section-key]')).toHaveLength(1);
    expect(sectionRoot.textContent).toContain('Coffee roasted this week');
  });

  it('removes scripts, event handlers, styles and unsafe links from text but keeps inline formatting and lists', () => {
    const html = renderSectionHtml(
      section(
        frame([
          {
            key: 'richText01',
            type: 'text',
            tag: 'div',
            text:
              '<p onclick="steal()">Hi <script>alert("pwned")</script><img src=x onerror="alert(2)">' +
              '<strong style="color:red" class="x" id="y">bold</strong> <em>em</em></p>' +
              '<ul><li><a href="javascript:alert(3)">bad</a></li><li><a href="/coffee" onmouseover="x()">shop</a></li></ul>' +
              '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
          },
        ]),
      ),
      { ...ctx, linkBase: '/sites/northwind' },
    );
    expect(html).not.toMatch(
      /<script|alert|onerror|onclick|onmouseover|javascript:|<style|style=|<iframe|<img|class="x"|id="y"/i,
    );
    const text = parse(html).querySelector('#richText01')!;
    expect(text.querySelector('strong')!.textContent).toBe('bold');
    expect(text.querySelector('em')!.textContent).toBe('em');
    expect(text.querySelectorAll('li')).toHaveLength(2);
    expect(text.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      undefined,
      '/sites/northwind/coffee',
    ]);
  });

  it('keeps block markup out of phrasing elements and links out of links', () => {
    const root = render(
      frame([
        { key: 'paragraph1', type: 'text', text: '<p>One</p><ul><li>Two</li></ul><h2>Three</h2>' },
        { key: 'linkButton', type: 'button', href: '/x', text: 'Go <a href="/y">inner</a>' },
        {
          key: 'cardLink01',
          type: 'frame',
          href: '/card',
          children: [{ key: 'cardLink02', type: 'button', href: '/z', text: 'More' }],
        },
      ]),
    );
    const paragraph = root.querySelector('#paragraph1')!;
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.querySelectorAll('p, ul, li, h2')).toHaveLength(0);
    expect(paragraph.textContent).toBe('OneTwoThree');
    expect(root.querySelector('#linkButton')!.querySelectorAll('a')).toHaveLength(0);
    expect(root.querySelector('#linkButton')!.textContent).toBe('Go inner');
    expect(root.querySelector('#cardLink01')!.tagName).toBe('A');
    expect(root.querySelector('#cardLink02')!.tagName).toBe('SPAN');
  });

  it('rewrites site-relative links under linkBase and leaves absolute, fragment and relative links alone', () => {
    const hrefs = [
      '/coffee',
      '/',
      '/coffee#subscriptions',
      'https://example.com/x',
      '//cdn.example.com/y',
      '#start',
      'mailto:hi@example.com',
      'tel:+15035550100',
      'javascript:alert(1)',
      ' JaVa\tScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
    ];
    const tree = frame(hrefs.map((href, i) => ({ key: `link${i}abc`, type: 'button', href, text: `L${i}` })));
    const root = render(tree, { linkBase: '/sites/northwind' });
    expect(hrefs.map((_, i) => root.querySelector(`#link${i}abc`)!.getAttribute('href') ?? null)).toEqual([
      '/sites/northwind/coffee',
      '/sites/northwind/',
      '/sites/northwind/coffee#subscriptions',
      'https://example.com/x',
      '//cdn.example.com/y',
      '#start',
      'mailto:hi@example.com',
      'tel:+15035550100',
      null,
      null,
      null,
      null,
    ]);
    expect(render(tree).querySelector('#link0abc')!.getAttribute('href')).toBe('/coffee');
  });

  it('renders the Lucide SVG named by an icon, and nothing for an unknown name', () => {
    const root = render(
      frame([
        { key: 'iconTruck1', type: 'icon', src: 'truck' },
        { key: 'iconLabel1', type: 'icon', src: 'star', alt: 'Rating' },
        { key: 'iconNone01', type: 'icon', src: 'no-such-icon' },
        { key: 'iconPath01', type: 'icon', src: '../../../package' },
        { key: 'iconProto1', type: 'icon', src: 'constructor' },
        { key: 'iconEmpty1', type: 'icon' },
      ]),
    );
    const truck = root.querySelector('#iconTruck1 svg')!;
    expect(truck.getAttribute('aria-hidden')).toBe('true');
    const lucidePaths = parse(Truck)
      .querySelectorAll('path')
      .map((p) => p.getAttribute('d'));
    expect(truck.querySelectorAll('path').map((p) => p.getAttribute('d'))).toEqual(lucidePaths);
    expect(root.querySelector('#iconLabel1 svg')!.getAttribute('aria-label')).toBe('Rating');
    for (const key of ['iconNone01', 'iconPath01', 'iconProto1', 'iconEmpty1']) {
      expect(root.querySelector(`#${key}`)!.innerHTML).toBe('');
    }
  });

  it('gives every image alt text, known dimensions and lazy loading after the first', () => {
    const assets: Record<string, AssetRef> = {
      assetReady: {
        key: 'assetReady',
        kind: 'image',
        url: 'https://cdn.example/photo.jpg',
        width: 1600,
        height: 900,
        status: 'ready',
      },
      assetPend1: { key: 'assetPend1', kind: 'image', url: '', width: 800, height: 600, status: 'pending' },
      assetPend2: { key: 'assetPend2', kind: 'image', url: '', status: 'pending' },
    };
    const root = render(
      frame([
        {
          key: 'imageOne01',
          type: 'image',
          src: 'https://example.com/old.png',
          asset: 'assetReady',
          alt: 'A roaster at work',
        },
        { key: 'imageTwo01', type: 'image', src: 'https://example.com/stand-in.png', asset: 'assetPend1' },
        { key: 'imageThree', type: 'image', asset: 'assetPend2', alt: 'Coming soon' },
        { key: 'imageFour1', type: 'image', src: 'javascript:alert(1)' },
        {
          key: 'imageFive1',
          type: 'image',
          src: `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' width='480' height='360'></svg>")}`,
        },
      ]),
      { assets },
    );
    const images = root.querySelectorAll('img');
    expect(images).toHaveLength(5);
    for (const img of images) expect(img.hasAttribute('alt')).toBe(true);

    const [one, two, three, four, five] = images;
    expect(one.attributes).toMatchObject({
      src: 'https://cdn.example/photo.jpg',
      alt: 'A roaster at work',
      width: '1600',
      height: '900',
    });
    expect(one.hasAttribute('loading')).toBe(false);
    expect(two.attributes).toMatchObject({
      src: 'https://example.com/stand-in.png',
      alt: '',
      width: '800',
      height: '600',
      loading: 'lazy',
    });
    expect(three.getAttribute('data-asset-status')).toBe('pending');
    expect(three.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(four.getAttribute('src')).not.toContain('javascript');
    expect(five.attributes).toMatchObject({ width: '480', height: '360', loading: 'lazy' });
  });

  it('falls back to the type default for tags that could run or submit anything', () => {
    const root = render(
      frame([
        { key: 'tagScript1', type: 'frame', tag: 'script', text: 'alert(1)' },
        { key: 'tagIframe1', type: 'frame', tag: 'iframe' },
        { key: 'tagForm001', type: 'text', tag: 'form', text: 'x' },
        { key: 'tagHeading', type: 'text', tag: 'h2', text: 'Title' },
        { key: 'plainButtn', type: 'button', text: 'Toggle' },
      ]),
    );
    expect(root.querySelector('#tagScript1')!.tagName).toBe('DIV');
    expect(root.querySelector('#tagIframe1')!.tagName).toBe('DIV');
    expect(root.querySelector('#tagForm001')!.tagName).toBe('P');
    expect(root.querySelector('#tagHeading')!.tagName).toBe('H2');
    expect(root.querySelector('#plainButtn')!.outerHTML).toBe(
      '<button id="plainButtn" type="button">Toggle</button>',
    );
    expect(root.querySelectorAll('script, iframe, form')).toHaveLength(0);
  });

  it('sanitizes inline SVG shapes and names icon-only links', () => {
    const root = render(
      frame([
        {
          key: 'shapeSvg01',
          type: 'shape',
          src: '<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><circle cx="5" cy="5" r="4" fill="url(https://evil.example/x)"/><rect width="2" height="2" fill="url(#g)"/><foreignObject><p>x</p></foreignObject></svg>',
        },
        {
          key: 'socialLink',
          type: 'button',
          name: 'Instagram link',
          href: 'https://instagram.com/x',
          children: [{ key: 'socialIcon', type: 'icon', src: 'heart' }],
        },
      ]),
    );
    const svg = root.querySelector('#shapeSvg01 svg')!;
    expect(svg.toString()).not.toMatch(/script|onload|evil|foreignObject|<p>/i);
    expect(svg.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe('url(#g)');
    expect(root.querySelector('#socialLink')!.getAttribute('aria-label')).toBe('Instagram link');
  });
});
