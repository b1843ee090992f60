export {
  ProjectRepository,
  assetsByKey,
  type AccessibleProject,
  type ProjectAsset,
  type ProjectPage,
} from './project.repository.js';
export { ProjectQueries, type ProjectSummary, type ProjectQueryScope } from './project-queries.repository.js';
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
export { slugify, maxTitleLength, uniquePagePath, normalizePagePath } from './page-naming.js';
export { defaultProjectDesign, type ProjectDesign } from './project-design.js';
export { PageDeletion, type DeletedPage } from './page-deletion.service.js';
export { ProjectsModule } from './projects.module.js';
export { pageByPath, pageAssetKeys, portableRenderContext } from './page-content.js';
