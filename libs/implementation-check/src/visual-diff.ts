// Pixels compared with pixelmatch: how much of the page differs, where, and a small picture of it.
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { type Box } from './seen-elements.js';
import { type Rendering } from './rendering.js';

export interface VisualDiff {
  /** 1 − √(share of pixels that differ): a tenth of the page differing scores about 0.68. */
  score: number;
  /** Share of the pixels inside `box` that differ (0–1). */
  differingIn(box: Box): number;
  /** The difference drawn over the faded design, scaled to fit `overlaySize`. */
  overlay(): Promise<{ png: Buffer; width: number; height: number }>;
  /** The design and the implementation as compared, at the overlay's scale and cut (JPEG), for the view. */
  pictures(): Promise<{ design: Buffer; implementation: Buffer }>;
}

/** An overlay fits what the section export's screenshots may take (480 × 960). */
export const overlaySize = { maxWidth: 480, maxHeight: 960 };
const diffColor: [number, number, number] = [255, 0, 0];

export function visualDiff(design: Rendering, candidate: Rendering): VisualDiff {
  const width = design.width;
  const height = Math.max(design.height, candidate.height);
  const a = extended(design, width, height);
  const b = extended(candidate, width, height);
  const output = Buffer.alloc(width * height * 4);
  const differing = pixelmatch(a, b, output, width, height, { threshold: 0.1, diffColor });
  const isDiff = (i: number) => output[i] === 255 && output[i + 1] === 0 && output[i + 2] === 0;
  return {
    score: 1 - Math.sqrt(differing / (width * height)),
    differingIn(box) {
      const left = clamp(Math.floor(box.x), 0, width - 1);
      const top = clamp(Math.floor(box.y), 0, height - 1);
      const right = clamp(Math.ceil(box.x + box.w), left + 1, width);
      const bottom = clamp(Math.ceil(box.y + box.h), top + 1, height);
      let count = 0;
      for (let y = top; y < bottom; y++)
        for (let x = left; x < right; x++) if (isDiff((y * width + x) * 4)) count++;
      return count / ((right - left) * (bottom - top));
    },
    async overlay() {
      const { data, info } = await fitted(output, width, height, 'png');
      return { png: data, width: info.width, height: info.height };
    },
    async pictures() {
      const [design, implementation] = await Promise.all(
        [a, b].map(async (rgba) => (await fitted(rgba, width, height, 'jpeg')).data),
      );
      return { design, implementation };
    },
  };
}

/** RGBA pixels scaled to `overlaySize`'s width and cut at its height. */
async function fitted(rgba: Buffer, width: number, height: number, format: 'png' | 'jpeg') {
  const scaled = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .resize({ width: overlaySize.maxWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cut = Math.min(scaled.info.height, overlaySize.maxHeight);
  const raw = { width: scaled.info.width, height: scaled.info.height, channels: 4 as const };
  const picture = sharp(scaled.data, { raw }).extract({ left: 0, top: 0, width: raw.width, height: cut });
  return (format === 'png' ? picture.png() : picture.jpeg({ quality: 70 })).toBuffer({
    resolveWithObject: true,
  });
}

/**
 * The rendering's pixels on a `width × height` canvas: a shorter page continues with its last row's
 * first pixel (its background), a narrower one likewise to the right.
 */
function extended(rendering: Rendering, width: number, height: number): Buffer {
  if (rendering.width === width && rendering.height === height) return rendering.rgba;
  const canvas = Buffer.alloc(width * height * 4);
  const last = (rendering.height - 1) * rendering.width * 4;
  const fill = rendering.rgba.subarray(last, last + 4);
  for (let i = 0; i < canvas.length; i += 4) fill.copy(canvas, i);
  const copied = Math.min(width, rendering.width) * 4;
  for (let y = 0; y < Math.min(height, rendering.height); y++) {
    rendering.rgba.copy(canvas, y * width * 4, y * rendering.width * 4, y * rendering.width * 4 + copied);
  }
  return canvas;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
