// Part of `npm run build`: bundles each MCP Apps view (libs/mcp-views/src/views/<name>.ts, its shared code
// in views/kit/, and views/views.css) with esbuild into libs/mcp-views/src/generated/<name>.json: its script,
// ready to inline, with the script's sha-256 for the view's Content-Security-Policy, and its styles. swc's
// --copy-files carries them into dist/, where libs/mcp-views/src/view-html.ts makes each into one
// self-contained HTML document per resources/read. Hosts load a view as one HTML string: no CDN, no second
// request.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

rmSync(generated, { recursive: true, force: true });
mkdirSync(generated, { recursive: true });
const views = readdirSync(source)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length));
for (const name of views) {
  const script = inlineScript(await bundle(name));
  const scriptHash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
  writeFileSync(new URL(`${name}.json`, generated), JSON.stringify({ script, scriptHash, css }));
}
