export { viewCatalog, viewUri, type ViewEntry, type ViewName } from './view-catalog.js';
export { viewHtml } from './view-html.js';
export { type PagePreview, type EmbedPreview, type CheckPictures, checkPicturesMeta } from './view-data.js';
