/** Lucide icons (lucide-static) as compact inline SVG, looked up by their kebab-case name. */
import * as lucide from 'lucide-static';
import { escapeHtml } from './html-escape.js';

// Imported as CommonJS: the namespace's default is the whole exports object.
const icons = ((lucide as { default?: unknown }).default ?? lucide) as Record<string, unknown>;
const namePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const cache = new Map<string, string | null>();

function exportName(name: string): string {
  return name
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** The icon's SVG markup without the `<svg>` tag's presentation attributes, or null for an unknown name. */
function iconBody(name: string): string | null {
  if (cache.has(name)) return cache.get(name) ?? null;
  let body: string | null = null;
  if (namePattern.test(name)) {
    const svg = icons[exportName(name)];
    if (typeof svg === 'string') {
      const match = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg);
      if (match) body = match[1].replace(/\s*\n\s*/g, '').replace(/\s*\/>/g, '/>');
    }
  }
  cache.set(name, body);
  return body;
}

/**
 * Inline SVG for a Lucide icon name, or null when Lucide has no such icon. Decorative unless `label`
 * is given, in which case it is announced as an image with that name.
 */
export function iconSvg(name: string | undefined, label?: string): string | null {
  if (!name) return null;
  const body = iconBody(name.trim().toLowerCase());
  if (body === null) return null;
  const a11y = label ? `role="img" aria-label="${escapeHtml(label)}"` : 'aria-hidden="true"';
  return `<svg ${svgAttributes} ${a11y}>${body}</svg>`;
}

const svgAttributes =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"';

/** The `<svg>` every decorative icon is drawn in, with `{paths}` where an icon's `iconPaths` go. */
export const iconSvgTemplate = `<svg ${svgAttributes} aria-hidden="true">{paths}</svg>`;

/** What an icon draws inside its `<svg>` (see iconSvgTemplate), or null for an unknown name. */
export function iconPaths(name: string): string | null {
  return iconBody(name.trim().toLowerCase());
}

/** True when Lucide has an icon of this name. */
export function isIconName(name: string): boolean {
  return iconPaths(name) !== null;
}
