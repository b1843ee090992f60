// `npm run graph`: which lib each lib and app imports (`#folio/<lib>`, production code only, specs
// aside), drawn in the layers scripts/layers.js declares. Exits 1 on a cycle, on a lib no layer holds and
// on an import of a lib that is not in a lower layer (the same rule ESLint's folio/layers enforces per file).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layerOf, layers } from './layers.js';

const folioImport = /(?:from|import\()\s*'#folio\/([a-z-]+)'/g;
const isSpec = (file: string) => /\.(e2e-)?spec\.ts$/.test(file) || file.includes('/generated/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !isSpec(file));
}

/** The libs the production code under `dir` imports, itself aside. */
function importsOf(dir: string, self: string): Set<string> {
  const imported = new Set<string>();
  for (const file of sourceFiles(dir)) {
    for (const [, lib] of readFileSync(file, 'utf8').matchAll(folioImport))
      if (lib !== self) imported.add(lib);
  }
  return imported;
}

const libs = new Map(readdirSync('libs').map((lib) => [lib, importsOf(join('libs', lib, 'src'), lib)]));
const apps = new Map(readdirSync('apps').map((app) => [app, importsOf(join('apps', app, 'src'), '')]));

function checkAcyclic(lib: string, path: string[] = [], done = new Set<string>()): void {
  if (path.includes(lib)) fail(`import cycle: ${[...path.slice(path.indexOf(lib)), lib].join(' → ')}`);
  if (done.has(lib)) return;
  for (const dep of libs.get(lib) ?? []) checkAcyclic(dep, [...path, lib], done);
  done.add(lib);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

for (const lib of libs.keys()) checkAcyclic(lib);
for (const [lib, deps] of libs) {
  const own = layerOf(lib);
  if (own === undefined) fail(`libs/${lib} is in no layer of scripts/layers.js`);
  for (const dep of deps)
    if ((layerOf(dep) ?? Infinity) >= own)
      fail(`${lib} (layer ${own}) imports ${dep}, which is not in a lower layer`);
}

layers.forEach((layer, index) => {
  console.log(`layer ${index}: ${layer.name}`);
  for (const lib of layer.libs.filter((name) => libs.has(name))) {
    const deps = [...libs.get(lib)!].sort();
    console.log(`  ${lib.padEnd(12)} ${deps.length ? `→ ${deps.join(', ')}` : ''}`.trimEnd());
  }
});
console.log('apps');
for (const [app, deps] of [...apps].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${app.padEnd(12)} → ${[...deps].sort().join(', ')}`);
}
console.log(`${libs.size} libs in ${layers.length} layers, no cycle, no import climbs a layer`);
