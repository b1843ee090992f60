/**
 * Self-contained placeholder art for seed content: small SVG compositions returned as URL-encoded
 * `data:image/svg+xml` URLs, deterministic from motif, palette, seed and size (the seed needs no network).
 */

export interface Palette {
  /** Background. */
  bg: string;
  /** Light, medium and strong art colours. */
  a: string;
  b: string;
  c: string;
  /** Dark details. */
  ink: string;
  /** Light details (cards, highlights). */
  paper: string;
}

export type Motif =
  | 'gradient'
  | 'blobs'
  | 'geometric'
  | 'ui'
  | 'avatar'
  | 'logo'
  | 'landscape'
  | 'cup'
  | 'beans'
  | 'bag'
  | 'chart'
  | 'mark';

export interface IllustrationOptions {
  motif: Motif;
  palette: Palette;
  /** Varies the composition; the same seed always draws the same picture. */
  seed: string;
  width: number;
  height: number;
  /** Wordmark for `logo`. */
  label?: string;
}

export const palettes = {
  indigo: { bg: '#EEF0FF', a: '#C7D2FE', b: '#6366F1', c: '#38BDF8', ink: '#1E1B4B', paper: '#FFFFFF' },
  sky: { bg: '#E0F2FE', a: '#BAE6FD', b: '#0EA5E9', c: '#818CF8', ink: '#0C4A6E', paper: '#FFFFFF' },
  sunset: { bg: '#FFF1E6', a: '#FED7AA', b: '#F97316', c: '#F43F5E', ink: '#431407', paper: '#FFFFFF' },
  mint: { bg: '#E7F8F2', a: '#A7F3D0', b: '#10B981', c: '#6366F1', ink: '#064E3B', paper: '#FFFFFF' },
  dusk: { bg: '#1E1B4B', a: '#4338CA', b: '#818CF8', c: '#F472B6', ink: '#0B1020', paper: '#EEF2FF' },
  slate: { bg: '#F1F5F9', a: '#CBD5E1', b: '#64748B', c: '#6366F1', ink: '#0F172A', paper: '#FFFFFF' },
  atlas: { bg: '#EEF3FF', a: '#C9D6FF', b: '#3B5BFD', c: '#14B8A6', ink: '#0A1022', paper: '#FFFFFF' },
  atlasNight: { bg: '#0A1022', a: '#1E2A55', b: '#6D8BFF', c: '#2DD4BF', ink: '#050814', paper: '#E8EEFF' },
  roast: { bg: '#F2E8DB', a: '#E0C9AE', b: '#9A4A24', c: '#D9A441', ink: '#2B1D14', paper: '#FFFCF7' },
  crema: { bg: '#FBF3E6', a: '#EAD7BC', b: '#C27A3A', c: '#5E6B4E', ink: '#3A2418', paper: '#FFFFFF' },
  sage: { bg: '#EEF0E6', a: '#CBD3BA', b: '#5E6B4E', c: '#D9A441', ink: '#24170F', paper: '#FFFCF7' },
} satisfies Record<string, Palette>;

/** Small deterministic PRNG (FNV-1a seeded mulberry32). */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value: number): number => Math.round(value);

function svg(width: number, height: number, body: string, fit: 'slice' | 'meet' | 'none' = 'slice'): string {
  const aspect = fit === 'none' ? 'none' : `xMidYMid ${fit}`;
  const markup =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}' ` +
    `preserveAspectRatio='${aspect}'>${body}</svg>`;
  return `data:image/svg+xml,${markup.replace(/[%#<>"]/g, (ch) => encodeURIComponent(ch))}`;
}

function linear(id: string, from: string, to: string, vertical = false): string {
  const end = vertical ? "x2='0' y2='1'" : "x2='1' y2='1'";
  return `<linearGradient id='${id}' x1='0' y1='0' ${end}><stop stop-color='${from}'/><stop offset='1' stop-color='${to}'/></linearGradient>`;
}

function radial(id: string, color: string, opacity = 0.9): string {
  return `<radialGradient id='${id}'><stop stop-color='${color}' stop-opacity='${opacity}'/><stop offset='1' stop-color='${color}' stop-opacity='0'/></radialGradient>`;
}

