import { createHash } from 'node:crypto';
import { type GeneratedImage, ImageGenerator, type ImageRequest } from './image-generator.js';
import { type ImageLook, imageLookOf, type Rgb } from './image-look.js';
import { encodePng } from './png.js';

/** Larger requests are drawn smaller, same shape: the picture is soft fields, which scale up well. */
const maxSide = 1600;
const minSide = 16;
// The per-pixel code reads no globals: a global lookup per pixel is slow inside a VM context (Jest).
const { imul, sin, sqrt } = Math;

/**
 * Draws without any network: soft colour fields blended across the image, gentle bands and glowing discs,
 * in a palette chosen from the prompt's words (see image-look.ts). The same prompt always gives the same
 * PNG; nothing of the prompt's text is drawn or embedded.
 */
export class LocalImageGenerator extends ImageGenerator {
  async generate({ prompt, width, height }: ImageRequest, signal: AbortSignal): Promise<GeneratedImage> {
    signal.throwIfAborted();
    const size = fitted(width, height);
    const random = seededRandom(prompt);
    const pixels = paint(imageLookOf(prompt, random), size, random);
    return { bytes: encodePng(size.width, size.height, pixels), type: 'image/png', ...size };
  }
}

function fitted(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const side = (value: number) => Math.max(minSide, Math.round(value * scale));
  return { width: side(width), height: side(height) };
}

/** sfc32 seeded with the prompt's SHA-256: uniform in [0, 1). */
function seededRandom(prompt: string): () => number {
  const digest = createHash('sha256').update(prompt).digest();
  let [a, b, c, d] = [0, 4, 8, 12].map((offset) => digest.readUInt32LE(offset));
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

interface Field {
  x: number;
  y: number;
  color: Rgb;
}

interface Band {
  level: number;
  amplitude: number;
  frequency: number;
  phase: number;
  color: Rgb;
  alpha: number;
}

interface Disc {
  x: number;
  y: number;
  radius: number;
  color: Rgb;
  alpha: number;
}

/** RGB bytes, row by row. Coordinates are in units of the longer side, so shapes keep their proportions. */
function paint(look: ImageLook, { width, height }: { width: number; height: number }, random: () => number) {
  const unit = Math.max(width, height);
  const [w, h] = [width / unit, height / unit];
  const pick = () => look.colors[Math.floor(random() * look.colors.length)];
  const fields: Field[] = look.colors.map((color) => ({
    x: (random() * 1.2 - 0.1) * w,
    y: (random() * 1.2 - 0.1) * h,
    color,
  }));
  const bands: Band[] = Array.from({ length: look.waves }, (_, index) => ({
    level: h * (0.5 + (0.4 * (index + random() * 0.5)) / look.waves),
    amplitude: h * (0.03 + random() * 0.08),
    frequency: (Math.PI * 2 * (0.4 + random() * 1.1)) / w,
    phase: random() * Math.PI * 2,
    color: shade(pick(), index % 2 ? 0.25 : -0.2),
    alpha: 0.3 + random() * 0.3,
  }));
  const discs: Disc[] = Array.from({ length: look.orbs }, () => ({
    x: random() * w,
    y: random() * h * 0.8,
    radius: 0.06 + random() * 0.22,
    color: shade(pick(), 0.35),
    alpha: 0.2 + random() * 0.3,
  }));
  const noiseSeed = Math.floor(random() * 0x7fffffff);

  const pixels = new Uint8Array(width * height * 3);
  const color: Rgb = [0, 0, 0];
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5) / unit;
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5) / unit;
      blendFields(fields, x, y, color);
      for (const band of bands) {
        const edge = band.level + band.amplitude * sin(x * band.frequency + band.phase);
        over(color, band.color, band.alpha * smoothstep(-0.004, 0.004, y - edge));
      }
      for (const disc of discs) {
        const distance = sqrt((x - disc.x) * (x - disc.x) + (y - disc.y) * (y - disc.y));
        over(color, disc.color, disc.alpha * (1 - smoothstep(disc.radius * 0.55, disc.radius, distance)));
      }
      const fromCentre = ((x - w / 2) ** 2 + (y - h / 2) ** 2) / (w * w + h * h);
      const light = 1 - 0.35 * fromCentre;
      const grain = look.grain && (noise(px, py, noiseSeed) - 0.5) * look.grain;
      const at = (py * width + px) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const value = color[channel] * light + grain;
        pixels[at + channel] = value <= 0 ? 0 : value >= 255 ? 255 : value + 0.5;
      }
    }
  }
  return pixels;
}

/** Inverse-square weighting of the fields: each colour owns the area around it, blending softly. */
function blendFields(fields: Field[], x: number, y: number, out: Rgb): void {
  let total = 0;
  out[0] = out[1] = out[2] = 0;
  for (const field of fields) {
    const squared = (x - field.x) * (x - field.x) + (y - field.y) * (y - field.y) + 0.002;
    const weight = 1 / (squared * sqrt(squared));
    total += weight;
    out[0] += field.color[0] * weight;
    out[1] += field.color[1] * weight;
    out[2] += field.color[2] * weight;
  }
  out[0] /= total;
  out[1] /= total;
  out[2] /= total;
}

function over(base: Rgb, top: Rgb, alpha: number): void {
  if (alpha <= 0) return;
  for (let channel = 0; channel < 3; channel++) base[channel] += (top[channel] - base[channel]) * alpha;
}

/** Towards white (amount > 0) or black (amount < 0). */
function shade(color: Rgb, amount: number): Rgb {
  const target = amount > 0 ? 255 : 0;
  return color.map((channel) => channel + (target - channel) * Math.abs(amount)) as Rgb;
}

function smoothstep(from: number, to: number, value: number): number {
  const linear = (value - from) / (to - from);
  const t = linear <= 0 ? 0 : linear >= 1 ? 1 : linear;
  return t * t * (3 - 2 * t);
}

/** A cheap integer hash of the pixel position: uniform in [0, 1). */
function noise(x: number, y: number, seed: number): number {
  let n = (imul(x, 374761393) + imul(y, 668265263) + seed) | 0;
  n = imul(n ^ (n >>> 13), 1274126177);
  return ((n ^ (n >>> 16)) >>> 0) / 4294967296;
}
