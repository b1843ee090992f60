/** A theme as CSS: tokens as custom properties on a selector, text styles as `.ts-<name>` classes, fonts as @font-face. */
import { type TextStyle, type Theme } from '#folio/content';
import { declarationBlock, isSafeCssValue } from './css-safety.js';
import { safeMediaUrl } from './links.js';

const tokenName = /^[a-z0-9][a-z0-9-]*$/i;

/** A theme value and the CSS custom property it becomes. */
export interface ThemeProperty {
  group: 'colors' | 'spacing' | 'radii';
  name: string;
  /** `--color-<name>`, `--space-<name>` or `--radius-<name>`. */
  property: string;
  value: string;
}

const propertyPrefixes = { colors: 'color', spacing: 'space', radii: 'radius' } as const;

/** Every colour, spacing and radius of the theme with the custom property it renders as. */
export function themeProperties(theme: Theme): ThemeProperty[] {
  return (Object.keys(propertyPrefixes) as ThemeProperty['group'][]).flatMap((group) =>
    Object.entries(theme[group] ?? {})
      .filter(([name]) => tokenName.test(name))
      .map(([name, value]) => ({ group, name, property: `--${propertyPrefixes[group]}-${name}`, value })),
  );
}

/** The theme's text styles with the class each renders as (`ts-<name>`). */
export function textStyleClasses(theme: Theme): { name: string; className: string; style: TextStyle }[] {
  return Object.entries(theme.textStyles ?? {})
    .filter(([name]) => tokenName.test(name))
    .map(([name, style]) => ({ name, className: `ts-${name}`, style }));
}

function textStyleDeclarations(style: TextStyle): Record<string, string> {
  const declarations: Record<string, string> = {
    'font-family': style.fontFamily,
    'font-size': style.fontSize,
    'font-weight': String(style.fontWeight),
    'line-height': style.lineHeight,
  };
  if (style.letterSpacing) declarations['letter-spacing'] = style.letterSpacing;
  if (style.textTransform) declarations['text-transform'] = style.textTransform;
  return declarations;
}

function fontFormat(url: string): string {
  const extension = /\.(woff2|woff|ttf|otf)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const formats: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' };
  return extension ? ` format("${formats[extension]}")` : '';
}

/** @font-face rules for the theme's fonts that have a URL. */
export function fontFaceCss(theme: Theme): string {
  let css = '';
  for (const font of theme.fonts ?? []) {
    const url = font.url && (safeMediaUrl(font.url) ?? (/^data:font\//i.test(font.url) ? font.url : null));
    if (!url || /["\\\n\r]/.test(url) || /["\\\n\r<]/.test(font.family)) continue;
    const weights = (font.weights ?? []).filter((w) => Number.isFinite(w)).sort((a, b) => a - b);
    const weight = weights.length
      ? `font-weight:${weights[0]}${weights.length > 1 ? ` ${weights[weights.length - 1]}` : ''};`
      : '';
    css += `@font-face{font-family:"${font.family}";src:url("${url}")${fontFormat(url)};${weight}font-style:normal;font-display:swap}\n`;
  }
  return css;
}

/**
 * The theme under `selector`: `--color-*`, `--space-*` and `--radius-*` custom properties on it, one
 * `<selector> .ts-<name>` class per text style, and @font-face rules for fonts with a URL.
 */
export function themeCss(theme: Theme, selector: string): string {
  const variables = declarationBlock(
    Object.fromEntries(themeProperties(theme).map(({ property, value }) => [property, value])),
  );
  let css = fontFaceCss(theme);
  css += `${selector}{${variables}}\n`;
  for (const { className, style } of textStyleClasses(theme)) {
    const block = declarationBlock(textStyleDeclarations(style));
    if (block) css += `${selector} .${className}{${block}}\n`;
  }
  return css;
}

/**
 * What every page root needs so sections look the same on any host: theme background, text colour and
 * body font, border-box sizing, images that keep their proportions.
 */
export function rootCss(theme: Theme, selector: string): string {
  const bodyFont = theme.textStyles?.body?.fontFamily;
  const font = bodyFont && isSafeCssValue(bodyFont) ? `;font-family:${bodyFont}` : '';
  return (
    `${selector}{background:var(--color-background);color:var(--color-text)${font};-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}\n` +
    `${selector} *,${selector} *::before,${selector} *::after{box-sizing:border-box}\n` +
    `${selector} img,${selector} video{max-width:100%;height:auto}\n`
  );
}