function blobPath(cx: number, cy: number, r: number, rand: () => number): string {
  const points = Array.from({ length: 7 }, (_, i) => {
    const angle = (i / 7) * Math.PI * 2;
    const radius = r * (0.75 + rand() * 0.4);
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius];
  });
  const mid = (p: number[], q: number[]) => [n((p[0] + q[0]) / 2), n((p[1] + q[1]) / 2)];
  let d = `M${mid(points[6], points[0]).join(' ')}`;
  points.forEach((p, i) => {
    const m = mid(p, points[(i + 1) % 7]);
    d += `Q${n(p[0])} ${n(p[1])} ${m[0]} ${m[1]}`;
  });
  return `${d}Z`;
}

function gradientArt(w: number, h: number, p: Palette, rand: () => number): string {
  const colors = [p.a, p.b, p.c];
  let defs = linear('g', p.bg, p.a);
  let body = `<rect width='${w}' height='${h}' fill='url(#g)'/>`;
  colors.forEach((color, i) => {
    defs += radial(`r${i}`, color, 0.85);
    const r = Math.max(w, h) * (0.45 + rand() * 0.3);
    body += `<circle cx='${n(rand() * w)}' cy='${n(rand() * h)}' r='${n(r)}' fill='url(#r${i})'/>`;
  });
  return `<defs>${defs}</defs>${body}`;
}

function blobsArt(w: number, h: number, p: Palette, rand: () => number): string {
  const size = Math.min(w, h);
  const blur = `<filter id='f' x='-50%' y='-50%' width='200%' height='200%'><feGaussianBlur stdDeviation='${n(size * 0.09)}'/></filter>`;
  let body = `<defs>${linear('g', p.bg, p.a)}${blur}</defs><rect width='${w}' height='${h}' fill='url(#g)'/><g filter='url(#f)'>`;
  [p.b, p.c, p.paper, p.a].forEach((color, i) => {
    const d = blobPath(w * (0.15 + rand() * 0.7), h * (0.2 + rand() * 0.6), size * (0.42 - i * 0.06), rand);
    body += `<path d='${d}' fill='${color}' opacity='${[0.9, 0.8, 0.7, 0.8][i]}'/>`;
  });
  return `${body}</g>`;
}

function geometricArt(w: number, h: number, p: Palette, rand: () => number): string {
  const cols = w >= h ? 4 : 3;
  const s = w / cols;
  const rows = Math.ceil(h / s);
  const colors = [p.a, p.b, p.c, p.ink, p.bg];
  let body = `<rect width='${w}' height='${h}' fill='${p.bg}'/>`;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const [x0, y0] = [n(x * s), n(y * s)];
      const back = colors[n(rand() * 4)];
      const front = colors[(colors.indexOf(back) + 1 + n(rand() * 3)) % colors.length];
      if (back !== p.bg)
        body += `<rect x='${x0}' y='${y0}' width='${n(s)}' height='${n(s)}' fill='${back}'/>`;
      const kind = n(rand() * 3);
      if (kind === 0)
        body += `<circle cx='${n(x0 + s / 2)}' cy='${n(y0 + s / 2)}' r='${n(s * 0.32)}' fill='${front}'/>`;
      else if (kind === 1)
        body += `<path d='M${x0} ${y0}h${n(s)}A${n(s)} ${n(s)} 0 0 1 ${x0} ${n(y0 + s)}Z' fill='${front}'/>`;
      else if (kind === 2)
        body += `<path d='M${x0} ${n(y0 + s)}L${n(x0 + s / 2)} ${y0}L${n(x0 + s)} ${n(y0 + s)}Z' fill='${front}'/>`;
    }
  }
  return body;
}

