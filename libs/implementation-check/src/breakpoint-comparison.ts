// One breakpoint judged: the design's and the implementation's renderings compared by pixels (visual),
// text, layout and colour, with a mismatch for each design element that differs.
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { matchElements, type Matching, type Pair } from './element-matching.js';
import { type Rendering } from './rendering.js';
import { type Box, type SeenElement } from './seen-elements.js';
import { type VisualDiff, visualDiff } from './visual-diff.js';

export type MismatchKind =
  'missing' | 'extra' | 'text' | 'color' | 'font' | 'size' | 'position' | 'image' | 'reflow';

export interface Mismatch {
  elementKey: string | null;
  breakpoint: string;
  kind: MismatchKind;
  expected: string;
  found: string;
  box: Box;
  /** How bad, 0–1: the worst are reported first. */
  severity: number;
}

export interface BreakpointScores {
  name: string;
  width: number;
  score: number;
  visual: number;
  /** Null when only pixels are known (a screenshot the caller took). */
  text: number | null;
  layout: number | null;
  color: number | null;
}

export interface BreakpointComparison {
  scores: BreakpointScores;
  mismatches: Mismatch[];
  matching: Matching | null;
  diff: VisualDiff;
}

/** The widest breakpoint's comparison, which a narrower one's reflow is judged against. */
export interface WidestLayout {
  width: number;
  matching: Matching;
}

/** Colours this far apart (RGB distance) differ to the eye. */
const colorTolerance = 48;
/** A picture differs when this share of its thumbnail's pixels do. */
const pictureTolerance = 0.25;
/** In screenshots, an element differs when this share of its pixels do. */
const screenshotTolerance = 0.1;

export async function compareBreakpoint(
  name: string,
  design: Rendering,
  candidate: Rendering,
  widest: WidestLayout | null,
): Promise<BreakpointComparison> {
  const width = design.width;
  const diff = visualDiff(design, candidate);
  if (!candidate.elements || !design.elements) {
    return {
      scores: {
        name,
        width,
        score: round(diff.score),
        visual: round(diff.score),
        text: null,
        layout: null,
        color: null,
      },
      mismatches: screenshotMismatches(name, design.elements ?? [], diff),
      matching: null,
      diff,
    };
  }
  const matching = matchElements(design.elements, candidate.elements, width);
  const mismatches: Mismatch[] = [];
  const at = (
    element: SeenElement,
    kind: MismatchKind,
    expected: string,
    found: string,
    box: Box,
    severity: number,
  ) => mismatches.push({ elementKey: element.key, breakpoint: name, kind, expected, found, box, severity });

  for (const element of matching.missing) {
    at(element, 'missing', describe(element), 'nothing like it', element.box, 1);
  }
  for (const element of matching.extra) {
    mismatches.push({
      elementKey: null,
      breakpoint: name,
      kind: 'extra',
      expected: 'nothing',
      found: describe(element),
      box: element.box,
      severity: 0.8,
    });
  }

  const tolerance = Math.max(8, width * 0.01);
  const layoutErrors: number[] = matching.missing.map(() => 1);
  const colorScores: number[] = [];
  let previous: Pair | null = null;
  for (const pair of ordered(matching.pairs)) {
    const { design: d, found: f } = pair;
    if (d.kind === 'text') {
      if (pair.similarity < 1) at(d, 'text', clip(d.text), clip(f.text), f.box, 0.9 - pair.similarity / 2);
      const textColor = colorDistance(d.color, f.color);
      const backColor = colorDistance(d.background, f.background);
      colorScores.push(1 - Math.min(1, (textColor + backColor) / 200));
      if (textColor > colorTolerance || backColor > colorTolerance) {
        at(
          d,
          'color',
          colorWords(d),
          colorWords(f),
          f.box,
          0.6 + Math.min(0.2, (textColor + backColor) / 1000),
        );
      }
      if (fontDiffers(d.font, f.font)) at(d, 'font', d.font, f.font, f.box, 0.65);
    } else if (!(await samePicture(design, d.box, candidate, f.box))) {
      at(d, 'image', `the design's picture (${size(d.box)})`, `another picture (${size(f.box)})`, f.box, 0.9);
    }

    const dx = f.box.x - d.box.x;
    const dy = previous
      ? f.box.y - previous.found.box.y - (d.box.y - previous.design.box.y)
      : f.box.y - d.box.y;
    const dw = pair.similarity < 1 ? 0 : f.box.w - d.box.w;
    const dh = pair.similarity < 1 ? 0 : f.box.h - d.box.h;
    layoutErrors.push(
      Math.min(1, (Math.abs(dx) + Math.abs(dy) + Math.abs(dw) / 2 + Math.abs(dh) / 2) / (width * 0.1)),
    );
    const moved = Math.abs(dx) > tolerance || Math.abs(dy) > tolerance;
    const resized =
      Math.abs(dw) > Math.max(tolerance, d.box.w * 0.1) || Math.abs(dh) > Math.max(tolerance, d.box.h * 0.15);
    if ((moved || resized) && widest && reflowMissed(pair, widest, width)) {
      at(
        d,
        'reflow',
        `${boxWords(d.box)} (laid out anew at ${width} px)`,
        `${boxWords(f.box)} (as at ${widest.width} px)`,
        f.box,
        0.85,
      );
    } else if (moved) {
      at(
        d,
        'position',
        boxWords(d.box),
        boxWords(f.box),
        f.box,
        0.4 + Math.min(0.15, (Math.abs(dx) + Math.abs(dy)) / 2000),
      );
    } else if (resized) {
      at(d, 'size', size(d.box), size(f.box), f.box, 0.5);
    }
    previous = pair;
  }

  const text = textScore(matching);
  const layout = layoutErrors.length ? 1 - mean(layoutErrors) : 1;
  const color = colorScores.length ? mean(colorScores) : 1;
  const score = (diff.score + text + layout + color) / 4;
  return {
    scores: {
      name,
      width,
      score: round(score),
      visual: round(diff.score),
      text: round(text),
      layout: round(layout),
      color: round(color),
    },
    mismatches,
    matching,
    diff,
  };
}

