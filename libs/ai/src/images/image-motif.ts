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
  vase: 'b .5 .84 .84 .04 .02 4; c .4 .6 .2 0; b .4 .76 .22 .08 .03 0; b .4 .36 .12 .18 .02 0; b .4 .27 .18 .04 .02 4; b .4 .58 .4 .035 .015 3; c .33 .5 .025 3; b .73 .75 .26 .14 .07 1; b .73 .69 .28 .035 .015 4; b .73 .75 .2 .025 .01 2',
  scales:
    'b .5 .82 .36 .05 .02 4; l .5 .24 .5 .8 .03 4; l .2 .33 .8 .33 .025 0; c .5 .22 .04 2; l .2 .33 .12 .58 .012 4; l .2 .33 .28 .58 .012 4; l .8 .33 .72 .58 .012 4; l .8 .33 .88 .58 .012 4; b .2 .6 .24 .07 .035 1; b .8 .6 .24 .07 .035 1',
  gamepad:
    'c .27 .64 .13 0; c .73 .64 .13 0; b .5 .53 .66 .3 .15 0; b .31 .52 .15 .05 .01 3; b .31 .52 .05 .15 .01 3; c .67 .46 .032 2; c .75 .53 .032 1; c .67 .6 .032 3; c .59 .53 .032 4; b .5 .45 .09 .03 .012 4',
  speech:
    'b .4 .4 .5 .32 .1 0; t .28 .54 .27 .7 .44 .54 0; l .25 .35 .55 .35 .03 3; l .25 .45 .47 .45 .03 3; b .63 .63 .44 .27 .1 1; t .73 .74 .8 .86 .64 .74 1; c .52 .63 .028 3; c .63 .63 .028 3; c .74 .63 .028 3',
  bed: 'c .76 .26 .07 2; b .17 .56 .06 .4 .02 4; b .5 .72 .74 .1 .02 4; b .2 .82 .04 .1 .01 4; b .82 .82 .04 .1 .01 4; b .53 .62 .66 .1 .03 3; b .31 .55 .16 .09 .045 1; b .6 .6 .52 .14 .04 0; l .4 .6 .8 .6 .012 3',
  paw: 'b .5 .63 .36 .28 .14 0; c .29 .45 .075 0; c .42 .33 .08 0; c .58 .33 .08 0; c .71 .45 .075 0; c .46 .6 .03 3; b .5 .88 .5 .03 .015 4',
  flower:
    'l .5 .36 .5 .8 .018 4; l .3 .5 .46 .8 .018 4; l .7 .5 .54 .8 .018 4; b .4 .66 .14 .055 .027 1 -.7; b .6 .64 .14 .055 .027 1 .7; c .5 .22 .065 0; c .576 .275 .065 0; c .547 .365 .065 0; c .453 .365 .065 0; c .424 .275 .065 0; c .5 .3 .045 2; c .3 .4 .05 1; c .357 .441 .05 1; c .335 .509 .05 1; c .265 .509 .05 1; c .243 .441 .05 1; c .3 .46 .035 3; c .7 .4 .05 1; c .757 .441 .05 1; c .735 .509 .05 1; c .665 .509 .05 1; c .643 .441 .05 1; c .7 .46 .035 3; t .38 .68 .62 .68 .5 .92 4; c .5 .7 .03 2',
  calculator:
    'b .72 .56 .22 .48 .01 3; l .66 .42 .79 .42 .014 1; l .66 .5 .79 .5 .014 1; l .66 .58 .76 .58 .014 1; l .66 .66 .79 .66 .014 1; b .42 .52 .42 .58 .04 4; b .42 .33 .32 .1 .015 3; b .31 .49 .08 .07 .012 0; b .42 .49 .08 .07 .012 0; b .53 .49 .08 .07 .012 0; b .31 .6 .08 .07 .012 0; b .42 .6 .08 .07 .012 0; b .53 .6 .08 .07 .012 1; b .31 .71 .08 .07 .012 0; b .42 .71 .08 .07 .012 0; b .53 .71 .08 .07 .012 2',
  glass:
    'b .5 .84 .84 .04 .02 4; c .36 .37 .14 3; b .36 .43 .22 .1 .05 0; l .36 .5 .36 .78 .02 4; b .36 .8 .18 .035 .015 4; b .67 .62 .17 .42 .05 1; b .67 .36 .07 .16 .015 1; b .67 .27 .06 .04 .01 2; b .67 .64 .13 .13 .01 3',
  scissors:
    'b .8 .56 .1 .44 .02 1; l .78 .4 .78 .72 .006 3; l .44 .58 .62 .18 .045 4; l .56 .58 .38 .18 .045 4; l .44 .58 .42 .63 .04 0; l .56 .58 .58 .63 .04 0; o .4 .71 .085 .035 0; o .6 .71 .085 .035 0; c .5 .45 .025 2',
  plate:
    'c .5 .55 .25 3; o .5 .55 .18 .02 1; c .46 .52 .07 0; c .56 .6 .055 2; c .55 .48 .035 1; l .16 .46 .16 .84 .028 4; l .13 .26 .13 .4 .014 4; l .16 .26 .16 .4 .014 4; l .19 .26 .19 .4 .014 4; b .16 .42 .08 .05 .02 4; l .84 .3 .84 .84 .028 4; b .85 .4 .05 .24 .025 4',
  book: 'b .5 .78 .76 .05 .02 0; b .32 .56 .34 .42 .02 3 -.06; b .68 .56 .34 .42 .02 3 .06; l .5 .36 .5 .78 .02 0; l .22 .44 .42 .42 .014 1; l .22 .52 .42 .5 .014 1; l .22 .6 .38 .58 .014 1; l .58 .42 .78 .44 .014 1; l .58 .5 .78 .52 .014 1; l .58 .58 .74 .6 .014 1; b .64 .82 .05 .12 .005 2',
  car: 'b .5 .8 .84 .03 .015 4; b .48 .46 .42 .17 .07 0; b .5 .6 .74 .17 .06 0; b .39 .46 .15 .09 .03 3; b .57 .46 .15 .09 .03 3; c .3 .69 .085 4; c .7 .69 .085 4; c .3 .69 .03 3; c .7 .69 .03 3; c .84 .57 .025 2',
  dumbbell:
    'b .5 .82 .76 .03 .015 4; l .22 .55 .78 .55 .035 4; b .22 .55 .08 .32 .025 0; b .32 .55 .07 .24 .02 1; b .78 .55 .08 .32 .025 0; b .68 .55 .07 .24 .02 1; c .5 .55 .03 2',
};

