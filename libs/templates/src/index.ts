export { templateLimits, pageStatuses } from './template-limits.js';
export {
  type TemplateProjectInput,
  type TemplatePageInput,
  type TemplateSectionInput,
  type TemplatePinnedInput,
  type TemplatePinnedEntryInput,
} from './template-body.js';
export { checkTemplateBody } from './template-body-check.js';
export { templateBodyJsonSchema } from './template-json-schema.js';
export {
  type TemplateFromProjectRequest,
  type FieldMark,
  type SectionTypeMark,
  type PinnedMark,
} from './template-from-project.js';
export {
  TemplateCatalog,
  type UsableTemplate,
  type NewTemplateRequest,
  type TemplateSummary,
} from './template-catalog.service.js';
export {
  TemplateProjectService,
  type TemplateCallOptions,
  type TemplateCallResult,
  type TemplateCallAnswer,
} from './template-project.service.js';
export { TemplatesModule } from './templates.module.js';
