// `npm run graph`: which lib each lib and app imports (`#folio/<lib>`, production code only, specs
// aside), drawn as layers: a lib sits one layer above the highest lib it imports. Exits 1 on a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

const layers = new Map<string, number>();
function layerOf(lib: string, path: string[] = []): number {
  if (path.includes(lib)) {
    console.error(`import cycle: ${[...path.slice(path.indexOf(lib)), lib].join(' → ')}`);
    process.exit(1);
  }
  let layer = layers.get(lib);
  if (layer === undefined) {
    const below = [...(libs.get(lib) ?? [])].map((dep) => layerOf(dep, [...path, lib]));
    layer = below.length ? Math.max(...below) + 1 : 0;
    layers.set(lib, layer);
  }
  return layer;
}
for (const lib of libs.keys()) layerOf(lib);

const top = Math.max(...layers.values());
for (let layer = 0; layer <= top; layer++) {
  console.log(`layer ${layer}`);
  for (const lib of [...libs.keys()].filter((name) => layers.get(name) === layer).sort()) {
    const deps = [...libs.get(lib)!].sort();
    console.log(`  ${lib.padEnd(12)} ${deps.length ? `→ ${deps.join(', ')}` : ''}`.trimEnd());
  }
}
console.log('apps');
for (const [app, deps] of [...apps].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${app.padEnd(12)} → ${[...deps].sort().join(', ')}`);
}
console.log(`${libs.size} libs in ${top + 1} layers, no cycle`);
