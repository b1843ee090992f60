// What a local placeholder picture shows: flat shapes suggesting the prompt's subject (loaves, a laptop, a camera…).

/** Shapes in a unit square (x right, y down), painted in order; `tone` indexes the picture's shape colours. */
export type Shape =
  | { kind: 'circle'; x: number; y: number; r: number; tone: number }
  | { kind: 'ring'; x: number; y: number; r: number; width: number; tone: number }
  /** A rounded box, turned by `angle` radians around its centre. */
  | { kind: 'box'; x: number; y: number; w: number; h: number; round: number; angle?: number; tone: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; tone: number }
  | { kind: 'triangle'; points: [number, number][]; tone: number };

export interface Motif {
  name: string;
  shapes: Shape[];
}

const circle = (x: number, y: number, r: number, tone: number): Shape => ({ kind: 'circle', x, y, r, tone });
const ring = (x: number, y: number, r: number, width: number, tone: number): Shape => ({
  kind: 'ring',
  x,
  y,
  r,
  width,
  tone,
});
const box = (x: number, y: number, w: number, h: number, round: number, tone: number, angle = 0): Shape => ({
  kind: 'box',
  x,
  y,
  w,
  h,
  round,
  tone,
  angle,
});
const line = (x1: number, y1: number, x2: number, y2: number, width: number, tone: number): Shape => ({
  kind: 'line',
  x1,
  y1,
  x2,
  y2,
  width,
  tone,
});
const triangle = (points: [number, number][], tone: number): Shape => ({ kind: 'triangle', points, tone });