function uiArt(w: number, h: number, p: Palette, rand: () => number): string {
  const [wx, wy, ww] = [n(w * 0.06), n(h * 0.09), n(w * 0.88)];
  const side = n(ww * 0.22);
  const mx = wx + side + 28;
  const mw = ww - side - 44;
  const cw = n((mw - 24) / 3);
  const top = wy + 150;
  const base = h - 14;
  /** Thick round-capped strokes draw bars and text lines compactly. */
  const strokes = (d: string, color: string, width: number) =>
    `<path d='${d}' stroke='${color}' stroke-width='${width}' stroke-linecap='round'/>`;
  let body = `<defs>${linear('g', p.bg, p.a)}</defs><rect width='${w}' height='${h}' fill='url(#g)'/>`;
  body += `<rect x='${wx}' y='${wy}' width='${ww}' height='${h}' rx='14' fill='${p.paper}' stroke='${p.a}'/>`;
  body += `<rect x='${wx + 12}' y='${wy + 36}' width='${side}' height='${h}' rx='8' fill='${p.bg}'/>`;
  body += strokes(`M${wx + 18} ${wy + 18}h0m14 0h0m14 0h0`, p.a, 8);
  body += strokes(
    Array.from(
      { length: 5 },
      (_, i) => `M${wx + 28} ${wy + 60 + i * 22}h${n(side * (0.3 + rand() * 0.35))}`,
    ).join(''),
    p.a,
    8,
  );
  body += strokes(`M${mx + 4} ${wy + 46}h${n(mw * 0.35)}`, p.ink, 12);
  let cards = '';
  let lines = '';
  for (let i = 0; i < 3; i++) {
    const cx = mx + i * (cw + 12);
    cards += `<rect x='${cx}' y='${wy + 68}' width='${cw}' height='60' rx='8' fill='${p.paper}' stroke='${p.a}'/>`;
    lines += `M${cx + 14} ${wy + 86}h${n(cw * 0.3)}`;
  }
  body += cards + strokes(lines, p.a, 6) + strokes(`M${mx + 14} ${wy + 106}h${n(cw * 0.45)}`, p.b, 12);
  body += strokes(
    `M${mx + cw + 26} ${wy + 106}h${n(cw * 0.45)}m${n(cw * 0.55) + 12} 0h${n(cw * 0.45)}`,
    p.ink,
    12,
  );
  const bars = 8;
  const step = mw / bars;
  const [main, alt] = [[] as string[], [] as string[]];
  for (let i = 0; i < bars; i++) {
    const bh = n((base - top) * (0.3 + rand() * 0.6));
    (i % 3 === 2 ? alt : main).push(`M${n(mx + step * (i + 0.5))} ${base}v-${bh}`);
  }
  body += strokes(main.join(''), p.b, n(step * 0.5)) + strokes(alt.join(''), p.c, n(step * 0.5));
  return body;
}

function avatarArt(w: number, h: number, p: Palette, rand: () => number): string {
  const [from, to] = rand() > 0.5 ? [p.a, p.b] : [p.b, p.c];
  const shirt = rand() > 0.5 ? p.ink : p.paper;
  const cx = n(w / 2);
  const hr = h * 0.15;
  const hy = h * 0.4;
  const hair = Math.floor(rand() * 3);
  let body = `<defs>${linear('g', from, to)}</defs><rect width='${w}' height='${h}' fill='url(#g)'/>`;
  if (hair === 1) {
    body += `<rect x='${n(cx - hr * 1.2)}' y='${n(hy - hr * 1.15)}' width='${n(hr * 2.4)}' height='${n(hr * 2.6)}' rx='${n(hr)}' fill='${p.ink}' opacity='.85'/>`;
  }
  body += `<path d='M${n(w * 0.18)} ${h}C${n(w * 0.18)} ${n(h * 0.76)} ${n(w * 0.33)} ${n(h * 0.68)} ${cx} ${n(h * 0.68)}S${n(w * 0.82)} ${n(h * 0.76)} ${n(w * 0.82)} ${h}Z' fill='${shirt}' opacity='.9'/>`;
  body += `<rect x='${n(cx - hr * 0.38)}' y='${n(hy + hr * 0.5)}' width='${n(hr * 0.76)}' height='${n(hr * 1.2)}' rx='${n(hr * 0.3)}' fill='${p.paper}'/>`;
  body += `<circle cx='${cx}' cy='${n(hy)}' r='${n(hr)}' fill='${p.paper}'/>`;
  if (hair === 0) {
    body += `<path d='M${n(cx - hr * 1.02)} ${n(hy + hr * 0.1)}A${n(hr * 1.02)} ${n(hr * 1.02)} 0 0 1 ${n(cx + hr * 1.02)} ${n(hy)}Q${n(cx + hr * 0.2)} ${n(hy - hr * 0.7)} ${n(cx - hr * 1.02)} ${n(hy + hr * 0.1)}Z' fill='${p.ink}' opacity='.85'/>`;
  } else if (hair === 2) {
    body += `<circle cx='${cx}' cy='${n(hy - hr * 1.05)}' r='${n(hr * 0.45)}' fill='${p.ink}' opacity='.85'/><path d='M${n(cx - hr)} ${n(hy)}A${n(hr)} ${n(hr)} 0 0 1 ${n(cx + hr)} ${n(hy)}Q${cx} ${n(hy - hr * 0.45)} ${n(cx - hr)} ${n(hy)}Z' fill='${p.ink}' opacity='.85'/>`;
  } else {
    body += `<path d='M${n(cx - hr)} ${n(hy)}A${n(hr)} ${n(hr)} 0 0 1 ${n(cx + hr)} ${n(hy)}Q${cx} ${n(hy - hr * 0.5)} ${n(cx - hr)} ${n(hy)}Z' fill='${p.ink}' opacity='.85'/>`;
  }
  return body;
}

