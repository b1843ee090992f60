import { describe, expect, it } from '@jest/globals';
import { defaultBreakpoints, defaultTheme, type Element, type SnapshotSection } from '#folio/content';
import { parse } from 'node-html-parser';
import { renderPage } from './page.js';
import { type RenderContext } from './render.types.js';

const ctx: RenderContext = { preset: 'desktop', theme: defaultTheme, breakpoints: defaultBreakpoints };

function section(key: string, type: string, tag?: string, children: Element[] = []): SnapshotSection {
  const tree: Element = { key: `${key}root`, type: 'frame', ...(tag ? { tag } : {}), children };
  return { key, title: type, type, tree, styles: {}, interactions: [] };
}

/** Each section's root tag and the landmark it sits in ("main", or "-" for none). */
function layout(html: string): string[] {
  return parse(html)
    .querySelectorAll('[data-section-key]')
    .map((root) => `${root.tagName.toLowerCase()} in ${root.closest('main') ? 'main' : '-'}`);
}

describe('a page rendered with its landmarks', () => {
  it('makes its leading navbars the header, its trailing footers the footer and the rest one main', () => {
    const sections = [
      section('navbar01', 'navbar'),
      section('hero0001', 'hero', 'section'),
      section('menu0001', 'navbar', 'nav'),
      section('footer01', 'footer'),
      section('legal001', 'Footer', 'footer'),
    ];
    const { html } = renderPage(sections, ctx, { landmarks: true });
    expect(parse(html).querySelectorAll('main')).toHaveLength(1);
    expect(layout(html)).toEqual([
      'header in -',
      'section in main',
      'nav in main',
      'footer in -',
      'footer in -',
    ]);
  });

  it('keeps a navbar root that is a nav, and gives a page of only a navbar an empty main', () => {
    const { html } = renderPage([section('navbar01', 'navbar', 'nav')], ctx, { landmarks: true });
    expect(layout(html)).toEqual(['nav in -']);
    expect(parse(html).querySelector('main')!.childNodes).toHaveLength(0);
  });

  it('adds no landmark of its own without the option, as for embeds and views', () => {
    const sections = [
      section('navbar01', 'navbar'),
      section('body0001', 'content'),
      section('footer01', 'footer'),
    ];
    const { html } = renderPage(sections, ctx);
    expect(parse(html).querySelectorAll('main, header, footer')).toHaveLength(0);
    expect(layout(html)).toEqual(['div in -', 'div in -', 'div in -']);
  });

  it('never renders a main the content asks for: the document has one, the renderer’s', () => {
    const sections = [
      section('body0001', 'content', 'main', [{ key: 'inner001', type: 'frame', tag: 'main' }]),
    ];
    expect(parse(renderPage(sections, ctx, { landmarks: true }).html).querySelectorAll('main')).toHaveLength(
      1,
    );
    expect(parse(renderPage(sections, ctx).html).querySelectorAll('main')).toHaveLength(0);
  });

  it('lets keyboard users reach a code block that scrolls sideways', () => {
    const code: Element = { key: 'code0001', type: 'text', tag: 'pre', text: 'npm install @atlas/sdk' };
    const { html } = renderPage([section('body0001', 'content', undefined, [code])], ctx);
    expect(parse(html).querySelector('pre')!.getAttribute('tabindex')).toBe('0');
  });
});