/**
 * The words that call for each motif: whole words (plurals too), or prefixes ending in `*`. Words that
 * many kinds of business use ("studio", "workshop", "repair", "care", "run") call for none.
 */
const motifWords: Record<string, string> = {
  loaves: 'bak* bread* sourdough loaf loaves pastr* croissant* baguette* cake*',
  laptop: 'software saas app apps analytics dashboard* developer* cloud startup* computer*',
  camera: 'photo* camera* film* elopement* shoot*',
  plant: 'garden* plant* yoga wellness spa nature organic botanic* herb* meditation leaf leaves',
  cup: 'coffee cafe café espresso tea roast* latte barista* brunch',
  bicycle: 'bicycle* bike* cycling cyclist* cycle*',
  tools:
    'plumb* mechanic* electric* builder* handyman garage* heating boiler* pipe* construction carpent* locksmith*',
  building: 'architect* office* museum* property propert* estate apartment*',
  music: 'jazz music* band* trio* concert* piano* guitar* song* gig* choir* orchestra* dj',
  mountain: 'climb* mountain* hik* outdoor* boulder* ski* trek* adventure*',
  heart: 'charit* donat* volunteer* nonprofit shelter* fundrais*',
  clinic: 'dent* clinic* health* medical doctor* pharmac* physio* therap* nurs* hospital*',
  vase: 'potter* ceramic* clay kiln* vase* stoneware porcelain glaze*',
  scales: 'law lawyer* legal solicitor* attorney* barrister* notar* court* justice litigation',
  gamepad: 'game gaming gamer* videogame* esport* console* arcade* playstation xbox nintendo',
  speech: 'language* translat* interpret* linguist*',
  bed: 'hotel* guesthouse* inn hostel* lodge* motel* accommodation* bed bedroom* suite*',
  paw: 'dog* pet pets puppy puppies cat cats kitten* groom* vet vets veterinar* kennel* canine* feline*',
  flower: 'florist* floral flower* bouquet* blossom* petal* tulip* roses peony peonies',
  calculator: 'bookkeep* accountan* accounting tax taxes payroll* vat audit* invoic* financ*',
  glass: 'wine* winery vineyard* bar bars cocktail* sommelier* pub pubs brewer* beer* ale*',
  scissors:
    'barber* hair* salon* stylist* haircut* hairdress* tailor* alteration* sewing seamstress* beauty nail* manicur*',
  plate:
    'restaurant* bistro* diner* kitchen* catering* caterer* chef* pizza* pizzeria* takeaway* trattoria* brasserie* eatery* dining dinner* lunch* cuisine*',
  book: 'bookshop* bookstore* bookseller* librar* tutor* tuition author* novel* publish* reading literacy poetry',
  car: 'car cars driving driver* taxi* cab cabs chauffeur* automotive motor* vehicle* valet*',
  dumbbell: 'gym* fitness trainer* workout* strength weights crossfit bootcamp* pilates',
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

/**
 * The motif whose words the prompt uses most; on a tie, the one named first in the prompt (a generated
 * picture's prompt names the page's subject before what the picture shows).
 */
export function motifOf(prompt: string): Motif {
  const words = prompt.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best = motifs.find((motif) => motif.name === fallback)!;
  let bestHits = 0;
  let bestAt = Infinity;
  for (const motif of motifs) {
    const keys = keysOf.get(motif.name) ?? [];
    const at = words.findIndex((word) => keys.some((key) => matches(word, key)));
    const hits = words.filter((word) => keys.some((key) => matches(word, key))).length;
    if (hits > bestHits || (hits === bestHits && hits > 0 && at < bestAt))
      [best, bestHits, bestAt] = [motif, hits, at];
  }
  return best;
}
