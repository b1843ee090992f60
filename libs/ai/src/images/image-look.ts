// How the local generator's image for a prompt looks: a palette from the prompt's subject, shaped by the
// style words in it (the caller's imageStyle leads the prompt). Unknown subjects get a palette from a hash.

export type Rgb = [number, number, number];

export interface ImageLook {
  /** The subject palette that matched, or `hashed` when none did. */
  theme: string;
  /** Colour fields blended across the image; the first is the ground. */
  colors: Rgb[];
  /** Soft translucent discs. */
  orbs: number;
  /** Soft bands across the image, like hills or waves. */
  waves: number;
  /** Film grain, in 0–255 levels. */
  grain: number;
}

interface Theme {
  name: string;
  /** Whole words (plurals too), or prefixes ending in `*` ("bak*" matches "bakery"). */
  words: string[];
  /** Anchor hues in degrees, ground first. */
  hues: number[];
  saturation: number;
  lightness: number;
}

const themes: Theme[] = [
  {
    name: 'warm',
    words: [
      'bak*',
      'bread',
      'pastr*',
      'coffee',
      'cafe',
      'café',
      'croissant',
      'restaurant',
      'food',
      'kitchen',
      'cook*',
      'pizza',
      'chocolate',
      'autumn*',
      'sunset',
      'cozy',
      'cosy',
      'warm*',
      'tea',
      'wine*',
      'desert',
      'orange',
      'honey',
    ],
    hues: [32, 18, 42, 8, 350],
    saturation: 0.62,
    lightness: 0.6,
  },
  {
    name: 'cool',
    words: [
      'tech*',
      'software',
      'saas',
      'app',
      'cloud',
      'data',
      'ai',
      'startup',
      'developer',
      'code',
      'coding',
      'digital',
      'cyber*',
      'security',
      'fintech',
      'analytic*',
      'platform',
      'api',
      'robot*',
      'future',
      'scien*',
      'cool',
      'blue',
    ],
    hues: [222, 200, 250, 275, 188],
    saturation: 0.68,
    lightness: 0.55,
  },
  {
    name: 'nature',
    words: [
      'natur*',
      'garden*',
      'plant',
      'forest*',
      'tree',
      'eco',
      'organic',
      'green*',
      'farm*',
      'sustainab*',
      'outdoor',
      'hik*',
      'park',
      'leaf',
      'leaves',
      'herb*',
      'vegan',
      'meadow',
      'mountain',
    ],
    hues: [120, 95, 150, 70, 40],
    saturation: 0.45,
    lightness: 0.5,
  },
  {
    name: 'ocean',
    words: [
      'ocean*',
      'sea',
      'seaside',
      'beach',
      'beaches',
      'surf',
      'surfing',
      'surfer',
      'travel*',
      'water',
      'sail*',
      'boat',
      'island',
      'lake',
      'pool',
      'summer',
      'coast*',
      'marine',
      'dive',
      'diving',
      'diver',
    ],
    hues: [195, 180, 210, 45, 170],
    saturation: 0.6,
    lightness: 0.58,
  },
  {
    name: 'blush',
    words: [
      'beauty',
      'spa',
      'salon',
      'wedding',
      'flower*',
      'floral',
      'florist',
      'rose',
      'bloom*',
      'cosmetic',
      'skincare',
      'romantic',
      'pink',
      'bridal',
      'nail',
    ],
    hues: [345, 10, 330, 25, 300],
    saturation: 0.55,
    lightness: 0.7,
  },
  {
    name: 'luxury',
    words: [
      'luxur*',
      'premium',
      'jewel*',
      'gold*',
      'elegan*',
      'hotel',
      'watch',
      'watches',
      'exclusive',
      'boutique',
    ],
    hues: [225, 45, 240, 38, 260],
    saturation: 0.45,
    lightness: 0.32,
  },
];

