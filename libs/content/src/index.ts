export {
  publicKeySchema,
  elementTypes,
  elementSchema,
  declarationsSchema,
  sectionStylesSchema,
  walkElements,
  type Element,
  type ElementType,
  type Declarations,
  type SectionStyles,
} from './element.schema.js';
export {
  interactionSchema,
  timingSchema,
  keyframeSchema,
  triggerTypes,
  type Interaction,
} from './interaction.schema.js';
export {
  themeSchema,
  textStyleSchema,
  breakpointSchema,
  breakpointNames,
  defaultBreakpoints,
  swatchSchema,
  type Theme,
  type TextStyle,
  type Breakpoint,
  type BreakpointName,
  type Swatch,
} from './theme.schema.js';
export { defaultTheme, fontStacks, typeScale, type TypeScaleOptions } from './default-theme.js';
export { themeTokenReferences, validateSectionDesign, type DesignProblem } from './design-check.js';
export { newPublicKey, derivedPublicKey } from './public-key.js';
export {
  templateSchemaSchema,
  templateSectionTypeSchema,
  templatePinnedSchema,
  templateFieldSchema,
  templateFieldKinds,
  fieldBindingSchema,
  type TemplateSchema,
  type TemplateSectionType,
  type TemplatePinned,
  type TemplateField,
  type TemplateFieldKind,
} from './template.schema.js';
export {
  type ProjectSnapshot,
  type SnapshotPage,
  type SnapshotSection,
  snapshotSectionKeys,
  indexPage,
  sectionAssetKeys,
} from './snapshot.js';
export { withElementKeys, toMobileFirst, type SectionDesignParts } from './section-design.js';
export { plainText, decodeEntities } from './plain-text.js';
