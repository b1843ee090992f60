import { describe, expect, it } from '@jest/globals';
import postcss from 'postcss';
import { toContainerQueries } from './container-queries.js';
import { renderPage } from './page.js';
import { sampleProjects } from '#folio/seed';

function atRules(css: string): { name: string; params: string }[] {
  const rules: { name: string; params: string }[] = [];
  postcss.parse(css).walkAtRules((rule) => void rules.push({ name: rule.name, params: rule.params }));
  return rules;
}

const rewrite = (css: string) => toContainerQueries(css, 'folio-page');

describe(toContainerQueries.name, () => {
  it('turns a seed page’s width media queries into container queries on the root and leaves no width @media', () => {
    for (const project of sampleProjects) {
      const sections = project.pages[0].sections.map((s) => ({
        ...s,
        type: s.role,
        interactions: s.interactions ?? [],
      }));
      const ctx = { preset: project.preset, theme: project.theme, breakpoints: project.breakpoints };
      const plain = atRules(renderPage(sections, ctx).css).filter((r) => r.name === 'media');
      const contained = renderPage(sections, ctx, { containerMode: true }).css;
      const rules = atRules(contained);
      expect(plain.length).toBeGreaterThan(0);
      expect(rules.filter((r) => r.name === 'media')).toEqual([]);
      expect(rules.filter((r) => r.name === 'container').map((r) => r.params)).toEqual(
        plain.map((r) => `folio-page ${r.params}`),
      );
      expect(contained).toMatch(/^\.folio-page\{container-type:inline-size;container-name:folio-page\}/);
    }
  });

  it('rewrites width-only queries, with or without a screen/all type, ranges and lists', () => {
    const css = [
      '@media (max-width: 767px){a{b:c}}',
      '@media screen and (min-width:768px) and (max-width:1023px){a{b:c}}',
      '@media only screen and (width >= 1024px){a{b:c}}',
      '@media (400px <= width < 700px){a{b:c}}',
      '@media (max-width: 600px), (min-width: 1200px){a{b:c}}',
      '@media not (min-width: 900px){a{b:c}}',
    ].join('\n');
    expect(atRules(rewrite(css))).toEqual([
      { name: 'container', params: 'folio-page (max-width: 767px)' },
      { name: 'container', params: 'folio-page (min-width:768px) and (max-width:1023px)' },
      { name: 'container', params: 'folio-page (width >= 1024px)' },
      { name: 'container', params: 'folio-page (400px <= width < 700px)' },
      { name: 'container', params: 'folio-page (max-width: 600px) or (min-width: 1200px)' },
      { name: 'container', params: 'folio-page not (min-width: 900px)' },
    ]);
  });

  it('keeps media queries that test anything besides the width', () => {
    const kept = [
      '@media print{a{b:c}}',
      '@media (prefers-reduced-motion: reduce){a{b:c}}',
      '@media (orientation: landscape){a{b:c}}',
      '@media (min-width: 768px) and (hover: hover){a{b:c}}',
      '@media print and (max-width: 600px){a{b:c}}',
      '@media not all and (max-width: 600px){a{b:c}}',
      '@media (max-width: 600px), print{a{b:c}}',
      '@media (min-device-width: 600px){a{b:c}}',
    ];
    expect(atRules(rewrite(kept.join('\n'))).map((r) => r.name)).toEqual(kept.map(() => 'media'));
  });

  it('makes viewport-relative widths follow the container, outside strings only', () => {
    const out = rewrite(
      '.t{font-size:clamp(2.5rem, 1.4rem + 4.4vw, 4.75rem);width:100vw;margin:-.5svw}.u{content:"10vw";background:url(a10vw.png)}',
    );
    expect(out).toContain('clamp(2.5rem, 1.4rem + 4.4cqw, 4.75rem)');
    expect(out).toContain('width:100cqw');
    expect(out).toContain('margin:-.5cqw');
    expect(out).toContain('content:"10vw"');
    expect(out).toContain('url(a10vw.png)');
    expect(toContainerQueries('.t{width:10vw}', 'c', { viewportUnits: false })).toBe('.t{width:10vw}');
  });

  it('leaves everything else, including nested and commented CSS, as it was', () => {
    const css =
      '/* keep */\n@supports (display:grid){@media (max-width: 10px){.a{color:red}}}\n.b{color:blue}';
    expect(rewrite(css)).toBe(
      '/* keep */\n@supports (display:grid){@container folio-page (max-width: 10px){.a{color:red}}}\n.b{color:blue}',
    );
  });
});
