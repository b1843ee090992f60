// A view's HTML document, made per resources/read from its bundle (scripts/build-views.ts wrote ./generated,
// read once per process): the view's own Content-Security-Policy first, then its styles and its script.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type ViewName, viewCatalog } from './view-catalog.js';
import { viewPolicy } from './view-policy.js';

interface ViewBundle {
  /** Ready to inline: no `</script` in it. */
  script: string;
  scriptHash: string;
  css: string;
}

const loaded = new Map<ViewName, ViewBundle>();

function bundleOf(name: ViewName): ViewBundle {
  let bundle = loaded.get(name);
  if (bundle === undefined) {
    bundle = JSON.parse(
      readFileSync(new URL(`./generated/${name}.json`, import.meta.url), 'utf8'),
    ) as ViewBundle;
    loaded.set(name, bundle);
  }
  return bundle;
}

/**
 * The self-contained HTML document of a view (script and styles inlined). A view that runs scripts its
 * tools answer with gets a new nonce each time, on its own script, where the view reads it.
 */
export function viewHtml(name: ViewName, folioOrigin: string): string {
  const { script, scriptHash, css } = bundleOf(name);
  const runsToolScripts = viewCatalog.find((view) => view.name === name)?.runsToolScripts;
  const nonce = runsToolScripts ? randomBytes(18).toString('base64') : undefined;
  const policy = viewPolicy({ scriptHash, nonce, folioOrigin });
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Folio</title>',
    `<style>${css}</style></head>`,
    '<body><main id="view" aria-live="polite"></main>',
    `<script type="module"${nonce ? ` nonce="${nonce}"` : ''}>${script}</script>`,
    '</body></html>',
  ].join('');
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
