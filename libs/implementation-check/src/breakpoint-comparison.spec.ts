import { describe, expect, it } from '@jest/globals';
import { compareBreakpoint } from './breakpoint-comparison.js';
import { type Rendering } from './rendering.js';
import { type SeenElement } from './seen-elements.js';

const text = (key: string | null, words: string, y: number): SeenElement => ({
  kind: 'text',
  key,
  text: words,
  box: { x: 4, y, w: 40, h: 10 },
  color: '20,20,20',
  background: '255,255,255',
  font: 'inter 16 400',
});

const picture = (key: string | null, x: number): SeenElement => ({
  kind: 'image',
  key,
  text: '',
  box: { x, y: 24, w: 16, h: 16 },
  color: '0,0,0',
  background: '255,255,255',
  font: '',
});

/** A white page `height` px tall with a block of `shade` where its picture is. */
function rendering(height: number, shade: number, elements: SeenElement[] | null): Rendering {
  const width = 64;
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let y = 24; y < Math.min(height, 40); y++) {
    for (let x = 8; x < 24; x++) rgba.fill(shade, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height, rgba, elements };
}

const copied = (design: Rendering) => ({
  ...design,
  rgba: Buffer.from(design.rgba),
  elements: structuredClone(design.elements),
});

describe(compareBreakpoint.name, () => {
  it('leaves the design as it was, for the next check of the same design to compare with', async () => {
    const design = rendering(48, 40, [text('elHeading', 'Fresh coffee', 4), picture('elPhoto', 8)]);
    const before = copied(design);
    const candidates = [
      rendering(40, 200, [text(null, 'Fresh tea', 6), picture(null, 10)]),
      rendering(64, 40, [text(null, 'Fresh coffee', 4)]),
      rendering(48, 90, null),
    ];
    const widest = await compareBreakpoint('desktop', design, candidates[0], null);
    for (const candidate of candidates) {
      const comparison = await compareBreakpoint(
        'tablet',
        design,
        candidate,
        widest.matching && {
          width: 64,
          matching: widest.matching,
        },
      );
      expect(comparison.mismatches.length).toBeGreaterThan(0);
      await comparison.diff.overlay();
      await comparison.diff.pictures();
    }
    expect(design).toEqual(before);
  });
});
