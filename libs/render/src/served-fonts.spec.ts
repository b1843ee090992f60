import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { defaultTheme, fontStacks, type Theme } from '#folio/content';
import { atlasTheme, northwindTheme } from '#folio/seed';
import { readServedFont, servedFontPath, servedFonts, withServedFonts } from './served-fonts.js';
import { themeCss } from './theme-css.js';

const base = 'https://folio.example';

function withStacks(heading: string, body: string, fonts: Theme['fonts'] = []): Theme {
  return {
    ...defaultTheme,
    textStyles: {
      h1: { ...defaultTheme.textStyles.h1, fontFamily: heading },
      body: { ...defaultTheme.textStyles.body, fontFamily: body },
    },
    fonts,
  };
}

describe(withServedFonts.name, () => {
  it('serves every catalog family a text style names, from Folio’s own origin', () => {
    expect(withServedFonts(northwindTheme, base).fonts).toEqual([
      { family: 'Fraunces', url: `${base}/fonts/fraunces-latin-wght-normal.woff2`, weights: [100, 900] },
      { family: 'Inter', url: `${base}/fonts/inter-latin-wght-normal.woff2`, weights: [100, 900] },
    ]);
    // The grotesk stack falls back to Inter: both are served, browsers download only what they use.
    expect(withServedFonts(atlasTheme, `${base}/`).fonts.map((font) => [font.family, font.url])).toEqual([
      ['Manrope', `${base}/fonts/manrope-latin-wght-normal.woff2`],
      ['Inter', `${base}/fonts/inter-latin-wght-normal.woff2`],
    ]);
  });

  it('replaces listed fonts without a URL, keeps fonts with one, and leaves other families alone', () => {
    const own = { family: 'Inter', url: 'https://cdn.example/inter.woff2', weights: [400] };
    const theme = withStacks(fontStacks.serif, '"inter", Arial, sans-serif', [
      own,
      { family: 'Fraunces', weights: [400, 600] },
      { family: 'Lobster', weights: [400] },
      { family: 'manrope', weights: [500] },
    ]);
    expect(withServedFonts(theme, base).fonts).toEqual([
      own,
      { family: 'Lobster', weights: [400] },
      { family: 'Fraunces', url: `${base}/fonts/fraunces-latin-wght-normal.woff2`, weights: [100, 900] },
      { family: 'Manrope', url: `${base}/fonts/manrope-latin-wght-normal.woff2`, weights: [200, 800] },
    ]);
    expect(theme.fonts).toHaveLength(4);
  });

  it('returns a theme without catalog families unchanged', () => {
    const theme = withStacks('Georgia, serif', 'system-ui, sans-serif');
    expect(withServedFonts(theme, base)).toBe(theme);
  });

  it('turns into one @font-face per served family, with the weight range and woff2', () => {
    const css = themeCss(withServedFonts(northwindTheme, base), '.p');
    expect(css).toContain(
      `@font-face{font-family:"Fraunces";src:url("${base}/fonts/fraunces-latin-wght-normal.woff2") format("woff2");font-weight:100 900;font-style:normal;font-display:swap}`,
    );
    expect(css.match(/@font-face/g)).toHaveLength(2);
  });
});

describe(servedFontPath.name, () => {
  it('finds every catalog file in its package, and nothing else', async () => {
    for (const font of servedFonts) {
      const path = servedFontPath(font.file)!;
      expect(path).toContain(`${font.packageName}/files/${font.file}`);
      const bytes = await readServedFont(font.file)!;
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(bytes.equals(await readFile(path))).toBe(true);
    }
    for (const file of ['../package.json', 'inter-latin-wght-italic.woff2', 'Inter', '', '/etc/passwd']) {
      expect(servedFontPath(file)).toBeNull();
      expect(readServedFont(file)).toBeNull();
    }
  });
});
