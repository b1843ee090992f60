// The theme fonts Folio serves itself at `/fonts/<file>`, from npm font packages: no third-party CDN.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fontStacks, type Theme } from '#folio/content';

export interface ServedFont {
  family: string;
  /** File name under `/fonts/`, the same as in the package's `files/`. */
  file: string;
  /** The npm package the file comes from. */
  packageName: string;
  /** The weight axis of the variable font, as `[min, max]`. */
  weights: [number, number];
}

/**
 * The families of Folio's font stacks (`fontStacks` in `#folio/content`), as Fontsource variable fonts,
 * Latin subset: other scripts fall back to the next family of the stack, character by character.
 */
export const servedFonts: readonly ServedFont[] = [
  {
    family: 'Inter',
    file: 'inter-latin-wght-normal.woff2',
    packageName: '@fontsource-variable/inter',
    weights: [100, 900],
  },
  {
    family: 'Fraunces',
    file: 'fraunces-latin-wght-normal.woff2',
    packageName: '@fontsource-variable/fraunces',
    weights: [100, 900],
  },
  {
    family: 'Manrope',
    file: 'manrope-latin-wght-normal.woff2',
    packageName: '@fontsource-variable/manrope',
    weights: [200, 800],
  },
];

/** The URL path served fonts live under. */
export const servedFontsPath = '/fonts/';

const byFamily = new Map(servedFonts.map((font) => [font.family.toLowerCase(), font]));
const byFile = new Map(servedFonts.map((font) => [font.file, font]));

/** The family names of a CSS font stack, unquoted: `"Fraunces", Georgia, serif` → `Fraunces`, `Georgia`, `serif`. */
function familiesOf(stack: string): string[] {
  return stack
    .split(',')
    .map((family) => family.trim().replace(/^(["'])(.*)\1$/, '$2'))
    .filter(Boolean);
}

/** The families a theme's font stack may name: the served ones and the fallbacks of Folio's own stacks. */
const knownFamilies = new Set(
  Object.values(fontStacks)
    .flatMap(familiesOf)
    .map((f) => f.toLowerCase()),
);

/**
 * The families of a font stack Folio neither serves nor falls back to, and whether its first family is a
 * served one: a theme names only fonts every visitor gets.
 */
export function fontStackProblem(stack: string): string | null {
  const families = familiesOf(stack);
  const unknown = families.filter((family) => !knownFamilies.has(family.toLowerCase()));
  if (unknown.length) {
    return `${unknown.join(', ')}: not a font Folio serves (${servedFonts.map((f) => f.family).join(', ')})`;
  }
  if (!families.length || !byFamily.has(families[0].toLowerCase())) {
    return `start the stack with a font Folio serves: ${servedFonts.map((f) => f.family).join(', ')}`;
  }
  return null;
}

/** The absolute URL of a served font file. */
export function servedFontUrl(publicBaseUrl: string, file: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${servedFontsPath}${file}`;
}

/**
 * `theme` with a URL for every served family it uses, named in a text style's font stack or listed in
 * `fonts` without a URL: `{ family, url: <publicBaseUrl>/fonts/<file>, weights: [min, max] }`. Fonts that
 * have a URL stay as they are, and a family with one is not served again.
 */
export function withServedFonts(theme: Theme, publicBaseUrl: string): Theme {
  const used = new Set<ServedFont>();
  const listed = theme.fonts ?? [];
  const hasUrl = new Set(listed.filter((font) => font.url).map((font) => font.family.toLowerCase()));
  for (const font of listed) {
    const served = byFamily.get(font.family.toLowerCase());
    if (served && !font.url) used.add(served);
  }
  for (const style of Object.values(theme.textStyles ?? {})) {
    for (const family of familiesOf(style.fontFamily ?? '')) {
      const served = byFamily.get(family.toLowerCase());
      if (served) used.add(served);
    }
  }
  const add = [...used].filter((font) => !hasUrl.has(font.family.toLowerCase()));
  if (!add.length) return theme;
  const replaced = new Set(add.map((font) => font.family.toLowerCase()));
  return {
    ...theme,
    fonts: [
      ...listed.filter((font) => font.url || !replaced.has(font.family.toLowerCase())),
      ...add.map((font) => ({
        family: font.family,
        url: servedFontUrl(publicBaseUrl, font.file),
        weights: [...font.weights],
      })),
    ],
  };
}

const require = createRequire(import.meta.url);

/** The served font `file` on disk, or null when `file` is not one of `servedFonts`. */
export function servedFontPath(file: string): string | null {
  const font = byFile.get(file);
  return font ? require.resolve(`${font.packageName}/files/${font.file}`) : null;
}

const loaded = new Map<string, Promise<Buffer>>();

/** The bytes of the served font `file` (read once per process), or null when it is not served. */
export function readServedFont(file: string): Promise<Buffer> | null {
  const path = servedFontPath(file);
  if (!path) return null;
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFile(path);
    bytes.catch(() => loaded.delete(file));
    loaded.set(file, bytes);
  }
  return bytes;
}
