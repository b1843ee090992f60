// A theme as W3C Design Tokens (DTCG format), each token naming the CSS custom property or class the
// export renders it as, so an agent can map Folio's tokens onto its own codebase's.
import { type TextStyle, type Theme } from '#folio/content';
import { textStyleClasses, themeProperties, type ThemeProperty } from '#folio/render';

/** The `$extensions` key a token's CSS name sits under: `--color-primary`, or `.ts-h1` for a text style. */
export const cssExtension = 'folio.css';

export interface DesignToken {
  $type: 'color' | 'dimension' | 'typography';
  $value: string | Record<string, string | number>;
  $extensions: { [cssExtension]: string };
}

export interface DesignTokens {
  $description: string;
  colors: Record<string, DesignToken>;
  typography: Record<string, DesignToken>;
  spacing: Record<string, DesignToken>;
  radii: Record<string, DesignToken>;
}

const types: Record<ThemeProperty['group'], DesignToken['$type']> = {
  colors: 'color',
  spacing: 'dimension',
  radii: 'dimension',
};

/** A unitless line height is a DTCG number; anything else stays the CSS value it is. */
function typography(style: TextStyle): Record<string, string | number> {
  const lineHeight = /^\d*\.?\d+$/.test(style.lineHeight) ? Number(style.lineHeight) : style.lineHeight;
  return {
    fontFamily: style.fontFamily,
    fontSize: style.fontSize,
    fontWeight: style.fontWeight,
    lineHeight,
    ...(style.letterSpacing ? { letterSpacing: style.letterSpacing } : {}),
    ...(style.textTransform ? { textTransform: style.textTransform } : {}),
  };
}

export function designTokens(theme: Theme): DesignTokens {
  const tokens: DesignTokens = {
    $description:
      'Values are CSS values as the export writes them (a size may be a clamp()); $extensions["folio.css"] is the custom property or class each becomes in themeCss.',
    colors: {},
    typography: {},
    spacing: {},
    radii: {},
  };
  for (const { group, name, property, value } of themeProperties(theme)) {
    tokens[group][name] = { $type: types[group], $value: value, $extensions: { [cssExtension]: property } };
  }
  for (const { name, className, style } of textStyleClasses(theme)) {
    tokens.typography[name] = {
      $type: 'typography',
      $value: typography(style),
      $extensions: { [cssExtension]: `.${className}` },
    };
  }
  return tokens;
}