/** Tones: 0 main, 1 second, 2 accent, 3 light (a highlight on the others), 4 dark. */
const motifs: { name: string; words: string[]; shapes: Shape[] }[] = [
  {
    name: 'loaves',
    words: ['bak*', 'bread*', 'sourdough', 'loaf', 'loaves', 'pastr*', 'croissant*', 'baguette*', 'cake*'],
    shapes: [
      box(0.5, 0.8, 0.86, 0.05, 0.02, 4),
      box(0.3, 0.64, 0.36, 0.24, 0.12, 0),
      ...[0.22, 0.3, 0.38].map((x) => line(x - 0.03, 0.6, x + 0.03, 0.68, 0.014, 3)),
      box(0.66, 0.61, 0.46, 0.3, 0.15, 1),
      ...[0.55, 0.66, 0.77].map((x) => line(x - 0.04, 0.55, x + 0.04, 0.67, 0.016, 3)),
      box(0.47, 0.72, 0.16, 0.12, 0.06, 2),
    ],
  },
  {
    name: 'laptop',
    words: [
      'software',
      'saas',
      'app',
      'apps',
      'analytics',
      'dashboard*',
      'data',
      'platform',
      'developer*',
      'cloud',
      'startup*',
      'task*',
      'computer*',
      'digital',
      'online',
    ],
    shapes: [
      box(0.5, 0.44, 0.64, 0.42, 0.03, 4),
      box(0.5, 0.44, 0.58, 0.36, 0.015, 3),
      ...[0.3, 0.38, 0.46, 0.54].map((x, i) => box(x, 0.55 - i * 0.025, 0.05, 0.08 + i * 0.05, 0.01, 0)),
      line(0.62, 0.52, 0.68, 0.42, 0.014, 1),
      line(0.68, 0.42, 0.75, 0.46, 0.014, 1),
      box(0.5, 0.33, 0.5, 0.04, 0.01, 2),
      box(0.5, 0.68, 0.8, 0.04, 0.02, 4),
    ],
  },
  {
    name: 'camera',
    words: ['photo*', 'wedding*', 'portrait*', 'camera*', 'film*', 'elopement*', 'shoot*'],
    shapes: [
      box(0.36, 0.3, 0.14, 0.08, 0.02, 4),
      box(0.5, 0.52, 0.66, 0.42, 0.06, 4),
      circle(0.5, 0.53, 0.15, 0),
      ring(0.5, 0.53, 0.15, 0.025, 3),
      circle(0.5, 0.53, 0.07, 1),
      circle(0.46, 0.49, 0.02, 3),
      box(0.72, 0.38, 0.09, 0.05, 0.015, 2),
    ],
  },
  {
    name: 'plant',
    words: [
      'flor*',
      'flower*',
      'garden*',
      'plant*',
      'yoga',
      'wellness',
      'spa',
      'nature',
      'organic',
      'botanic*',
      'bouquet*',
      'herb*',
      'meditation',
      'leaf',
      'leaves',
    ],
    shapes: [
      line(0.5, 0.7, 0.5, 0.3, 0.014, 4),
      box(0.38, 0.5, 0.24, 0.11, 0.055, 0, -0.6),
      box(0.62, 0.42, 0.24, 0.11, 0.055, 0, 0.6),
      box(0.41, 0.33, 0.18, 0.09, 0.045, 0, -0.9),
      circle(0.5, 0.24, 0.08, 2),
      circle(0.5, 0.24, 0.035, 3),
      box(0.5, 0.76, 0.3, 0.2, 0.03, 1),
      box(0.5, 0.67, 0.36, 0.05, 0.02, 4),
    ],
  },
  {
    name: 'cup',
    words: ['coffee', 'cafe', 'café', 'espresso', 'tea', 'roast*', 'latte', 'barista*', 'brunch'],
    shapes: [
      box(0.5, 0.78, 0.6, 0.05, 0.025, 4),
      ring(0.67, 0.58, 0.08, 0.03, 0),
      box(0.46, 0.6, 0.36, 0.3, 0.08, 0),
      box(0.46, 0.48, 0.36, 0.05, 0.02, 3),
      ...[0.38, 0.46, 0.54].map((x) => line(x, 0.36, x + 0.02, 0.22, 0.018, 2)),
    ],
  },
  {
    name: 'bicycle',
    words: ['bicycle*', 'bike*', 'cycling', 'cyclist*', 'cycle*'],
    shapes: [
      ring(0.27, 0.62, 0.16, 0.025, 4),
      ring(0.73, 0.62, 0.16, 0.025, 4),
      line(0.27, 0.62, 0.43, 0.4, 0.022, 0),
      line(0.43, 0.4, 0.5, 0.62, 0.022, 0),
      line(0.5, 0.62, 0.27, 0.62, 0.022, 0),
      line(0.43, 0.4, 0.68, 0.4, 0.022, 0),
      line(0.68, 0.4, 0.5, 0.62, 0.022, 0),
      line(0.68, 0.4, 0.73, 0.62, 0.022, 0),
      line(0.4, 0.33, 0.47, 0.33, 0.03, 4),
      line(0.66, 0.32, 0.72, 0.29, 0.022, 4),
      circle(0.5, 0.62, 0.035, 2),
    ],
  },
  {
    name: 'tools',
    words: [
      'plumb*',
      'repair*',
      'mechanic*',
      'electric*',
      'builder*',
      'handyman',
      'garage*',
      'heating',
      'boiler*',
      'pipe*',
      'fix*',
      'workshop*',
      'construction',
      'carpent*',
      'locksmith*',
    ],
    shapes: [
      line(0.18, 0.72, 0.5, 0.72, 0.07, 1),
      line(0.5, 0.72, 0.5, 0.4, 0.07, 1),
      box(0.5, 0.74, 0.1, 0.1, 0.02, 4),
      box(0.5, 0.4, 0.12, 0.05, 0.015, 4),
      line(0.34, 0.3, 0.74, 0.7, 0.05, 0),
      ring(0.3, 0.26, 0.08, 0.04, 0),
      box(0.255, 0.215, 0.07, 0.05, 0.005, 3, 0.785),
      circle(0.74, 0.7, 0.03, 2),
    ],
  },
  {
    name: 'building',
    words: [
      'hotel*',
      'architect*',
      'law',
      'lawyer*',
      'legal',
      'firm',
      'office*',
      'accounting',
      'accountant*',
      'bank*',
      'finance',
      'school*',
      'museum*',
      'consult*',
      'solicitor*',
      'studio',
    ],
    shapes: [
      box(0.5, 0.84, 0.84, 0.03, 0.01, 4),
      box(0.36, 0.56, 0.3, 0.54, 0.01, 0),
      box(0.66, 0.64, 0.26, 0.38, 0.01, 1),
      ...[0.3, 0.42].flatMap((x) => [0.38, 0.5, 0.62, 0.74].map((y) => box(x, y, 0.06, 0.07, 0.005, 3))),
      ...[0.6, 0.72].flatMap((x) => [0.52, 0.64, 0.76].map((y) => box(x, y, 0.06, 0.07, 0.005, 3))),
      circle(0.78, 0.24, 0.06, 2),
    ],
  },
  {
    name: 'music',
    words: [
      'jazz',
      'music*',
      'band*',
      'trio*',
      'concert*',
      'piano*',
      'guitar*',
      'song*',
      'gig*',
      'choir*',
      'orchestra*',
      'dj',
    ],
    shapes: [
      box(0.34, 0.66, 0.14, 0.1, 0.05, 0, -0.4),
      box(0.66, 0.6, 0.14, 0.1, 0.05, 0, -0.4),
      line(0.4, 0.64, 0.4, 0.3, 0.025, 4),
      line(0.72, 0.58, 0.72, 0.24, 0.025, 4),
      line(0.4, 0.3, 0.72, 0.24, 0.06, 4),
      circle(0.2, 0.3, 0.04, 2),
      circle(0.84, 0.74, 0.05, 1),
    ],
  },
  {
    name: 'mountain',
    words: [
      'climb*',
      'mountain*',
      'hik*',
      'outdoor*',
      'boulder*',
      'ski*',
      'trek*',
      'gym*',
      'fitness',
      'adventure*',
      'run',
      'running',
    ],
    shapes: [
      circle(0.74, 0.26, 0.08, 2),
      triangle(
        [
          [0.08, 0.82],
          [0.4, 0.3],
          [0.72, 0.82],
        ],
        0,
      ),
      triangle(
        [
          [0.4, 0.82],
          [0.66, 0.44],
          [0.94, 0.82],
        ],
        1,
      ),
      triangle(
        [
          [0.33, 0.41],
          [0.4, 0.3],
          [0.47, 0.41],
        ],
        3,
      ),
      box(0.5, 0.84, 0.92, 0.04, 0.01, 4),
    ],
  },
  {
    name: 'heart',
    words: ['charit*', 'donat*', 'volunteer*', 'community', 'nonprofit', 'food', 'shelter*', 'care', 'kind*'],
    shapes: [
      circle(0.41, 0.42, 0.13, 0),
      circle(0.59, 0.42, 0.13, 0),
      box(0.5, 0.54, 0.26, 0.26, 0.02, 0, 0.785),
      circle(0.44, 0.4, 0.035, 3),
      box(0.5, 0.84, 0.6, 0.03, 0.015, 1),
    ],
  },
  {
    name: 'clinic',
    words: [
      'dent*',
      'clinic*',
      'health*',
      'medical',
      'doctor*',
      'vet',
      'vets',
      'veterinar*',
      'pharmac*',
      'physio*',
      'therap*',
      'nurs*',
      'hospital*',
    ],
    shapes: [
      circle(0.5, 0.5, 0.3, 3),
      ring(0.5, 0.5, 0.3, 0.02, 0),
      box(0.5, 0.5, 0.13, 0.38, 0.03, 0),
      box(0.5, 0.5, 0.38, 0.13, 0.03, 0),
      circle(0.76, 0.24, 0.05, 2),
    ],
  },
];

/** For any other subject: a sun over layered hills. */
const landscape: Motif = {
  name: 'landscape',
  shapes: [
    circle(0.66, 0.36, 0.13, 2),
    box(0.32, 0.86, 0.9, 0.36, 0.18, 1),
    box(0.74, 0.92, 0.9, 0.36, 0.18, 0),
    box(0.5, 0.96, 1.2, 0.1, 0.01, 4),
  ],
};

function matches(word: string, key: string): boolean {
  return key.endsWith('*') ? word.startsWith(key.slice(0, -1)) : word === key || word === `${key}s`;
}

/** The motif whose words the prompt uses most; the first in the table wins a tie. */
export function motifOf(prompt: string): Motif {
  const words = prompt.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best: Motif = landscape;
  let bestHits = 0;
  for (const motif of motifs) {
    const hits = words.filter((word) => motif.words.some((key) => matches(word, key))).length;
    if (hits > bestHits) [best, bestHits] = [motif, hits];
  }
  return best;
}
