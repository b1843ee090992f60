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

/**
 * Each motif's shapes in a unit square, one per `;`, each a letter and its numbers:
 * `c x y r tone` circle, `o x y r width tone` ring, `b x y w h round tone [angle]` rounded box turned by
 * `angle` radians, `l x1 y1 x2 y2 width tone` line, `t x1 y1 x2 y2 x3 y3 tone` triangle. Tones: 0 main,
 * 1 second, 2 accent, 3 light (a highlight on the others), 4 dark.
 */
const drawings: Record<string, string> = {
  loaves:
    'b .5 .8 .86 .05 .02 4; b .3 .64 .36 .24 .12 0; l .19 .6 .25 .68 .014 3; l .27 .6 .33 .68 .014 3; l .35 .6 .41 .68 .014 3; b .66 .61 .46 .3 .15 1; l .51 .55 .59 .67 .016 3; l .62 .55 .7 .67 .016 3; l .73 .55 .81 .67 .016 3; b .47 .72 .16 .12 .06 2',
  laptop:
    'b .5 .44 .64 .42 .03 4; b .5 .44 .58 .36 .015 3; b .3 .55 .05 .08 .01 0; b .38 .525 .05 .13 .01 0; b .46 .5 .05 .18 .01 0; b .54 .475 .05 .23 .01 0; l .62 .52 .68 .42 .014 1; l .68 .42 .75 .46 .014 1; b .5 .33 .5 .04 .01 2; b .5 .68 .8 .04 .02 4',
  camera:
    'b .36 .3 .14 .08 .02 4; b .5 .52 .66 .42 .06 4; c .5 .53 .15 0; o .5 .53 .15 .025 3; c .5 .53 .07 1; c .46 .49 .02 3; b .72 .38 .09 .05 .015 2',
  plant:
    'l .5 .7 .5 .3 .014 4; b .38 .5 .24 .11 .055 0 -.6; b .62 .42 .24 .11 .055 0 .6; b .41 .33 .18 .09 .045 0 -.9; c .5 .24 .08 2; c .5 .24 .035 3; b .5 .76 .3 .2 .03 1; b .5 .67 .36 .05 .02 4',
  cup: 'b .5 .78 .6 .05 .025 4; o .67 .58 .08 .03 0; b .46 .6 .36 .3 .08 0; b .46 .48 .36 .05 .02 3; l .38 .36 .4 .22 .018 2; l .46 .36 .48 .22 .018 2; l .54 .36 .56 .22 .018 2',
  bicycle:
    'o .27 .62 .16 .025 4; o .73 .62 .16 .025 4; l .27 .62 .43 .4 .022 0; l .43 .4 .5 .62 .022 0; l .5 .62 .27 .62 .022 0; l .43 .4 .68 .4 .022 0; l .68 .4 .5 .62 .022 0; l .68 .4 .73 .62 .022 0; l .4 .33 .47 .33 .03 4; l .66 .32 .72 .29 .022 4; c .5 .62 .035 2',
  tools:
    'l .18 .72 .5 .72 .07 1; l .5 .72 .5 .4 .07 1; b .5 .74 .1 .1 .02 4; b .5 .4 .12 .05 .015 4; l .34 .3 .74 .7 .05 0; o .3 .26 .08 .04 0; b .255 .215 .07 .05 .005 3 .785; c .74 .7 .03 2',
  building:
    'b .5 .84 .84 .03 .01 4; b .36 .56 .3 .54 .01 0; b .66 .64 .26 .38 .01 1; b .3 .38 .06 .07 .005 3; b .3 .5 .06 .07 .005 3; b .3 .62 .06 .07 .005 3; b .3 .74 .06 .07 .005 3; b .42 .38 .06 .07 .005 3; b .42 .5 .06 .07 .005 3; b .42 .62 .06 .07 .005 3; b .42 .74 .06 .07 .005 3; b .6 .52 .06 .07 .005 3; b .6 .64 .06 .07 .005 3; b .6 .76 .06 .07 .005 3; b .72 .52 .06 .07 .005 3; b .72 .64 .06 .07 .005 3; b .72 .76 .06 .07 .005 3; c .78 .24 .06 2',
  music:
    'b .34 .66 .14 .1 .05 0 -.4; b .66 .6 .14 .1 .05 0 -.4; l .4 .64 .4 .3 .025 4; l .72 .58 .72 .24 .025 4; l .4 .3 .72 .24 .06 4; c .2 .3 .04 2; c .84 .74 .05 1',
  mountain:
    'c .74 .26 .08 2; t .08 .82 .4 .3 .72 .82 0; t .4 .82 .66 .44 .94 .82 1; t .33 .41 .4 .3 .47 .41 3; b .5 .84 .92 .04 .01 4',
  heart:
    'c .41 .42 .13 0; c .59 .42 .13 0; b .5 .54 .26 .26 .02 0 .785; c .44 .4 .035 3; b .5 .84 .6 .03 .015 1',
  clinic: 'c .5 .5 .3 3; o .5 .5 .3 .02 0; b .5 .5 .13 .38 .03 0; b .5 .5 .38 .13 .03 0; c .76 .24 .05 2',
  landscape: 'c .66 .36 .13 2; b .32 .86 .9 .36 .18 1; b .74 .92 .9 .36 .18 0; b .5 .96 1.2 .1 .01 4',
};

