export {
  type AssetRef,
  type RenderContext,
  type RenderOptions,
  type RenderedPage,
  type BreakpointCss,
  type ExportedAsset,
  type ExportedElement,
  type ExportFlags,
} from './render.types.js';
export {
  renderPage,
  renderDocument,
  renderPageDocument,
  defaultRootClass,
  type DocumentMeta,
} from './page.js';
export { type LinkPreview } from './link-preview.js';
export { renderSectionHtml } from './element-html.js';
export { sectionCss, breakpointPlan, type BreakpointStep, type SectionCssOptions } from './section-css.js';
export {
  themeCss,
  rootCss,
  fontFaceCss,
  themeProperties,
  textStyleClasses,
  type ThemeProperty,
} from './theme-css.js';
export {
  servedFonts,
  servedFontsPath,
  servedFontUrl,
  withServedFonts,
  servedFontPath,
  readServedFont,
  fontStackProblem,
  type ServedFont,
} from './served-fonts.js';
export { toContainerQueries, type ContainerQueryOptions } from './container-queries.js';
export { exportSection, sectionAssets, type ExportedSection } from './section-export.js';
export { sectionFingerprint, elementKeysInOrder } from './section-identity.js';
export { sectionDigest } from './section-digest.js';
export { applyTemplateValues, fillPrototype } from './template-values.js';
export { instanceKey, instantiatePrototype, type SectionPrototype } from './template-instance.js';
export { pageSections } from './page-sections.js';
export { pageBands, type PageBands } from './page-landmarks.js';
export { isSafeCssValue, isSafeCssProperty } from './css-safety.js';
export { interactionsRuntime, interactionsScript } from './interactions-runtime.js';
export { iconSvg, iconPaths, iconSvgTemplate, isIconName } from './icons.js';
export { escapeHtml } from './html-escape.js';
export { safeHref } from './links.js';
export { sectionsDocument, sectionDocument, captureHash, sectionCaptureHasher } from './capture-document.js';
