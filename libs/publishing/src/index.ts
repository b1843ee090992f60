export {
  embedOptionsSchema,
  embedOptionDocs,
  embedOptionDefaults,
  embedOptionNames,
  parseEmbedOptions,
  embedOptionsFromQuery,
  embedOptionsQuery,
  type EmbedOptions,
  type EmbedOptionName,
} from './embed-options.js';
export { siteUrl, embedScriptUrl, editorUrl } from './published-urls.js';
export { CitationUrls, type CitationUrl } from './citation-urls.service.js';
export {
  destinationKinds,
  destinationKindOf,
  destinationKindSchema,
  type DestinationKind,
} from './destination-kind.js';
export {
  PublishService,
  publishRequestSchema,
  type PublishRequest,
  type PublishResult,
} from './publish.service.js';
export {
  publishedDestinationsColumn,
  publishStateOf,
  type ProjectWithDestinations,
  type PublishState,
  type PublishedDestination,
  type PublishedDestinationRow,
} from './publish-state.js';
export { SiteResolver, type SiteMap, type SitePage } from './site-resolver.service.js';
export { siteSlugSchema, siteSlugCandidates } from './site-slug.js';
export { robotsTxt, siteMapUrl, siteMapXml } from './crawling.js';
export { EmbedResolver } from './embed-resolver.service.js';
export { type PublishedPage, type ResolvedPublishedPage } from './published-page.js';
export {
  EmbedCodeService,
  type EmbedCode,
  type EmbedCodeRequest,
  type EmbedPageInfo,
  type ReadinessCheck,
} from './embed-code.service.js';
export { signWebhookBody, type WebhookPayload, type WebhookDelivery } from './webhook.service.js';
export { PublishingModule } from './publishing.module.js';