function logoArt(h: number, p: Palette, rand: () => number, label: string): string {
  const s = h * 0.6;
  const x = h * 0.2;
  const y = (h - s) / 2;
  const marks = [
    `<circle cx='${n(x + s / 2)}' cy='${n(h / 2)}' r='${n(s / 2)}' fill='none' stroke='${p.ink}' stroke-width='5'/><circle cx='${n(x + s / 2)}' cy='${n(h / 2)}' r='${n(s / 5)}' fill='${p.ink}'/>`,
    `<path d='M${n(x)} ${n(y + s)}L${n(x + s / 2)} ${n(y)}L${n(x + s)} ${n(y + s)}Z' fill='${p.ink}'/>`,
    `<rect x='${n(x)}' y='${n(y)}' width='${n(s * 0.6)}' height='${n(s * 0.6)}' rx='3' fill='${p.ink}'/><rect x='${n(x + s * 0.4)}' y='${n(y + s * 0.4)}' width='${n(s * 0.6)}' height='${n(s * 0.6)}' rx='3' fill='${p.ink}' opacity='.55'/>`,
    `<path d='M${n(x + s / 2)} ${n(y)}L${n(x + s)} ${n(y + s / 2)}L${n(x + s / 2)} ${n(y + s)}L${n(x)} ${n(y + s / 2)}Z' fill='${p.ink}'/>`,
    `<path d='M${n(x)} ${n(y + s)}A${n(s / 2)} ${n(s / 2)} 0 0 1 ${n(x + s)} ${n(y + s)}Z' fill='${p.ink}'/><circle cx='${n(x + s / 2)}' cy='${n(y + s * 0.25)}' r='${n(s / 5)}' fill='${p.ink}'/>`,
  ];
  const mark = marks[n(rand() * (marks.length - 1))];
  return `${mark}<text x='${n(x + s + h * 0.2)}' y='${n(h / 2 + h * 0.14)}' font-family='system-ui,-apple-system,Segoe UI,sans-serif' font-size='${n(h * 0.46)}' font-weight='700' letter-spacing='-.5' fill='${p.ink}'>${label}</text>`;
}

function landscapeArt(w: number, h: number, p: Palette, rand: () => number): string {
  const hill = (y: number, d: number, color: string) =>
    `<path d='M0 ${n(y)}C${n(w * 0.25)} ${n(y - d)} ${n(w * 0.5)} ${n(y + d)} ${n(w * 0.75)} ${n(y)}S${w} ${n(y - d * 0.6)} ${w} ${n(y)}V${h}H0Z' fill='${color}'/>`;
  let body = `<defs>${linear('g', p.bg, p.a, true)}</defs><rect width='${w}' height='${h}' fill='url(#g)'/>`;
  body += `<circle cx='${n(w * (0.6 + rand() * 0.25))}' cy='${n(h * 0.3)}' r='${n(h * 0.12)}' fill='${p.paper}' opacity='.85'/>`;
  body += hill(h * 0.55, h * (0.06 + rand() * 0.05), p.a);
  body += hill(h * 0.68, h * (0.05 + rand() * 0.05), p.b);
  body += hill(h * 0.82, h * (0.04 + rand() * 0.04), p.c);
  return body;
}