/** The words that call for each motif: whole words (plurals too), or prefixes ending in `*`. */
const motifWords: Record<string, string> = {
  loaves: 'bak* bread* sourdough loaf loaves pastr* croissant* baguette* cake*',
  laptop:
    'software saas app apps analytics dashboard* data platform developer* cloud startup* task* computer* digital online',
  camera: 'photo* wedding* portrait* camera* film* elopement* shoot*',
  plant:
    'flor* flower* garden* plant* yoga wellness spa nature organic botanic* bouquet* herb* meditation leaf leaves',
  cup: 'coffee cafe café espresso tea roast* latte barista* brunch',
  bicycle: 'bicycle* bike* cycling cyclist* cycle*',
  tools:
    'plumb* repair* mechanic* electric* builder* handyman garage* heating boiler* pipe* fix* workshop* construction carpent* locksmith*',
  building:
    'hotel* architect* law lawyer* legal firm office* accounting accountant* bank* finance school* museum* consult* solicitor* studio',
  music: 'jazz music* band* trio* concert* piano* guitar* song* gig* choir* orchestra* dj',
  mountain: 'climb* mountain* hik* outdoor* boulder* ski* trek* gym* fitness adventure* run running',
  heart: 'charit* donat* volunteer* community nonprofit food shelter* care kind*',
  clinic:
    'dent* clinic* health* medical doctor* vet vets veterinar* pharmac* physio* therap* nurs* hospital*',
};

/** For any other subject: a sun over layered hills. */
const fallback = 'landscape';

function shapesOf(drawing: string): Shape[] {
  return drawing.split(';').map((part): Shape => {
    const [letter, ...rest] = part.trim().split(/\s+/);
    const n = rest.map(Number);
    switch (letter) {
      case 'c':
        return { kind: 'circle', x: n[0], y: n[1], r: n[2], tone: n[3] };
      case 'o':
        return { kind: 'ring', x: n[0], y: n[1], r: n[2], width: n[3], tone: n[4] };
      case 'b':
        return { kind: 'box', x: n[0], y: n[1], w: n[2], h: n[3], round: n[4], tone: n[5], angle: n[6] ?? 0 };
      case 'l':
        return { kind: 'line', x1: n[0], y1: n[1], x2: n[2], y2: n[3], width: n[4], tone: n[5] };
      default:
        return {
          kind: 'triangle',
          points: [
            [n[0], n[1]],
            [n[2], n[3]],
            [n[4], n[5]],
          ],
          tone: n[6],
        };
    }
  });
}

const motifs: Motif[] = Object.entries(drawings).map(([name, drawing]) => ({
  name,
  shapes: shapesOf(drawing),
}));
const keysOf = new Map(Object.entries(motifWords).map(([name, words]) => [name, words.split(' ')]));

function matches(word: string, key: string): boolean {
  return key.endsWith('*') ? word.startsWith(key.slice(0, -1)) : word === key || word === `${key}s`;
}

/** The motif whose words the prompt uses most; the first in the table wins a tie. */
export function motifOf(prompt: string): Motif {
  const words = prompt.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best = motifs.find((motif) => motif.name === fallback)!;
  let bestHits = 0;
  for (const motif of motifs) {
    const keys = keysOf.get(motif.name) ?? [];
    const hits = words.filter((word) => keys.some((key) => matches(word, key))).length;
    if (hits > bestHits) [best, bestHits] = [motif, hits];
  }
  return best;
}
