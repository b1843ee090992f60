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
export { type DestinationKind } from './publication.repository.js';
export { type VersionReason, type VersionListItem } from './version.repository.js';
export { VersionService } from './version.service.js';
export {
  PublishService,
  publishRequestSchema,
  destinationKinds,
  type PublishRequest,
  type PublishResult,
  type PublishState,
  type PublishedDestination,
} from './publish.service.js';
export {
  SiteResolver,
  EmbedResolver,
  type PublishedPage,
  type ResolvedPublishedPage,
} from './published-page.service.js';
export { UrlResolver, type ResolvedUrl } from './url-resolver.service.js';
export { portableRenderContext } from './page-content.js';
export {
  SectionExportService,
  maxExportedSections,
  screenshotPreviewSize,
  type SectionExport,
  type SectionExportAnswer,
  type SectionExportRequest,
  type SectionImage,
  type SectionReference,
  type OutlinedSection,
  type ExportEntry,
  type ExportedPage,
  type ExportedProjectSection,
  type Truncation,
} from './section-export.service.js';
export { answerTextBytes, answerTokens, imageTokens } from './answer-budget.js';
export { ProjectFinder, type FindProjectsRequest, type FoundProject } from './project-finder.service.js';
export {
  EmbedCodeService,
  type EmbedCode,
  type EmbedCodeRequest,
  type EmbedPageInfo,
  type ReadinessCheck,
} from './embed-code.service.js';
export { signWebhookBody, type WebhookPayload, type WebhookDelivery } from './webhook.service.js';
export { PublishingModule } from './publishing.module.js';