/** Pairs top to bottom, as the eye reads them: each one's vertical place is judged from the one before. */
function ordered(pairs: Pair[]): Pair[] {
  return [...pairs].sort((a, b) => a.design.box.y - b.design.box.y || a.design.box.x - b.design.box.x);
}

/**
 * The design lays this element out anew at this width (its place or width, as shares of the page, moved
 * from the widest breakpoint's) and the implementation keeps the widest breakpoint's layout.
 */
function reflowMissed(pair: Pair, widest: WidestLayout, width: number): boolean {
  const wide = widest.matching.pairs.find(
    (p) => p.design.key === pair.design.key && p.design.text === pair.design.text,
  );
  if (!wide) return false;
  const share = (box: Box, w: number) => [box.x / w, box.w / w];
  const [dx0, dw0] = share(wide.design.box, widest.width);
  const [dx1, dw1] = share(pair.design.box, width);
  const [fx0, fw0] = share(wide.found.box, widest.width);
  const [fx1, fw1] = share(pair.found.box, width);
  const designMoved = Math.abs(dx1 - dx0) > 0.05 || Math.abs(dw1 - dw0) > 0.1;
  const foundKept = Math.abs(fx1 - fx0) <= 0.05 && Math.abs(fw1 - fw0) <= 0.1;
  return designMoved && foundKept;
}

/** The design's text found, weighed by length (a changed text counts by its likeness); extra text counts against. */
function textScore({ pairs, missing, extra }: Matching): number {
  const length = (element: SeenElement) => element.text.length;
  const texts = (elements: SeenElement[]) => elements.filter((element) => element.kind === 'text');
  let found = 0;
  let total = 0;
  for (const pair of pairs) {
    if (pair.design.kind !== 'text') continue;
    found += length(pair.design) * pair.similarity;
    total += length(pair.design);
  }
  for (const element of texts(missing)) total += length(element);
  for (const element of texts(extra)) total += length(element);
  return total ? found / total : 1;
}

/** From pixels alone: each design element (as the design lays it out) whose pixels differ. */
function screenshotMismatches(name: string, design: SeenElement[], diff: VisualDiff): Mismatch[] {
  const mismatches: Mismatch[] = [];
  for (const element of design) {
    const share = diff.differingIn(element.box);
    if (share <= screenshotTolerance) continue;
    mismatches.push({
      elementKey: element.key,
      breakpoint: name,
      kind: element.kind === 'image' ? 'image' : 'text',
      expected: describe(element),
      found: `${Math.round(share * 100)} % of its pixels differ`,
      box: element.box,
      severity: 0.5 + share / 2,
    });
  }
  return mismatches;
}

/** Two pictures compared as 24 × 24 thumbnails of their boxes. */
async function samePicture(a: Rendering, boxA: Box, b: Rendering, boxB: Box): Promise<boolean> {
  const side = 24;
  const [thumbA, thumbB] = await Promise.all([thumbnail(a, boxA, side), thumbnail(b, boxB, side)]);
  return pixelmatch(thumbA, thumbB, null, side, side, { threshold: 0.1 }) / (side * side) <= pictureTolerance;
}

async function thumbnail(rendering: Rendering, box: Box, side: number): Promise<Buffer> {
  const left = Math.min(rendering.width - 1, Math.max(0, Math.round(box.x)));
  const top = Math.min(rendering.height - 1, Math.max(0, Math.round(box.y)));
  const width = Math.max(1, Math.min(rendering.width - left, Math.round(box.w)));
  const height = Math.max(1, Math.min(rendering.height - top, Math.round(box.h)));
  return sharp(rendering.rgba, { raw: { width: rendering.width, height: rendering.height, channels: 4 } })
    .extract({ left, top, width, height })
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer();
}

function fontDiffers(a: string, b: string): boolean {
  const [familyA, sizeA, weightA] = a.split(' ');
  const [familyB, sizeB, weightB] = b.split(' ');
  return familyA !== familyB || Math.abs(Number(sizeA) - Number(sizeB)) >= 2 || weightA !== weightB;
}

function colorDistance(a: string, b: string): number {
  const [r1, g1, b1] = a.split(',').map(Number);
  const [r2, g2, b2] = b.split(',').map(Number);
  return Math.hypot(r1 - r2, g1 - g2, b1 - b2);
}

const hex = (rgb: string) =>
  `#${rgb
    .split(',')
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;
const colorWords = (element: SeenElement) => `${hex(element.color)} on ${hex(element.background)}`;
const size = (box: Box) => `${Math.round(box.w)} × ${Math.round(box.h)} px`;
const boxWords = (box: Box) => `at ${Math.round(box.x)}, ${Math.round(box.y)}`;
const describe = (element: SeenElement) =>
  element.kind === 'text' ? `text “${clip(element.text)}”` : `a picture (${size(element.box)})`;

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