/** Style words and what they do to the look. */
const styles: { words: string[]; apply(look: Tuning): void }[] = [
  {
    words: ['dark', 'night', 'moody', 'noir', 'dramatic', 'midnight', 'cinematic', 'shadow'],
    apply: (t) => ((t.lightness = [0.1, 0.32]), (t.grain += 4)),
  },
  {
    words: ['pastel', 'soft', 'light', 'airy', 'dreamy', 'gentle', 'calm', 'serene'],
    apply: (t) => ((t.lightness = [0.76, 0.92]), (t.saturation *= 0.75)),
  },
  {
    words: ['vibrant', 'bold', 'bright', 'neon', 'vivid', 'colorful', 'colourful', 'playful', 'energetic'],
    apply: (t) => ((t.saturation = Math.min(1, t.saturation * 1.5 + 0.1)), (t.orbs += 2)),
  },
  {
    words: ['minimal*', 'clean', 'simple', 'flat', 'quiet'],
    apply: (t) => ((t.orbs = 0), (t.waves = 1), (t.grain = 0), (t.fields = 3)),
  },
  {
    words: ['monochrom*', 'grayscale', 'greyscale', 'black', 'mono'],
    apply: (t) => (t.saturation = 0.04),
  },
  {
    words: ['vintage', 'retro', 'film', 'analog', 'analogue', 'nostalgi*', 'sepia'],
    apply: (t) => ((t.tint = sepia), (t.saturation *= 0.6), (t.grain += 8)),
  },
];

/** What the style words adjust before colours are picked. */
interface Tuning {
  saturation: number;
  /** Lightest and darkest colour, when a style sets them; else spread around the theme's lightness. */
  lightness: [number, number] | null;
  fields: number;
  orbs: number;
  waves: number;
  grain: number;
  /** A colour every field is pulled a quarter of the way towards. */
  tint: Rgb | null;
}

const sepia: Rgb = [196, 164, 120];

/**
 * The look for a prompt; `random` is seeded from the prompt, so the same prompt looks the same. Colours the
 * prompt names (`#RRGGBB`, the page's theme) are used as they are.
 */
export function imageLookOf(prompt: string, random: () => number): ImageLook {
  const named = (prompt.match(/#[0-9a-f]{6}\b/gi) ?? []).map(rgbOf);
  if (named.length >= 2) return { theme: 'page', colors: named.slice(0, 5), orbs: 2, waves: 1, grain: 0 };
  const words = prompt.toLowerCase().match(/\p{L}+/gu) ?? [];
  const theme = bestTheme(words);
  const hues = theme?.hues ?? hashedHues(random);
  const base = theme?.lightness ?? 0.55 + random() * 0.15;
  const tuning: Tuning = {
    saturation: theme?.saturation ?? 0.5 + random() * 0.2,
    lightness: null,
    fields: 5,
    orbs: 2 + Math.floor(random() * 2),
    waves: 1 + Math.floor(random() * 2),
    grain: 0,
    tint: null,
  };
  for (const style of styles) if (style.words.some((word) => mentions(words, word))) style.apply(tuning);
  const [darkest, lightest] = tuning.lightness ?? [Math.max(0.08, base - 0.22), Math.min(0.94, base + 0.24)];
  const colors = hues.slice(0, tuning.fields).map((hue, index): Rgb => {
    const jittered = hue + (random() - 0.5) * 12;
    // The ground sits mid-way; the other fields alternate lighter and deeper around it.
    const step = index === 0 ? 0.5 : index % 2 ? 0.15 + random() * 0.25 : 0.6 + random() * 0.4;
    const lightness = darkest + (lightest - darkest) * step;
    const color = hslToRgb(jittered, tuning.saturation * (0.85 + random() * 0.3), lightness);
    const { tint } = tuning;
    return tint ? (color.map((channel, i) => channel + (tint[i] - channel) * 0.25) as Rgb) : color;
  });
  return {
    theme: theme?.name ?? 'hashed',
    colors,
    orbs: tuning.orbs,
    waves: tuning.waves,
    grain: tuning.grain,
  };
}

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

function bestTheme(words: string[]): Theme | null {
  let best: Theme | null = null;
  let bestHits = 0;
  for (const theme of themes) {
    const hits = words.filter((word) => theme.words.some((themeWord) => matches(word, themeWord))).length;
    if (hits > bestHits) [best, bestHits] = [theme, hits];
  }
  return best;
}

function mentions(words: string[], styleWord: string): boolean {
  return words.some((word) => matches(word, styleWord));
}

function matches(word: string, key: string): boolean {
  return key.endsWith('*') ? word.startsWith(key.slice(0, -1)) : word === key || word === `${key}s`;
}

/** An analogous palette with one complementary accent, around a hue picked by the seed. */
function hashedHues(random: () => number): number[] {
  const hue = random() * 360;
  return [hue, hue + 28, hue - 24, hue + 180, hue + 12];
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(1, Math.max(0, saturation));
  const l = Math.min(1, Math.max(0, lightness));
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = ((t % 1) + 1) % 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}
