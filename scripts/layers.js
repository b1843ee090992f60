// The lib layers, declared: a lib imports only libs of lower layers (ESLint's folio/layers rule refuses the
// rest, `npm run graph` draws what is imported). docs/architecture.md explains each layer.
export const layers = [
  { name: 'foundation', libs: ['config', 'content', 'errors', 'mcp-views', 'metrics', 'outbound'] },
  { name: 'infrastructure', libs: ['db', 'jobs', 'rate-limits', 'render', 'storage'] },
  { name: 'records and the HTTP kit', libs: ['audit', 'http'] },
  { name: 'identity', libs: ['identity'] },
  { name: 'core domain and the page kit', libs: ['credits', 'libraries', 'page-kit', 'projects'] },
  { name: 'project features', libs: ['ai', 'exports', 'screenshots', 'seed', 'templates', 'versions'] },
  { name: 'editing', libs: ['editing'] },
  { name: 'publishing and checking', libs: ['implementation-check', 'publishing'] },
  { name: 'finding', libs: ['finding'] },
  { name: 'test support', libs: ['testing'] },
];

/** The lib allowed to start apps: test support boots the real apps for specs. */
export const libsImportingApps = ['testing'];

/** The app that composes the others in one process. */
export const composingApp = 'standalone';

export function layerOf(lib) {
  const index = layers.findIndex((layer) => layer.libs.includes(lib));
  return index < 0 ? undefined : index;
}
