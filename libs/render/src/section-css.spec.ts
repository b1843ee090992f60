import { describe, expect, it } from '@jest/globals';
import postcss from 'postcss';
import { defaultBreakpoints, type Breakpoint, type SnapshotSection } from '#folio/content';
import { type RenderContext } from './render.types.js';
import { breakpointPlan, sectionCss } from './section-css.js';
import { northwindTheme, sampleProjects } from '#folio/seed';

const layout: SnapshotSection = {
  key: 'sectLayout1',
  title: 'Layout',
  type: 'features',
  tree: { key: 'layoutRoot', type: 'frame', children: [{ key: 'layoutText', type: 'text', text: 'Hi' }] },
  styles: {
    desktop: { layoutRoot: { display: 'flex', 'flex-direction': 'row' } },
    tablet: { layoutRoot: { gap: '8px' } },
    mobile: { layoutRoot: { 'flex-direction': 'column' } },
  },
  interactions: [],
};

const desktopFirst: RenderContext = {
  preset: 'desktop',
  theme: northwindTheme,
  breakpoints: defaultBreakpoints,
};
const mobileFirst: RenderContext = { ...desktopFirst, preset: 'mobile' };

describe(sectionCss.name, () => {
  it('renders desktop as the base and narrower breakpoints in max-width queries for the desktop preset', () => {
    expect(sectionCss(layout, desktopFirst)).toEqual([
      { breakpoint: 'desktop', media: '', css: '#layoutRoot{display:flex;flex-direction:row}\n' },
      { breakpoint: 'tablet', media: '(max-width: 1023px)', css: '#layoutRoot{gap:8px}\n' },
      { breakpoint: 'mobile', media: '(max-width: 767px)', css: '#layoutRoot{flex-direction:column}\n' },
    ]);
  });

  it('renders mobile as the base and wider breakpoints in min-width queries for the mobile preset', () => {
    expect(sectionCss(layout, mobileFirst).map(({ breakpoint, media }) => ({ breakpoint, media }))).toEqual([
      { breakpoint: 'mobile', media: '' },
      { breakpoint: 'tablet', media: '(min-width: 768px)' },
      { breakpoint: 'desktop', media: '(min-width: 1024px)' },
    ]);
  });

  it("follows the project's own breakpoints", () => {
    const custom: Breakpoint[] = [
      { name: 'desktop', label: 'Desktop', minWidth: 1200, previewWidth: 1440 },
      { name: 'tablet', label: 'Tablet', minWidth: 700, maxWidth: 1199, previewWidth: 900 },
      { name: 'mobile', label: 'Mobile', maxWidth: 699, previewWidth: 390 },
    ];
    expect(breakpointPlan('desktop', custom).map((s) => s.media)).toEqual([
      '',
      '(max-width: 1199px)',
      '(max-width: 699px)',
    ]);
    expect(breakpointPlan('mobile', custom).map((s) => s.media)).toEqual([
      '',
      '(min-width: 700px)',
      '(min-width: 1200px)',
    ]);
    // A range without its own edge takes it from its neighbour.
    const open: Breakpoint[] = custom.map(({ maxWidth: _max, ...b }) => b);
    expect(breakpointPlan('desktop', open).map((s) => s.media)).toEqual([
      '',
      '(max-width: 1199px)',
      '(max-width: 699px)',
    ]);
  });

  it('leaves out breakpoints without rules and scopes selectors when asked', () => {
    const onlyBase = { ...layout, styles: { desktop: layout.styles.desktop } };
    expect(sectionCss(onlyBase, desktopFirst)).toHaveLength(1);
    expect(sectionCss(onlyBase, desktopFirst, { scope: '.folio-page' })[0].css).toBe(
      '.folio-page #layoutRoot{display:flex;flex-direction:row}\n',
    );
  });

  it('drops declarations that would break out of their rule or the style element', () => {
    const hostile = {
      ...layout,
      styles: {
        desktop: {
          layoutRoot: {
            color: 'red}</style><script>alert(1)</script>',
            background: 'url(x);position:fixed',
            'margin}body{display': 'none',
            'border-color': 'red /* comment eats the rest',
            width: 'calc(100% - 2px',
            content: '"a;b{c}"',
            'font-family': '"Fraunces", serif',
            padding: 'var(--space-md)',
          },
        },
      },
    };
    expect(sectionCss(hostile, desktopFirst)[0].css).toBe(
      '#layoutRoot{content:"a;b{c}";font-family:"Fraunces", serif;padding:var(--space-md)}\n',
    );
  });

  it("renders every seed section's mobile overrides inside the mobile query", () => {
    for (const project of sampleProjects) {
      const ctx = { ...desktopFirst, preset: project.preset, theme: project.theme };
      for (const design of project.pages.flatMap((p) => p.sections)) {
        const css = sectionCss({ ...design, type: design.role, interactions: [] }, ctx);
        const mobile = css.find((c) => c.breakpoint === 'mobile')!;
        const mobileKeys = Object.keys(design.styles.mobile ?? {});
        expect(mobile.media).toBe(project.preset === 'desktop' ? '(max-width: 767px)' : '');
        for (const key of mobileKeys) expect(mobile.css).toContain(`#${key}{`);
      }
    }
  });

  it('grouped, gives elements with the same declarations one rule, and every element the same declarations', () => {
    const twins = {
      ...layout,
      styles: {
        desktop: { cardOne: { color: 'red' }, cardTwo: { color: 'red' }, cardThree: { color: 'blue' } },
      },
    };
    expect(sectionCss(twins, desktopFirst, { grouped: true })[0].css).toBe(
      '#cardOne,#cardTwo{color:red}\n#cardThree{color:blue}\n',
    );
    for (const project of sampleProjects) {
      const ctx = { ...desktopFirst, preset: project.preset, theme: project.theme };
      for (const design of project.pages.flatMap((p) => p.sections)) {
        const section = { ...design, type: design.role, interactions: [] };
        const grouped = sectionCss(section, ctx, { grouped: true });
        expect(grouped.map(declarationsByElement)).toEqual(
          sectionCss(section, ctx).map(declarationsByElement),
        );
        expect(grouped.reduce((n, c) => n + c.css.length, 0)).toBeLessThanOrEqual(
          sectionCss(section, ctx).reduce((n, c) => n + c.css.length, 0),
        );
      }
    }
  });
});

/** Per breakpoint, each element's declarations as a browser would collect them from the rules. */
function declarationsByElement({
  breakpoint,
  media,
  css,
}: {
  breakpoint: string;
  media: string;
  css: string;
}) {
  const byElement: Record<string, string[]> = {};
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) {
      rule.walkDecls((decl) => void (byElement[selector] ??= []).push(`${decl.prop}:${decl.value}`));
    }
  });
  return { breakpoint, media, byElement };
}