function cupArt(w: number, h: number, p: Palette, rand: () => number): string {
  const cx = n(w * (0.45 + rand() * 0.1));
  const cy = n(h / 2);
  const s = Math.min(w, h);
  let body = `<defs>${linear('g', p.bg, p.a)}${radial('c', p.b, 1)}</defs><rect width='${w}' height='${h}' fill='url(#g)'/>`;
  body += `<circle cx='${cx + 8}' cy='${cy + 12}' r='${n(s * 0.38)}' fill='${p.ink}' opacity='.12'/>`;
  body += `<circle cx='${cx}' cy='${cy}' r='${n(s * 0.38)}' fill='${p.paper}'/>`;
  body += `<rect x='${n(cx + s * 0.24)}' y='${n(cy - s * 0.05)}' width='${n(s * 0.2)}' height='${n(s * 0.1)}' rx='${n(s * 0.05)}' fill='${p.paper}' stroke='${p.a}'/>`;
  body += `<circle cx='${cx}' cy='${cy}' r='${n(s * 0.27)}' fill='${p.paper}' stroke='${p.a}' stroke-width='3'/>`;
  body += `<circle cx='${cx}' cy='${cy}' r='${n(s * 0.23)}' fill='${p.ink}'/>`;
  body += `<circle cx='${cx}' cy='${cy}' r='${n(s * 0.22)}' fill='url(#c)' opacity='.75'/>`;
  const r = s * 0.1;
  body += `<path d='M${cx} ${n(cy + r)}C${n(cx - r * 1.6)} ${n(cy - r * 0.2)} ${n(cx - r * 0.6)} ${n(cy - r * 1.3)} ${cx} ${n(cy - r * 0.4)}C${n(cx + r * 0.6)} ${n(cy - r * 1.3)} ${n(cx + r * 1.6)} ${n(cy - r * 0.2)} ${cx} ${n(cy + r)}Z' fill='${p.paper}' opacity='.9'/>`;
  return body;
}

function beansArt(w: number, h: number, p: Palette, rand: () => number): string {
  let body = `<defs>${linear('g', p.bg, p.a)}<g id='b'><ellipse rx='14' ry='20'/><path d='M0-17c-7 10 7 24 0 34' stroke='${p.paper}' stroke-opacity='.45' stroke-width='3' fill='none'/></g></defs><rect width='${w}' height='${h}' fill='url(#g)'/>`;
  const count = 9;
  for (let i = 0; i < count; i++) {
    const x = n(((i % 3) + 0.25 + rand() * 0.5) * (w / 3));
    const y = n((Math.floor(i / 3) + 0.25 + rand() * 0.5) * (h / 3));
    const scale = ((Math.min(w, h) / 360) * (1.3 + rand() * 0.9)).toFixed(2);
    body += `<use href='#b' transform='translate(${x} ${y}) rotate(${n(rand() * 180)}) scale(${scale})' fill='${[p.b, p.c, p.ink][i % 3]}'/>`;
  }
  return body;
}

function bagArt(w: number, h: number, p: Palette, rand: () => number): string {
  const colors = [p.b, p.c, p.ink];
  const bag = colors[n(rand() * 2)];
  const [bw, bh] = [w * 0.42, h * 0.66];
  const [x, y] = [(w - bw) / 2, h * 0.2];
  let body = `<defs>${linear('g', p.bg, p.a)}</defs><rect width='${w}' height='${h}' fill='url(#g)'/>`;
  body += `<ellipse cx='${n(w / 2)}' cy='${n(y + bh)}' rx='${n(bw * 0.62)}' ry='${n(h * 0.04)}' fill='${p.ink}' opacity='.15'/>`;
  body += `<path d='M${n(x + bw * 0.06)} ${n(y)}H${n(x + bw * 0.94)}L${n(x + bw)} ${n(y + bh)}H${n(x)}Z' fill='${bag}'/>`;
  body += `<rect x='${n(x + bw * 0.06)}' y='${n(y)}' width='${n(bw * 0.88)}' height='${n(bh * 0.08)}' fill='${p.ink}' opacity='.25'/>`;
  body += `<rect x='${n(x + bw * 0.18)}' y='${n(y + bh * 0.34)}' width='${n(bw * 0.64)}' height='${n(bh * 0.4)}' rx='4' fill='${p.paper}'/>`;
  body += `<circle cx='${n(w / 2)}' cy='${n(y + bh * 0.45)}' r='${n(bw * 0.09)}' fill='${bag}'/>`;
  body += `<rect x='${n(x + bw * 0.28)}' y='${n(y + bh * 0.57)}' width='${n(bw * 0.44)}' height='${n(bh * 0.04)}' rx='2' fill='${p.ink}'/>`;
  body += `<rect x='${n(x + bw * 0.34)}' y='${n(y + bh * 0.65)}' width='${n(bw * 0.32)}' height='${n(bh * 0.025)}' rx='2' fill='${p.ink}' opacity='.5'/>`;
  return body;
}

