// ESLint rule `folio/layers`: the lib graph stays layered (scripts/layers.js), apps stay apart, libs are
// imported through their barrel only.
import { dirname, join, relative, sep } from 'node:path';
import { composingApp, layerOf, layers, libsImportingApps } from './layers.js';

const root = process.cwd();
const isSpec = (file) => /\.(e2e-)?spec\.ts$/.test(file);

/** `{ kind: 'lib' | 'app', name }` for a file under libs/<name>/ or apps/<name>/, else undefined. */
function ownerOf(path) {
  const [top, name] = path.split(sep);
  if ((top === 'libs' || top === 'apps') && name) return { kind: top === 'libs' ? 'lib' : 'app', name };
  return undefined;
}

function problemWith(file, source) {
  const owner = ownerOf(file);
  const inSpec = isSpec(file);
  if (source.startsWith('#folio/')) {
    const [lib, ...deep] = source.slice('#folio/'.length).split('/');
    if (deep.length) return `Import ${lib} through its barrel '#folio/${lib}', not '${source}'.`;
    const layer = layerOf(lib);
    if (layer === undefined) return `'${lib}' is in no layer of scripts/layers.js.`;
    if (owner?.kind === 'lib' && !inSpec) {
      if (lib === owner.name) return `Inside ${lib}, import its own files by relative path.`;
      const own = layerOf(owner.name);
      if (own !== undefined && layer >= own)
        return `${owner.name} (layer "${layers[own].name}") may not import ${lib} (layer "${layers[layer].name}"): a lib imports only lower layers.`;
    }
    if (owner?.kind === 'app' && !inSpec && lib === 'testing')
      return 'Production code never imports #folio/testing.';
    return undefined;
  }
  if (!source.startsWith('.')) return undefined;
  const target = ownerOf(relative(root, join(dirname(join(root, file)), source)));
  if (!target || !owner || (target.kind === owner.kind && target.name === owner.name)) return undefined;
  if (target.kind === 'lib') return `Import libs through '#folio/${target.name}', not by path.`;
  if (owner.kind === 'lib' && !libsImportingApps.includes(owner.name))
    return `A lib never imports an app (${target.name}).`;
  if (owner.kind === 'app' && owner.name !== composingApp)
    return `apps/${owner.name} may not import apps/${target.name}; only apps/${composingApp} composes apps.`;
  return undefined;
}

const layersRule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Keep the lib graph layered and the apps apart.' },
  },
  create(context) {
    const file = relative(root, context.filename);
    const check = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const message = problemWith(file, node.source.value);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const folioArchitecture = { rules: { layers: layersRule } };
