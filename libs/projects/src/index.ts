export {
  ProjectRepository,
  assetsByKey,
  type ProjectRecord,
  type ProjectAsset,
  type ProjectPage,
} from './project.repository.js';
export { ProjectAccess, type AccessibleProject } from './project-access.service.js';
export { ProjectSnapshots } from './project-snapshots.js';
export {
  ProjectQueryRepository,
  type ProjectSummary,
  type ProjectQueryScope,
  type SearchMatch,
} from './project-query.repository.js';
export {
  PlacementResolver,
  type ResolvedPlacement,
  type PlacementRequest,
  type PlacementTarget,
  type AccountRef,
} from './placement-resolver.service.js';
export {
  ProjectCreator,
  type NewProjectRequest,
  type CreatedProject,
  type NewPageRequest,
  type CreatedPage,
} from './project-creator.service.js';
export {
  slugify,
  maxTitleLength,
  homePageTitle,
  numberedPageTitle,
  claimPagePaths,
  type PathClaim,
  type ClaimedPaths,
  uniquePagePath,
  normalizePagePath,
  pagePathPattern,
  pagePathMessage,
  pagePathSchema,
} from './page-naming.js';
export { defaultProjectDesign, type ProjectDesign } from './project-design.js';
export {
  ProjectWriter,
  type NewProject,
  type NewPage,
  type NewSection,
  type ProjectChanges,
  type PageChanges,
  type SectionUpdate,
  type InsertedProject,
  type InsertedPage,
} from './project-writer.repository.js';
export { PageDeletion, type DeletedPage } from './page-deletion.service.js';
export {
  draftAuthor,
  actingFor,
  authorLabel,
  countOf,
  type DraftAuthor,
  type DraftChangeNote,
} from './draft-author.js';
export { DraftChangeRepository, type DraftChange } from './draft-change.repository.js';
export { ProjectsModule } from './projects.module.js';
export { pageByPath, pageAssetKeys, portableRenderContext } from './page-content.js';
