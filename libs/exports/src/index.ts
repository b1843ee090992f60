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
export {
  readablePage,
  readableSection,
  designSummary,
  fitPages,
  jsonTextBytes,
  type ReadablePage,
  type FittedText,
} from './readable-text.js';
export { PagePreviewService, type PagePreview } from './page-preview.service.js';
export { ExportsModule } from './exports.module.js';
