import { describe, expect, it } from '@jest/globals';
import { type Theme } from '#folio/content';
import postcss, { type Rule } from 'postcss';
import { themeCss } from './theme-css.js';
import { atlasTheme, northwindTheme } from '#folio/seed';

function declarationsOf(css: string, selector: string): Record<string, string> {
  const out: Record<string, string> = {};
  postcss.parse(css).walkRules((rule: Rule) => {
    if (rule.selector === selector) rule.walkDecls((d) => void (out[d.prop] = d.value));
  });
  return out;
}

describe(themeCss.name, () => {
  it('puts colour, spacing and radius tokens on the selector as custom properties', () => {
    const vars = declarationsOf(themeCss(northwindTheme, '.folio-page'), '.folio-page');
    expect(vars).toMatchObject({
      '--color-primary': '#9A4A24',
      '--color-on-primary': '#FFF8F0',
      '--space-xl': '2.25rem',
      '--radius-pill': '999px',
    });
    expect(Object.keys(vars)).toHaveLength(
      Object.keys(northwindTheme.colors).length +
        Object.keys(northwindTheme.spacing).length +
        Object.keys(northwindTheme.radii).length,
    );
  });

  it('turns each text style into a scoped .ts-<name> class', () => {
    const css = themeCss(northwindTheme, '.embed-root');
    expect(declarationsOf(css, '.embed-root .ts-h1')).toEqual({
      'font-family': northwindTheme.textStyles.h1.fontFamily,
      'font-size': northwindTheme.textStyles.h1.fontSize,
      'font-weight': '600',
      'line-height': '1.08',
      'letter-spacing': '-0.02em',
    });
    expect(declarationsOf(css, '.embed-root .ts-eyebrow')['text-transform']).toBe('uppercase');
    expect(css).not.toMatch(/^\.ts-/m);
  });

  it('declares @font-face only for theme fonts that have a URL', () => {
    expect(themeCss(northwindTheme, '.p')).not.toContain('@font-face');
    const withFonts: Theme = {
      ...atlasTheme,
      fonts: [
        { family: 'Manrope', url: 'https://fonts.example/manrope.woff2', weights: [400, 700] },
        { family: 'Evil', url: 'javascript:alert(1)', weights: [400] },
        { family: 'NoUrl', weights: [400] },
      ],
    };
    const faces: Record<string, string>[] = [];
    postcss.parse(themeCss(withFonts, '.p')).walkAtRules('font-face', (rule) => {
      const d: Record<string, string> = {};
      rule.walkDecls((decl) => void (d[decl.prop] = decl.value));
      faces.push(d);
    });
    expect(faces).toEqual([
      {
        'font-family': '"Manrope"',
        src: 'url("https://fonts.example/manrope.woff2") format("woff2")',
        'font-weight': '400 700',
        'font-style': 'normal',
        'font-display': 'swap',
      },
    ]);
  });

  it('drops token values that would escape the rule', () => {
    const hostile: Theme = { ...northwindTheme, colors: { primary: 'red}body{display:none', ok: '#fff' } };
    const vars = declarationsOf(themeCss(hostile, '.p'), '.p');
    expect(vars['--color-primary']).toBeUndefined();
    expect(vars['--color-ok']).toBe('#fff');
    expect(themeCss(hostile, '.p')).not.toContain('display:none');
  });
});
