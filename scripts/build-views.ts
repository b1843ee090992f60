// Part of `npm run build`: bundles each MCP Apps view (libs/mcp-views/src/views/<name>.ts, its shared code
// in views/kit/, and views/views.css) with esbuild into one self-contained HTML document,
// libs/mcp-views/src/generated/<name>.html,
// which swc's --copy-files then carries into dist/. Hosts load a view as one HTML string: no CDN, no
// second request.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const source = new URL('../libs/mcp-views/src/views/', import.meta.url);
const generated = new URL('../libs/mcp-views/src/generated/', import.meta.url);

/** Closes nothing early: a `</script` inside the inlined code would end the script element. */
const inlineScript = (code: string) => code.replaceAll(/<\/(script)/gi, '<\\/$1');

async function bundle(name: string): Promise<string> {
  const result = await build({
    entryPoints: [new URL(`${name}.ts`, source).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

const css = (
  await build({
    entryPoints: [new URL('views.css', source).pathname],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'warning',
  })
).outputFiles[0].text;

mkdirSync(generated, { recursive: true });
const views = readdirSync(source)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length));
for (const name of views) {
  const script = await bundle(name);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Folio</title>',
    `<style>${css}</style></head>`,
    '<body><main id="view" aria-live="polite"></main>',
    `<script type="module">${inlineScript(script)}</script>`,
    '</body></html>',
  ].join('');
  writeFileSync(new URL(`${name}.html`, generated), html);
}
