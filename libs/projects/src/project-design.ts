import { type Breakpoint, defaultBreakpoints, defaultTheme, type Swatch, type Theme } from '#folio/content';

export interface ProjectDesign {
  theme: Theme;
  breakpoints: Breakpoint[];
  swatches: Swatch[];
}

/** What a new project looks like until someone designs it: Folio's default theme, breakpoints and swatches. */
export function defaultProjectDesign(): ProjectDesign {
  return { theme: defaultTheme, breakpoints: defaultBreakpoints, swatches: themeSwatches(defaultTheme) };
}

/** One swatch per distinct theme color, named after its token ("surface-alt" → "Surface alt"). */
export function themeSwatches(theme: Theme): Swatch[] {
  const seen = new Set<string>();
  return Object.entries(theme.colors).flatMap(([token, value]) => {
    if (seen.has(value.toUpperCase())) return [];
    seen.add(value.toUpperCase());
    const name = token.replace(/-/g, ' ');
    return [{ name: name[0].toUpperCase() + name.slice(1), value }];
  });
}
