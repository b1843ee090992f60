import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { type GeneratedImage, ImageGenerator, type ImageRequest } from './image-generator.js';
import { type ImageLook, imageLookOf, type Rgb } from './image-look.js';
import { type Motif, motifOf, type Shape } from './image-motif.js';
import { encodePng } from './png.js';

/** Larger requests are drawn smaller, same shape: the picture is soft fields, which scale up well. */
const maxSide = 1600;
const minSide = 16;
/**
 * Rows drawn between turns of the event loop: the generator runs in the process that answers requests,
 * and a whole picture is a few hundred milliseconds of arithmetic.
 */
const rowsPerTurn = 24;
// The per-pixel code reads no globals: a global lookup per pixel is slow inside a VM context (Jest).
const { abs, imul, max, min, sin, sqrt } = Math;

/**
 * Draws without any network: flat shapes suggesting the prompt's subject (image-motif.ts) on a soft ground
 * of colour fields, in the page's colours when the prompt names them, else a palette chosen from its words
 * (image-look.ts). The same prompt always gives the same PNG; nothing of the prompt's text is drawn or
 * embedded.
 */
export class LocalImageGenerator extends ImageGenerator {
  async generate({ prompt, width, height }: ImageRequest, signal: AbortSignal): Promise<GeneratedImage> {
    signal.throwIfAborted();
    const size = fitted(width, height);
    const random = seededRandom(prompt);
    const pixels = await paint(imageLookOf(prompt, random), motifOf(prompt), size, random, signal);
    return { bytes: await encodePng(size.width, size.height, pixels), type: 'image/png', ...size };
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
async function paint(
  look: ImageLook,
  motif: Motif,
  { width, height }: { width: number; height: number },
  random: () => number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const unit = Math.max(width, height);
  const [w, h] = [width / unit, height / unit];
  const pick = () => look.colors[Math.floor(random() * look.colors.length)];
  // A pale ground, so the subject's shapes carry the picture.
  const fields: Field[] = look.colors.map((color) => ({
    x: (random() * 1.2 - 0.1) * w,
    y: (random() * 1.2 - 0.1) * h,
    color: shade(color, 0.62),
  }));
  const bands: Band[] = Array.from({ length: look.waves }, (_, index) => ({
    level: h * (0.5 + (0.4 * (index + random() * 0.5)) / look.waves),
    amplitude: h * (0.03 + random() * 0.08),
    frequency: (Math.PI * 2 * (0.4 + random() * 1.1)) / w,
    phase: random() * Math.PI * 2,
    color: shade(pick(), 0.45),
    alpha: 0.25 + random() * 0.2,
  }));
  const discs: Disc[] = Array.from({ length: look.orbs }, () => ({
    x: random() * w,
    y: random() * h * 0.8,
    radius: 0.06 + random() * 0.22,
    color: shade(pick(), 0.7),
    alpha: 0.2 + random() * 0.3,
  }));
  const shapes = placed(motif, look, w, h, 1 / unit);
  const noiseSeed = Math.floor(random() * 0x7fffffff);

  const pixels = new Uint8Array(width * height * 3);
  const color: Rgb = [0, 0, 0];
  for (let py = 0; py < height; py++) {
    if (py % rowsPerTurn === 0) {
      await setImmediate();
      signal.throwIfAborted();
    }
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
      // The ground darkens towards the edges; the shapes on it are flat.
      const fromCentre = ((x - w / 2) ** 2 + (y - h / 2) ** 2) / (w * w + h * h);
      const light = 1 - 0.35 * fromCentre;
      for (let channel = 0; channel < 3; channel++) color[channel] *= light;
      for (const shape of shapes) {
        if (x < shape.left || x > shape.right || y < shape.top || y > shape.bottom) continue;
        over(color, shape.color, 1 - smoothstep(-shape.edge, shape.edge, shape.distance(x, y)));
      }
      const grain = look.grain && (noise(px, py, noiseSeed) - 0.5) * look.grain;
      const at = (py * width + px) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const value = color[channel] + grain;
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

interface PlacedShape {
  color: Rgb;
  /** Half the anti-aliased edge, in image units. */
  edge: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Signed distance from the shape's outline: negative inside. */
  distance: (x: number, y: number) => number;
}

/**
 * The motif's shapes in image coordinates: its unit square centred in the picture at 80 % of the shorter
 * side. Main, second and accent tones are the look's first colours, a little deeper; a light and a dark tone
 * set them off.
 */
function placed(motif: Motif, look: ImageLook, w: number, h: number, pixel: number): PlacedShape[] {
  const side = min(w, h) * 0.8;
  const [left, top] = [(w - side) / 2, (h - side) / 2];
  const at = (x: number, y: number): [number, number] => [left + x * side, top + y * side];
  const deep = look.colors.map((color) => shade(color, -0.12));
  const byLightness = [...look.colors].sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]));
  const tones: Rgb[] = [
    ...[0, 1, 2].map((tone) => deep[tone % deep.length]),
    shade(byLightness.at(-1)!, 0.8),
    shade(byLightness[0], -0.6),
  ];
  return motif.shapes.map((shape) => {
    const found = distanceOf(shape, at, side);
    const margin = found.reach + 2 * pixel;
    return {
      color: tones[shape.tone],
      edge: pixel,
      left: found.centre[0] - margin,
      right: found.centre[0] + margin,
      top: found.centre[1] - margin,
      bottom: found.centre[1] + margin,
      distance: found.distance,
    };
  });
}

/** A shape's signed distance function, its centre and how far from the centre it reaches. */
function distanceOf(
  shape: Shape,
  at: (x: number, y: number) => [number, number],
  side: number,
): { centre: [number, number]; reach: number; distance: (x: number, y: number) => number } {
  switch (shape.kind) {
    case 'circle':
    case 'ring': {
      const [cx, cy] = at(shape.x, shape.y);
      const r = shape.r * side;
      const half = shape.kind === 'ring' ? (shape.width * side) / 2 : 0;
      const distance = (x: number, y: number) => {
        const d = sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) - r;
        return half ? abs(d) - half : d;
      };
      return { centre: [cx, cy], reach: r + half, distance };
    }
    case 'box': {
      const [cx, cy] = at(shape.x, shape.y);
      const [hw, hh, round] = [(shape.w * side) / 2, (shape.h * side) / 2, shape.round * side];
      const [cos, sine] = [Math.cos(shape.angle ?? 0), Math.sin(shape.angle ?? 0)];
      const distance = (x: number, y: number) => {
        const [dx, dy] = [x - cx, y - cy];
        const qx = abs(dx * cos + dy * sine) - hw + round;
        const qy = abs(-dx * sine + dy * cos) - hh + round;
        const outside = sqrt(max(qx, 0) ** 2 + max(qy, 0) ** 2);
        return outside + min(max(qx, qy), 0) - round;
      };
      return { centre: [cx, cy], reach: sqrt(hw * hw + hh * hh), distance };
    }
    case 'line': {
      const [ax, ay] = at(shape.x1, shape.y1);
      const [bx, by] = at(shape.x2, shape.y2);
      const half = (shape.width * side) / 2;
      const [ex, ey] = [bx - ax, by - ay];
      const length = ex * ex + ey * ey || 1;
      const distance = (x: number, y: number) => {
        const t = min(1, max(0, ((x - ax) * ex + (y - ay) * ey) / length));
        return sqrt((x - ax - ex * t) ** 2 + (y - ay - ey * t) ** 2) - half;
      };
      return { centre: [(ax + bx) / 2, (ay + by) / 2], reach: sqrt(length) / 2 + half, distance };
    }
    case 'triangle': {
      const points = shape.points.map(([x, y]) => at(x, y));
      const centre: [number, number] = [
        points.reduce((sum, p) => sum + p[0], 0) / 3,
        points.reduce((sum, p) => sum + p[1], 0) / 3,
      ];
      // Each edge as a unit normal pointing out and its offset: inside, every edge distance is negative.
      const edges = points.map(([ax, ay], i) => {
        const [bx, by] = points[(i + 1) % 3];
        let [nx, ny] = [by - ay, ax - bx];
        const norm = sqrt(nx * nx + ny * ny);
        [nx, ny] = [nx / norm, ny / norm];
        if ((centre[0] - ax) * nx + (centre[1] - ay) * ny > 0) [nx, ny] = [-nx, -ny];
        return { ax, ay, nx, ny };
      });
      const distance = (x: number, y: number) => {
        let farthest = -Infinity;
        for (const e of edges) farthest = max(farthest, (x - e.ax) * e.nx + (y - e.ay) * e.ny);
        return farthest;
      };
      const reach = max(...points.map(([x, y]) => sqrt((x - centre[0]) ** 2 + (y - centre[1]) ** 2)));
      return { centre, reach, distance };
    }
  }
}

function over(base: Rgb, top: Rgb, alpha: number): void {
  if (alpha <= 0) return;
  for (let channel = 0; channel < 3; channel++) base[channel] += (top[channel] - base[channel]) * alpha;
}

/** Towards white (amount > 0) or black (amount < 0). */
function shade(color: Rgb, amount: number): Rgb {
  const target = amount > 0 ? 255 : 0;
  return color.map((channel) => channel + (target - channel) * abs(amount)) as Rgb;
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
