export { viewCatalog, viewUri, type ViewEntry, type ViewName } from './view-catalog.js';
export { viewHtml } from './view-html.js';
export { type PagePreview, type EmbedPreview } from './view-data.js';