function chartArt(w: number, h: number, p: Palette, rand: () => number): string {
  const steps = 12;
  let y = h * 0.7;
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    y = Math.min(h * 0.9, Math.max(h * 0.1, y - h * (rand() * 0.22 - 0.07)));
    points.push(`${n((i / steps) * w)} ${n(y)}`);
  }
  const line = `M${points.join('L')}`;
  const fade = `<linearGradient id='g' x2='0' y2='1'><stop stop-color='${p.b}' stop-opacity='.28'/><stop offset='1' stop-color='${p.b}' stop-opacity='0'/></linearGradient>`;
  return (
    `<defs>${fade}</defs>` +
    `<path d='${line}L${w} ${h}L0 ${h}Z' fill='url(#g)'/><path d='${line}' fill='none' stroke='${p.b}' stroke-width='2.5' stroke-linejoin='round'/>`
  );
}

/** A brand mark: a gradient tile with a simple white glyph. */
function markArt(w: number, h: number, p: Palette, rand: () => number): string {
  const s = Math.min(w, h);
  const glyphs = [
    `<circle cx='${n(s * 0.4)}' cy='${n(s * 0.5)}' r='${n(s * 0.2)}' fill='${p.paper}'/><circle cx='${n(s * 0.6)}' cy='${n(s * 0.5)}' r='${n(s * 0.2)}' fill='${p.paper}' opacity='.6'/>`,
    `<path d='M${n(s * 0.28)} ${n(s * 0.72)}V${n(s * 0.28)}A${n(s * 0.44)} ${n(s * 0.44)} 0 0 1 ${n(s * 0.72)} ${n(s * 0.72)}Z' fill='${p.paper}'/>`,
    `<path d='M${n(s * 0.26)} ${n(s * 0.62)}l${n(s * 0.16)}-${n(s * 0.22)} ${n(s * 0.16)} ${n(s * 0.22)} ${n(s * 0.16)}-${n(s * 0.22)}' fill='none' stroke='${p.paper}' stroke-width='${n(s * 0.09)}' stroke-linecap='round' stroke-linejoin='round'/>`,
  ];
  return `<defs>${linear('g', p.b, p.c)}</defs><rect width='${s}' height='${s}' rx='${n(s * 0.24)}' fill='url(#g)'/>${glyphs[Math.floor(rand() * glyphs.length)]}`;
}

export function illustration(options: IllustrationOptions): string {
  const { motif, palette: p, width: w, height: h } = options;
  const rand = random(`${motif}/${options.seed}`);
  switch (motif) {
    case 'gradient':
      return svg(w, h, gradientArt(w, h, p, rand));
    case 'blobs':
      return svg(w, h, blobsArt(w, h, p, rand));
    case 'geometric':
      return svg(w, h, geometricArt(w, h, p, rand));
    case 'ui':
      return svg(w, h, uiArt(w, h, p, rand));
    case 'avatar':
      return svg(w, h, avatarArt(w, h, p, rand));
    case 'logo':
      return svg(w, h, logoArt(h, p, rand, options.label ?? 'Brand'), 'meet');
    case 'landscape':
      return svg(w, h, landscapeArt(w, h, p, rand));
    case 'cup':
      return svg(w, h, cupArt(w, h, p, rand));
    case 'beans':
      return svg(w, h, beansArt(w, h, p, rand));
    case 'bag':
      return svg(w, h, bagArt(w, h, p, rand));
    case 'chart':
      return svg(w, h, chartArt(w, h, p, rand), 'none');
    case 'mark':
      return svg(w, h, markArt(w, h, p, rand), 'meet');
  }
}

/** Shorthand: `art('blobs', palettes.indigo, 'hero', 4, 3)` draws at 4:3 (scaled to a 480-px-wide canvas). */
export function art(
  motif: Motif,
  palette: Palette,
  seed: string,
  ratioW = 4,
  ratioH = 3,
  label?: string,
): string {
  const width = 480;
  return illustration({ motif, palette, seed, width, height: Math.round((width * ratioH) / ratioW), label });
}
