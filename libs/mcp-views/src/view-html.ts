// The views' HTML, bundled at build time (scripts/build-views.ts) into ./generated, read once per process.
import { readFileSync } from 'node:fs';
import { type ViewName } from './view-catalog.js';

const loaded = new Map<ViewName, string>();

/** The self-contained HTML document of a view (script and styles inlined). */
export function viewHtml(name: ViewName): string {
  let html = loaded.get(name);
  if (html === undefined) {
    html = readFileSync(new URL(`./generated/${name}.html`, import.meta.url), 'utf8');
    loaded.set(name, html);
  }
  return html;
}
